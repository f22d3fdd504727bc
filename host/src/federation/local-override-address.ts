/*
 * The address rule of a squad's local remote (local-override.ts, docs/local-override.md): only the
 * loopback interface, as the CSP names it (deploy/security-headers.cjs, LOOPBACK_SOURCES).
 */

/**
 * The only addresses accepted: plain HTTP on a loopback host named as the CSP names it
 * (deploy/security-headers.cjs), an explicit port, and a path of plain segments ending in a
 * manifest (`.json`: an entry alone would skip the version guard). Nothing else on the string:
 * no user info (`localhost@evil.example`), no other host (`localhost.evil.example`), no query,
 * hash, backslash, percent-escape or white space for a URL parser to read differently.
 */
const LOOPBACK_MANIFEST = /^http:\/\/(localhost|127\.0\.0\.1):([1-9]\d{0,4})((?:\/[\w.~-]+)*\/[\w.~-]*\.json)$/;

export type AddressVerdict = { url: string } | { refused: string };

/** Whether `value` is a squad's loopback manifest address, and if not, why (for the console). */
export function loopbackManifest(value: string): AddressVerdict {
  const shape = 'http://localhost:<port>/….json or http://127.0.0.1:<port>/….json';
  // IPv6 loopback is loopback, but no CSP source can name an IPv6 address (Chromium ignores
  // `http://[::1]:*` and warns on every page): its scripts would be blocked, so it is refused here
  // with the way out instead.
  if (/^http:\/\/\[/i.test(value)) return { refused: `an IPv6 address cannot be allowed by the CSP: use ${shape}` };
  const match = LOOPBACK_MANIFEST.exec(value);
  if (!match) return { refused: `not a loopback manifest address: only ${shape}` };
  if (Number(match[2]) > 65535) return { refused: `port ${match[2]} out of range` };
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    return { refused: 'not an address' };
  }
  // The parser must read exactly what the pattern read: the same host and port, nothing
  // normalised away (a `..` segment, a default port).
  if (parsed.href !== value || parsed.hostname !== match[1] || parsed.port !== match[2] || parsed.username || parsed.password) {
    return { refused: `not read as written (${parsed.href}): only ${shape}` };
  }
  return { url: parsed.href };
}
