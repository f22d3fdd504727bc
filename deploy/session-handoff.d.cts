/** See session-handoff.cjs. */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
export interface SessionHandoffOptions {
  origins: ReadonlySet<string> | readonly string[];
  ttlMs?: number;
  now?: () => number;
  cookieDomain?: string;
}
export function sessionHandoff(options: SessionHandoffOptions): {
  handle(req: IncomingMessage, res: ServerResponse, url?: URL): boolean;
  size(): number;
};
export function startService(env?: NodeJS.ProcessEnv): Server;
export const HANDOFF_PATH: string;
export const HANDOFF_TTL_MS: number;
