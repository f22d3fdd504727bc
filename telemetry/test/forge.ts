/**
 * The forge of issue 45, item 1, as the tests replay it against a real receiver: beacons sent the
 * way the portal's nginx passes them on (X-Real-IP from a trusted proxy, the driver proof as
 * X-Portal-Driver-Proof), many at once over kept-alive connections, and the canary's figures read
 * back from the receiver's /metrics the way scripts/telemetry.mjs's PromQL reads them from
 * Prometheus (verified series only; `all` reads every series, as the verdict did before
 * decision 0022).
 */
import { Agent, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { REMOTES } from '../../build-preset/apps.cjs';
import portalCohort from '../../deploy/nginx/portal-cohort.mjs';
import type { Figures } from '../../scripts/canary-verdict.cjs';
import { ClientLedger, RateLimiter } from '../src/limits';
import { PortalReleases } from '../src/portal';
import { createReceiver } from '../src/server';
import { sampleSum } from './metrics-text';

export { sampleSum };

export const PORTAL = 'http://portal.example';
/** The deployment's secret of these tests (PORTAL_COHORT_SECRET: 32 characters or more). */
export const SECRET = 'a-secret-of-the-receiver-tests-0123456789';
/** The remote of the probe. */
export const REMOTE = REMOTES.find((item) => item.dir === 'mfe-account') ?? (REMOTES[0] as (typeof REMOTES)[number]);
export const LIVE = 'r-old';
export const CANARY = 'r-new';

export type Sent = [body: string, headers: Record<string, string>];

/** A beacon of REMOTE as a page sends it. */
export function beacon(kind: 'load' | 'error' | 'refused', release: string, cohort: 'live' | 'canary'): string {
  return JSON.stringify({
    kind,
    remote: REMOTE.name,
    version: release,
    cohort,
    route: `${REMOTE.prefixes[0]}/init/:driverId`,
    ...(kind === 'error' ? { message: 'TypeError: x is undefined' } : {}),
    at: 1,
  });
}

/** What nginx passes on for a page at `address`, with the driver proof of its proof cookie when it has one. */
export const headersOf = (address: string, proof?: string): Record<string, string> => ({
  Origin: PORTAL,
  'Content-Type': 'text/plain;charset=UTF-8',
  'X-Real-IP': address,
  ...(proof === undefined ? {} : { [portalCohort.PROOF_HEADER]: proof }),
});

/** The n-th of 10,000 and more distinct IPv4 clients (10.0.0.0/8, as a carrier's or a botnet's). */
export const address = (index: number) => `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`;

/** A driver id of the provider's shape (the sandbox's UUIDs). */
export const driverId = (index: number) => `00000000-0000-4000-8000-${index.toString(16).padStart(12, '0')}`;

/**
 * Real drivers' traffic: `drivers` drivers (ids from `first`), each `loads` loads with the proof
 * the entry gave them, from their own address; the first `errorDrivers` also send `errorsEach` errors.
 */
export function drivers(options: {
  first: number;
  drivers: number;
  loads: number;
  release: string;
  cohort: 'live' | 'canary';
  errorDrivers?: number;
  errorsEach?: number;
}): Sent[] {
  const { first, release, cohort, errorDrivers = 0, errorsEach = 0 } = options;
  const sent: Sent[] = [];
  for (let index = first; index < first + options.drivers; index += 1) {
    const headers = headersOf(`192.168.${index >> 8}.${index & 255}`, portalCohort.signedDriverProof(driverId(index), SECRET, Date.now()));
    for (let load = 0; load < options.loads; load += 1) sent.push([beacon('load', release, cohort), headers]);
    if (index - first < errorDrivers)
      for (let error = 0; error < errorsEach; error += 1) sent.push([beacon('error', release, cohort), headers]);
  }
  return sent;
}

/** A receiver as production runs it (its limits, its ledgers), knowing REMOTE's LIVE and CANARY; `proofSecret` null: none. */
export async function startReceiver(proofSecret: string | null = SECRET) {
  const releases = new PortalReleases();
  releases.update([
    {
      name: REMOTE.name,
      manifest: `http://r/releases/${LIVE}/mf-manifest.json`,
      canary: { manifest: `http://r/releases/${CANARY}/mf-manifest.json`, percent: 50 },
    },
  ]);
  const { server } = createReceiver({
    releases,
    portalOrigins: new Set([PORTAL]),
    trustedProxies: '127.0.0.1',
    proofSecret: proofSecret ?? undefined,
    limiter: new RateLimiter(),
    ledger: new ClientLedger(),
    driverLedger: new ClientLedger(),
    logFailure: () => undefined,
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { server, base, metrics: async () => (await fetch(`${base}/metrics`)).text() };
}

/** Sends every beacon to `base`, `parallel` at a time over kept-alive connections; the count of each answer's status. */
export async function send(base: string, beacons: readonly Sent[], parallel = 32): Promise<Map<number, number>> {
  const agent = new Agent({ keepAlive: true, maxSockets: parallel });
  const statuses = new Map<number, number>();
  let next = 0;
  const post = ([body, headers]: Sent) =>
    new Promise<number>((resolve, reject) => {
      const sent = request(`${base}/telemetry/events`, { method: 'POST', agent, headers }, (answer) => {
        answer.resume();
        answer.on('end', () => resolve(answer.statusCode ?? 0));
      });
      sent.on('error', reject);
      sent.end(body);
    });
  try {
    await Promise.all(
      Array.from({ length: parallel }, async () => {
        while (next < beacons.length) {
          const item = beacons[next] as Sent;
          next += 1;
          const status = await post(item);
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
        }
      }),
    );
  } finally {
    agent.destroy();
  }
  return statuses;
}

/**
 * A release's figures as the verdict gets them (scripts/telemetry.mjs): loads, errors, failures
 * and refusals of verified beacons, distinct drivers and drivers with errors. `all`: every beacon,
 * verified or not, and distinct addresses of the unverified ones added to the drivers, which is
 * what an address-counted verdict (before decision 0022) would have read.
 */
export function figuresOf(text: string, release: string, all = false): Figures {
  const series = { remote: REMOTE.name, release, ...(all ? {} : { verified: 'true' }) };
  const perRelease = { remote: REMOTE.name, release };
  const unverifiedClients = all ? sampleSum(text, 'portal_telemetry_unverified_clients_total', perRelease) : 0;
  return {
    loads: sampleSum(text, 'portal_remote_loads_total', series),
    drivers: sampleSum(text, 'portal_telemetry_drivers_total', perRelease) + unverifiedClients,
    errors: sampleSum(text, 'portal_remote_errors_total', series),
    errorDrivers: sampleSum(text, 'portal_telemetry_error_drivers_total', perRelease),
    loadFailures: sampleSum(text, 'portal_remote_load_failures_total', series),
    refusals: sampleSum(text, 'portal_remote_refusals_total', series),
    lcpP75Ms: null,
    inpP75Ms: null,
  };
}
