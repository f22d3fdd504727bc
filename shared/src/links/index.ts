/*
 * Its own part of the platform, free of dependencies: a list screen that only checks a link
 * must not download the HTML sanitizer.
 */

/**
 * An address from a server that may be opened as a link outside the portal: an absolute
 * http(s) URL, normalised. Anything else (javascript:, data:, relative or empty values, a
 * non-string) gives undefined, and the screen shows no link.
 */
export function safeExternalUrl(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  try {
    const url = new URL(value.trim());
    if (url.protocol === 'https:' || url.protocol === 'http:') return url.href;
  } catch {
    // not an absolute URL
  }
  return undefined;
}
