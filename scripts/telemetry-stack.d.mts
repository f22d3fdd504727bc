/** Types of telemetry-stack.mjs (this machine's receiver, Prometheus, and `npm start`'s telemetry proxy). */
import type { IncomingMessage, ServerResponse } from 'node:http';
export const TELEMETRY_UPSTREAM: string;
/**
 * `npm start`'s /telemetry/ proxy: POST only, at most 1 KB, to the receiver (`upstreamBase`,
 * TELEMETRY_UPSTREAM by default) with the client's address and the driver proof alone; true when
 * it answered the request.
 */
export function telemetryProxy(req: IncomingMessage, res: ServerResponse, url: URL, upstreamBase?: string): boolean;
