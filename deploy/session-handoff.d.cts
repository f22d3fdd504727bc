/** See session-handoff.cjs. */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Store } from './store.cjs';
export interface MintLimits {
  perMinute: number;
  burst: number;
  maxOutstanding: number;
}
export interface SessionHandoffOptions {
  origins: ReadonlySet<string> | readonly string[];
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
export function startService(env?: NodeJS.ProcessEnv): Server;
export const HANDOFF_PATH: string;
export const HANDOFF_TTL_MS: number;
export const MINT_LIMITS: MintLimits;
export const OPEN_CALL_LIMIT: { perMinute: number; burst: number };
export const DRIVER_ID: RegExp;
export const TOKEN: RegExp;
export const MAX_TOKEN_LENGTH: number;
