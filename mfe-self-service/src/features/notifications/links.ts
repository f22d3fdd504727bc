import { safeExternalUrl } from '@driver-portal/shared/links';

export type NotificationTarget = { kind: 'internal'; to: string } | { kind: 'external'; href: string };

/**
 * Where a notification's HRef may lead in register mode: a path inside the portal, or an
 * http(s) page outside it. Anything else (javascript:, data:, protocol-relative //host) is
 * ignored and the detail opens instead.
 */
export function notificationTarget(hRef: string | null | undefined): NotificationTarget | undefined {
  const value = (hRef ?? '').trim();
  if (value === '') return undefined;
  if (value.startsWith('/') && !value.startsWith('//')) return { kind: 'internal', to: value };
  const href = safeExternalUrl(value);
  return href ? { kind: 'external', href } : undefined;
}
