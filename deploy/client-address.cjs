// @ts-check
/**
 * Who a request's client is, for every service that counts clients: the session handoff's
 * exchange (deploy/session-handoff.cjs: PORTAL_HANDOFF_TRUSTED_PROXIES, X-Portal-Client-Address)
 * and the field telemetry receiver (telemetry/src/server.ts: TELEMETRY_TRUSTED_PROXIES, X-Real-IP).
 *
 * A client is an address as a network hands them out to one subscriber: an IPv4 address as is,
 * an IPv6 address by its /64 (a phone or a home gets a whole /64 and picks any address in it, so
 * keying on the full address would make one subscriber 2^64 clients), and an IPv4-mapped IPv6
 * address (`::ffff:10.1.2.3`, what a dual-stack socket reports) as its IPv4 address.
 *
 * The address comes from the socket, or from the header the service's proxy sets only when the
 * socket's peer is one of the trusted proxies: a direct caller's header is ignored, so it cannot
 * make itself a new client per request.
 */
const { isIP } = require('node:net');

/**
 * One trusted proxy: an address (all its bits) or a network in CIDR notation, as bytes (4 for
 * IPv4, an IPv4-mapped address included; 16 for IPv6).
 * @typedef {{ bytes: number[], bits: number }} Network
 */

/** What a proxy list's keywords stand for. */
const KEYWORDS = {
  loopback: '127.0.0.0/8 ::1',
  /** RFC 1918 and IPv6 unique-local (RFC 4193). */
  private: '10.0.0.0/8 172.16.0.0/12 192.168.0.0/16 fc00::/7',
  /** The service reachable by its proxies only. */
  any: '0.0.0.0/0 ::/0',
};

/** IPv6 text as its eight 16-bit groups, or undefined when it is not IPv6. @param {string} text */
function ipv6Groups(text) {
  if (isIP(text) !== 6) return undefined;
  let address = text.split('%')[0] ?? '';
  // A trailing dotted IPv4 (`::ffff:1.2.3.4`) as two groups.
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(address);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number);
    address = `${address.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = address.split('::');
  const part = (/** @type {string} */ side) => (side === '' ? [] : side.split(':').map((group) => parseInt(group, 16)));
  const left = part(head);
  const right = tail === undefined ? [] : part(tail);
  const zeros = tail === undefined ? 0 : 8 - left.length - right.length;
  return [...left, ...Array(zeros).fill(0), ...right];
}

/** Whether eight groups are an IPv4-mapped address (`::ffff:a.b.c.d`). @param {number[]} groups */
const isMapped = (groups) => groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;

/**
 * The client an address stands for (see above), or undefined when the text is no IP address:
 * `2001:db8:1:2:aaaa::1` → `2001:db8:1:2::/64`, `::ffff:10.0.0.7` → `10.0.0.7`, `10.0.0.7` as is.
 * @param {string} text
 * @returns {string | undefined}
 */
function clientAddress(text) {
  const trimmed = text.trim();
  if (isIP(trimmed) === 4) return trimmed;
  const groups = ipv6Groups(trimmed);
  if (!groups) return undefined;
  if (isMapped(groups)) {
    const [high = 0, low = 0] = groups.slice(6);
    return `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/**
 * The client a limit counts, as a store key: clientAddress(), or `unknown` for what is no address
 * (every such request is one client).
 * @param {string | undefined} address
 */
function clientKey(address) {
  return clientAddress(String(address ?? '')) ?? 'unknown';
}

/** An address as bytes; an IPv4-mapped one as its IPv4 address's four. @param {string} address */
function bytesOf(address) {
  if (isIP(address) === 4) return address.split('.').map(Number);
  const groups = ipv6Groups(address);
  if (!groups) return undefined;
  // A mapped address is the IPv4 one (a proxy listed as 10.0.0.2 reached over a dual-stack socket).
  return (isMapped(groups) ? groups.slice(6) : groups).flatMap((group) => [group >> 8, group & 0xff]);
}

/**
 * A service's proxies: space-separated addresses, CIDR networks (`10.0.0.0/8`, `fd00::/8`) and
 * the keywords `loopback` (127.0.0.0/8, ::1), `private` (RFC 1918, fc00::/7) and `any`. A bad
 * entry throws, naming the setting (a typo must not trust everyone, nor silently no one).
 * @param {string} list
 * @param {string} [setting] the environment variable it came from, for the error
 * @returns {Network[]}
 */
function trustedProxies(list, setting = 'trusted proxies') {
  return list
    .split(/\s+/)
    .filter(Boolean)
    .flatMap((entry) => {
      if (Object.hasOwn(KEYWORDS, entry)) return trustedProxies(KEYWORDS[/** @type {keyof typeof KEYWORDS} */ (entry)]);
      const [address = '', prefix, ...rest] = entry.split('/');
      const bytes = bytesOf(address);
      const bits = prefix === undefined ? (bytes?.length ?? 0) * 8 : /^\d{1,3}$/.test(prefix) ? Number(prefix) : NaN;
      if (!bytes || rest.length > 0 || !(bits >= 0 && bits <= bytes.length * 8))
        throw new Error(`${setting}: "${entry}" is not an address or a network (nor loopback, private, any)`);
      return [{ bytes, bits }];
    });
}

/**
 * Whether `peer` (the socket's peer address) is in one of `networks`.
 * @param {string | undefined} peer
 * @param {readonly Network[]} networks
 */
function isTrusted(peer, networks) {
  const bytes = bytesOf(String(peer ?? ''));
  if (!bytes) return false;
  return networks.some(({ bytes: network, bits }) => {
    if (network.length !== bytes.length) return false;
    for (let bit = 0; bit < bits; bit += 8) {
      const mask = bits - bit >= 8 ? 0xff : (0xff << (8 - (bits - bit))) & 0xff;
      if (((network[bit / 8] ?? 0) & mask) !== ((bytes[bit / 8] ?? 0) & mask)) return false;
    }
    return true;
  });
}

/**
 * The address a request comes from: the one its proxy names in `named` (a header's value) when
 * the peer is a trusted proxy and the header is an address, else the peer itself; as given, not
 * keyed (clientKey, clientAddress).
 * @param {string | undefined} peer
 * @param {string | string[] | undefined} named
 * @param {readonly Network[]} networks
 */
function proxiedAddress(peer, named, networks) {
  return typeof named === 'string' && clientAddress(named) !== undefined && isTrusted(peer, networks) ? named.trim() : peer;
}

/**
 * The client of a request, as clientAddress() keys it: proxiedAddress(), or the peer as is when
 * it is no address.
 * @param {string} peer
 * @param {string | string[] | undefined} named
 * @param {readonly Network[]} networks
 */
function requestClient(peer, named, networks) {
  const address = proxiedAddress(peer, named, networks) ?? peer;
  return clientAddress(address) ?? peer;
}

module.exports = { clientAddress, clientKey, trustedProxies, isTrusted, proxiedAddress, requestClient };
