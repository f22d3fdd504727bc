/** See session-handoff.cjs. */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
export type Admission = { ok: true } | { ok: false; retryAfterSeconds: number };
/** Per-client limits of the mint (in memory now; a shared store later, behind the same interface). */
export interface MintLimiter {
  /** Whether `client` may mint now; when it may, counts the mint and one outstanding code. */
  admit(client: string, nowMs: number): Admission;
  /** One of the client's codes was redeemed or expired. */
  release(client: string): void;
  /** How many clients it holds state for (its memory). */
  clients(): number;
}
export interface SessionHandoffOptions {
  origins: ReadonlySet<string> | readonly string[];
  ttlMs?: number;
  now?: () => number;
  cookieDomain?: string;
  limiter?: MintLimiter;
  /** The client's address (default: the socket's peer). */
  clientAddress?: (req: IncomingMessage) => string | undefined;
  maxEntries?: number;
}
export function sessionHandoff(options: SessionHandoffOptions): {
  handle(req: IncomingMessage, res: ServerResponse, url?: URL): boolean;
  size(): number;
};
export function memoryMintLimiter(limits?: { perMinute?: number; burst?: number; maxOutstanding?: number }): MintLimiter;
export function clientKey(address: string | undefined): string;
export function trustedProxies(list: string): (peer: string | undefined) => boolean;
export function startService(env?: NodeJS.ProcessEnv): Server;
export const HANDOFF_PATH: string;
export const HANDOFF_TTL_MS: number;
export const MINT_LIMITS: { perMinute: number; burst: number; maxOutstanding: number };
export const DRIVER_ID: RegExp;
export const TOKEN: RegExp;
export const MAX_TOKEN_LENGTH: number;
