export type NotificationTarget = { kind: 'internal'; to: string } | { kind: 'external'; href: string };

/**
 * Where a notification's HRef may lead in register mode: a path inside the portal, or an
 * http(s) page outside it. Anything else (javascript:, data:, protocol-relative //host) is
 * ignored and the detail opens instead.
 */
export function notificationTarget(href: string | null | undefined): NotificationTarget | undefined {
  const value = (href ?? '').trim();
  if (value === '') return undefined;
  if (value.startsWith('/') && !value.startsWith('//')) return { kind: 'internal', to: value };
  try {
    const url = new URL(value);
    if (url.protocol === 'https:' || url.protocol === 'http:') return { kind: 'external', href: url.toString() };
  } catch {
    // not a URL
  }
  return undefined;
}
