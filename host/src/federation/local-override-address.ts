/*
 * The address rule of a squad's local remote (local-override.ts, docs/local-override.md): the
 * loopback interface only, by the one name the CSP allows it by (deploy/security-headers.cjs,
 * LOOPBACK_SOURCES).
 */

/**
 * The only addresses accepted: plain HTTP to `localhost`, an explicit port, and a path of plain
 * segments ending in a manifest (`.json`: an entry alone would skip the version guard). Nothing
 * else on the string: no user info (`localhost@evil.example`), no other host
 * (`localhost.evil.example`), no query, hash, backslash, percent-escape or white space for a URL
 * parser to read differently.
 */
const LOOPBACK_MANIFEST = /^http:\/\/localhost:([1-9]\d{0,4})((?:\/[\w.~-]+)*\/[\w.~-]*\.json)$/;

/**
 * The other spellings of loopback (127.0.0.1, other 127/8 addresses, [::1]), refused with the way
 * out: the CSP names loopback once, as `localhost` (every response carries the policy, so one
 * source, not one per spelling; and no CSP source can name an IPv6 address), and browsers resolve
 * `localhost` to the loopback interface themselves, so a server listening on 127.0.0.1 or [::1]
 * is reached by that name.
 */
const OTHER_LOOPBACK = /^http:\/\/(?:127\.|\[)/i;

export type AddressVerdict = { url: string } | { refused: string };

/** Whether `value` is a squad's loopback manifest address, and if not, why (for the console). */
export function loopbackManifest(value: string): AddressVerdict {
  const shape = 'http://localhost:<port>/….json';
  if (OTHER_LOOPBACK.test(value)) return { refused: `loopback is named localhost here (the CSP allows it by that name): use ${shape}` };
  const match = LOOPBACK_MANIFEST.exec(value);
  if (!match) return { refused: `not a loopback manifest address: only ${shape}` };
  if (Number(match[1]) > 65535) return { refused: `port ${match[1]} out of range` };
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    return { refused: 'not an address' };
  }
  // The parser must read exactly what the pattern read: the same host and port, nothing
  // normalised away (a `..` segment, a default port).
  if (parsed.href !== value || parsed.hostname !== 'localhost' || parsed.port !== match[1] || parsed.username || parsed.password) {
    return { refused: `not read as written (${parsed.href}): only ${shape}` };
  }
  return { url: parsed.href };
}
