/** See client-address.cjs. */
/** One trusted proxy: an address or a CIDR network, as bytes (4 for IPv4, 16 for IPv6). */
export interface Network {
  bytes: number[];
  bits: number;
}
export function clientAddress(text: string): string | undefined;
export function clientKey(address: string | undefined): string;
export function trustedProxies(list: string, setting?: string): Network[];
export function isTrusted(peer: string | undefined, networks: readonly Network[]): boolean;
export function proxiedAddress(
  peer: string | undefined,
  named: string | string[] | undefined,
  networks: readonly Network[],
): string | undefined;
export function requestClient(peer: string, named: string | string[] | undefined, networks: readonly Network[]): string;
