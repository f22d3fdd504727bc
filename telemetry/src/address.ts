/**
 * Who a beacon's client is. A client is an address as a network hands them out to one
 * subscriber: an IPv4 address as is, an IPv6 address by its /64 (a phone or a home gets a whole
 * /64 and picks any address in it, so keying on the full address would make one subscriber
 * 2^64 clients), and an IPv4-mapped IPv6 address (`::ffff:10.1.2.3`, what a dual-stack socket
 * reports) as its IPv4 address.
 *
 * The address comes from the socket, or from `X-Real-IP` only when the socket's peer is one of
 * the portal's own proxies (`TELEMETRY_TRUSTED_PROXIES`): a direct caller's header is ignored,
 * so it cannot make itself a new client per request.
 */
import { isIP } from 'node:net';

/** IPv6 text as its eight 16-bit groups, or undefined when it is not IPv6. */
function ipv6Groups(text: string): number[] | undefined {
  if (isIP(text) !== 6) return undefined;
  let address = text.split('%')[0] ?? '';
  // A trailing dotted IPv4 (`::ffff:1.2.3.4`) as two groups.
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(address);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    address = `${address.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = address.split('::');
  const part = (side: string) => (side === '' ? [] : side.split(':').map((group) => parseInt(group, 16)));
  const left = part(head);
  const right = tail === undefined ? [] : part(tail);
  const zeros = tail === undefined ? 0 : 8 - left.length - right.length;
  return [...left, ...Array<number>(zeros).fill(0), ...right];
}

/**
 * The client an address stands for (see above), or undefined when the text is no IP address:
 * `2001:db8:1:2:aaaa::1` → `2001:db8:1:2::/64`, `::ffff:10.0.0.7` → `10.0.0.7`, `10.0.0.7` as is.
 */
export function clientAddress(text: string): string | undefined {
  const trimmed = text.trim();
  if (isIP(trimmed) === 4) return trimmed;
  const groups = ipv6Groups(trimmed);
  if (!groups) return undefined;
  const mapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  if (mapped) {
    const [high = 0, low = 0] = groups.slice(6);
    return `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/** One trusted proxy: an address, or a network in CIDR notation (`10.0.0.0/8`, `fd00::/8`). */
interface Network {
  bytes: number[];
  bits: number;
}

function bytesOf(address: string): number[] | undefined {
  if (isIP(address) === 4) return address.split('.').map(Number);
  const groups = ipv6Groups(address);
  if (!groups) return undefined;
  const mapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  // A mapped address is the IPv4 one (a proxy listed as 10.0.0.2 reached over a dual-stack socket).
  if (mapped) return groups.slice(6).flatMap((group) => [group >> 8, group & 0xff]);
  return groups.flatMap((group) => [group >> 8, group & 0xff]);
}

/** The portal's proxies: space-separated addresses or CIDR networks; a bad entry throws (a typo must not trust everyone). */
export function trustedProxies(list: string): Network[] {
  return list
    .split(/\s+/)
    .filter(Boolean)
    .map((entry) => {
      const [address = '', prefix] = entry.split('/');
      const bytes = bytesOf(address);
      const bits = prefix === undefined ? (bytes?.length ?? 0) * 8 : Number(prefix);
      if (!bytes || !Number.isInteger(bits) || bits < 0 || bits > bytes.length * 8)
        throw new Error(`TELEMETRY_TRUSTED_PROXIES: "${entry}" is not an address or a network`);
      return { bytes, bits };
    });
}

/** Whether `address` (the socket's peer) is one of `networks`. */
export function isTrusted(address: string, networks: readonly Network[]): boolean {
  const bytes = bytesOf(address);
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
 * The client of a request: `X-Real-IP` when the peer is a trusted proxy and the header is an
 * address, else the peer itself; always as clientAddress() keys it.
 */
export function requestClient(peer: string, realIp: string | undefined, proxies: readonly Network[]): string {
  const fromProxy = realIp !== undefined && proxies.length > 0 && isTrusted(peer, proxies) ? clientAddress(realIp) : undefined;
  return fromProxy ?? clientAddress(peer) ?? peer;
}
