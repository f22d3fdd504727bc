/** See session-handoff.cjs. */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Store } from './store.cjs';
export interface MintLimits {
  perMinute: number;
  burst: number;
  /** Codes one driver holds unredeemed; at this many, its oldest makes room for its newest. */
  perDriver: number;
  /** Codes one network (IPv4 /24, IPv6 /48) holds unredeemed; then 429. */
  perNetwork: number;
}
export interface SessionHandoffOptions {
  origins: ReadonlySet<string> | readonly string[];
  /** The provider's token check (PORTAL_DRIVER_AUTH_URL): a code only for a token it accepts for that driver. */
  authUrl: string;
  /** How long the token check may take before the mint answers 503 (default 3000 ms). */
  authTimeoutMs?: number;
  ttlMs?: number;
  now?: () => number;
  cookieDomain?: string;
  /** Where codes and the mint's limits live (default: this process's memory; deploy/store.cjs). */
  store?: Store;
  /** The mint's limits per client (default MINT_LIMITS). */
  limits?: MintLimits;
  /** The client's address (default: the socket's peer). */
  clientAddress?: (req: IncomingMessage) => string | undefined;
  maxEntries?: number;
}
export function sessionHandoff(options: SessionHandoffOptions): {
  handle(req: IncomingMessage, res: ServerResponse, url?: URL): boolean;
  /** Codes held now, in the store (every instance's, with Redis). */
  size(): Promise<number>;
};
/** The exchange as its own service (PORTAL_* variables: see session-handoff.cjs); `store`: the one it runs with (default: storeFromEnv). */
export function startService(env?: NodeJS.ProcessEnv, options?: { store?: Store }): Server;
export const HANDOFF_PATH: string;
export const HANDOFF_TTL_MS: number;
export const MINT_LIMITS: MintLimits;
/** Codes the store holds at most (reached: the largest network's oldest makes room for a smaller one). */
export const MAX_ENTRIES: number;
/** The network of a client key: IPv4 /24, IPv6 /48. */
export function networkOf(client: string): string;
/** The proof nginx sends with a limit's question: HMAC-SHA256 (hex) of "portal-open-call-limit <client>" under `secret`. */
export function limitProof(secret: string, client: string): string;
export const OPEN_CALL_LIMIT: { perMinute: number; burst: number };
export const DRIVER_ID: RegExp;
export const TOKEN: RegExp;
export const MAX_TOKEN_LENGTH: number;
