/**
 * The receiver's HTTP side: POST /telemetry/events takes one beacon (the portal's nginx proxies
 * /telemetry/ of every app's origin here, so no new origin enters the pages' CSP); GET /metrics
 * is Prometheus's (never proxied: only /telemetry/ is); GET /telemetry/health and /healthz say it runs.
 * Checks, cheapest first: method, Origin (a portal page's), the client's rate, size, schema and
 * what the portal knows. Answers: 204 taken, 400 not a beacon of the portal, 403 not from a
 * portal page, 405, 413 too large, 429 too many.
 *
 * What a beacon weighs (docs/telemetry.md, "Forged beacons"; decision 0022): a beacon with a valid
 * driver proof (X-Portal-Driver-Proof: what the portal's servers signed once the provider's token
 * check accepted that driver's token, deploy/nginx/portal-cohort.mjs) counts under
 * `verified="true"`, at most its quota per driver key, release and hour, and its driver once; a
 * beacon without one (absent, forged, altered, expired) counts apart under `verified="false"`,
 * per address as before, and never decides a canary. An address is only ever the rate limit's key.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { clientAddress, requestClient, trustedProxies } from '../../deploy/client-address.cjs';
import portalCohort from '../../deploy/nginx/portal-cohort.mjs';
import { MAX_BEACON_BYTES, validateBeacon, type AcceptedEvent, type Rejection } from './beacon';
import { ClientLedger, clientKey, RateLimiter } from './limits';
import { ReceiverMetrics, type ProofResult } from './metrics';
import type { PortalReleases } from './portal';

/** The header a driver proof arrives in (the apps' telemetry proxies set it from the proof cookie alone). */
const PROOF_HEADER = portalCohort.PROOF_HEADER.toLowerCase();

export interface ReceiverOptions {
  releases: PortalReleases;
  /** Reads the host's remote list again (a release not known yet); resolves when done. */
  refreshReleases?: () => Promise<void>;
  /** The portal's page origins (every app's): beacons from anywhere else are refused. */
  portalOrigins: ReadonlySet<string>;
  /**
   * The portal's own proxies (every app's nginx, `npm start`'s static server): addresses, CIDR
   * networks or `loopback`/`private`/`any`, space-separated (deploy/client-address.cjs). X-Real-IP is the client only on a
   * connection from one of them; anyone else's header is ignored and the connection's address
   * is the client. Empty: X-Real-IP is never read.
   */
  trustedProxies?: string;
  /**
   * Clients with no rate limit or quota (still one client each): a test machine's browsers,
   * which all come from 127.0.0.1. Empty in production.
   */
  exemptAddresses?: ReadonlySet<string>;
  /**
   * The deployment's secret (PORTAL_COHORT_SECRET, the one every app's server signs driver proofs
   * with): a proof whose MAC holds under it and has not expired makes a beacon verified. Unset or
   * under 32 characters: no beacon is verified (none decides a canary).
   */
  proofSecret?: string;
  limiter?: RateLimiter;
  /** What each address counted per release (beacons without a valid driver proof). */
  ledger?: ClientLedger;
  /** What each driver key counted per release (beacons with a valid driver proof). */
  driverLedger?: ClientLedger;
  metrics?: ReceiverMetrics;
  /** Where a failure's scrubbed message goes, one JSON line each (the container's log). */
  logFailure?: (line: string) => void;
}

/**
 * Whether a beacon comes from a page of the portal: its Origin is one of the portal's. A browser
 * sends its Origin with every POST, sendBeacon's included, except that under the portal's
 * `Referrer-Policy: no-referrer` the Fetch standard makes a no-cors POST's Origin "null" (some
 * engines follow it): then the browser's `Sec-Fetch-Site: same-origin` says the page is on the
 * origin the beacon went to, and the receiver is reached only through the portal's origins.
 */
export function fromPortalPage(request: IncomingMessage, portalOrigins: ReadonlySet<string>): boolean {
  const origin = request.headers.origin;
  if (origin !== undefined && origin !== 'null') return portalOrigins.has(origin);
  return request.headers['sec-fetch-site'] === 'same-origin';
}

const STATUS: Record<Rejection, number> = {
  origin: 403,
  method: 405,
  'too-large': 413,
  'rate-limit': 429,
  'client-quota': 429,
  'driver-quota': 429,
  'not-json': 400,
  schema: 400,
  'unknown-remote': 400,
  'unknown-release': 400,
  route: 400,
};

/** The body, or undefined past `limit` bytes (the rest is not read). */
function readBody(request: IncomingMessage, limit: number): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    if (Number(request.headers['content-length'] ?? 0) > limit) {
      resolve(undefined);
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        request.removeAllListeners('data');
        resolve(undefined);
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

export function createReceiver({
  releases,
  refreshReleases = () => Promise.resolve(),
  portalOrigins,
  trustedProxies: proxyList = '',
  exemptAddresses = new Set(),
  proofSecret,
  limiter = new RateLimiter(),
  ledger = new ClientLedger(),
  driverLedger = new ClientLedger(),
  metrics = new ReceiverMetrics(),
  logFailure = (line) => process.stdout.write(`${line}\n`),
}: ReceiverOptions): { server: Server; metrics: ReceiverMetrics; limiter: RateLimiter; ledger: ClientLedger; driverLedger: ClientLedger } {
  const proxies = trustedProxies(proxyList, 'TELEMETRY_TRUSTED_PROXIES');
  const exemptClients = new Set([...exemptAddresses].map((address) => clientAddress(address) ?? address));
  const refuse = (response: ServerResponse, reason: Rejection) => {
    metrics.reject(reason);
    // Closing after a refusal: a client that sent too much is not read any further.
    response.writeHead(STATUS[reason], { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', Connection: 'close' });
    response.end(reason);
  };

  async function receive(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (request.method !== 'POST') return refuse(response, 'method');
    if (!fromPortalPage(request, portalOrigins)) return refuse(response, 'origin');
    const address = requestClient(request.socket.remoteAddress ?? '', request.headers['x-real-ip'], proxies);
    const client = clientKey(address);
    const exempt = exemptClients.has(address);
    if (!exempt && !limiter.take(client)) return refuse(response, 'rate-limit');
    const body = await readBody(request, MAX_BEACON_BYTES);
    if (body === undefined) return refuse(response, 'too-large');
    let validation = validateBeacon(body, releases);
    if (!validation.ok && validation.reason === 'unknown-release') {
      // A canary published since the list was last read.
      await refreshReleases();
      validation = validateBeacon(body, releases);
    }
    if (!validation.ok) return refuse(response, validation.reason);
    const event = validation.event;
    const group = `${event.remote}\u0000${event.release}\u0000${event.cohort}`;
    const now = Date.now();
    const proof = request.headers[PROOF_HEADER];
    const driver = typeof proof === 'string' ? portalCohort.verifiedDriverKey(proof, proofSecret, now) : '';
    const result: ProofResult = driver !== '' ? 'valid' : proof === undefined ? 'absent' : 'invalid';
    metrics.countProof(result);
    if (driver !== '') {
      // A driver's session: counted once per driver key and release, within the driver's quota,
      // whatever address it came from.
      const recorded = driverLedger.record(group, clientKey(driver), event.kind, now, exempt);
      if (recorded.firstSighting) metrics.countDriver(event);
      if (recorded.firstError) metrics.countErrorDriver(event);
      if (!recorded.counts) return refuse(response, 'driver-quota');
      metrics.count(event, true);
    } else {
      // No valid proof: counted apart, per address, never a figure a verdict reads.
      const recorded = ledger.record(group, client, event.kind, now, exempt);
      if (recorded.firstSighting) metrics.countUnverifiedClient(event);
      if (!recorded.counts) return refuse(response, 'client-quota');
      metrics.count(event, false);
    }
    if (event.message !== undefined) logFailure(failureLine(event));
    response.writeHead(204, { 'Cache-Control': 'no-store' }).end();
  }

  const server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    const answer =
      path === '/telemetry/events'
        ? receive(request, response)
        : request.method === 'GET' && path === '/metrics'
          ? metrics.registry.metrics().then((text) => {
              response.writeHead(200, { 'Content-Type': metrics.registry.contentType, 'Cache-Control': 'no-store' }).end(text);
            })
          : Promise.resolve(
              // /healthz: what a balancer's and an orchestrator's probes read (liveness and
              // readiness: the receiver keeps nothing it must load first); /telemetry/health as before.
              void (path === '/telemetry/health' || path === '/healthz'
                ? response.writeHead(200, { 'Cache-Control': 'no-store' }).end('ok')
                : response.writeHead(404).end('Not found')),
            );
    answer.catch(() => {
      if (!response.headersSent) response.writeHead(500).end();
    });
  });
  // Beacons are small: a slow sender is dropped.
  server.requestTimeout = 10_000;
  server.headersTimeout = 5_000;
  return { server, metrics, limiter, ledger, driverLedger };
}

/** A failure for the log: its release and route, and the scrubbed message (never an address or a client key). */
export function failureLine(event: AcceptedEvent): string {
  const { kind, remote, release, cohort, route, message } = event;
  return JSON.stringify({ at: new Date().toISOString(), kind, remote, release, cohort, route, message });
}
