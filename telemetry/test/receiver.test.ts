import type { AddressInfo } from 'node:net';
import { REMOTES } from '../../build-preset/apps.cjs';
import { MAX_BEACON_BYTES } from '../src/beacon';
import { CLIENT_QUOTA, ClientLedger, RateLimiter } from '../src/limits';
import { MAX_ROUTES_PER_REMOTE } from '../src/metrics';
import { PortalReleases } from '../src/portal';
import { createReceiver } from '../src/server';

const remote = REMOTES[0] as (typeof REMOTES)[number];
const prefix = remote.prefixes[0] as string;
const PORTAL = 'http://portal.example';

const beacon = (extra: Record<string, unknown> = {}) =>
  JSON.stringify({ kind: 'load', remote: remote.name, version: 'r-live', cohort: 'live', route: `${prefix}/list/`, at: 1, ...extra });

async function receiver(options: { burst?: number; trustProxy?: boolean; exempt?: string[] } = {}) {
  const releases = new PortalReleases();
  releases.update([{ name: remote.name, manifest: `http://r/releases/r-live/mf-manifest.json` }]);
  const logged: string[] = [];
  const { server } = createReceiver({
    releases,
    portalOrigins: new Set([PORTAL]),
    trustProxy: options.trustProxy ?? false,
    exemptAddresses: new Set(options.exempt ?? []),
    limiter: new RateLimiter({ burst: options.burst ?? 1000, perMinute: 1, maxClients: 1000 }),
    ledger: new ClientLedger(),
    logFailure: (line) => logged.push(line),
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const post = (body: string, headers: Record<string, string> = { Origin: PORTAL }) =>
    fetch(`${base}/telemetry/events`, { method: 'POST', headers: { 'Content-Type': 'text/plain;charset=UTF-8', ...headers }, body });
  const metrics = async () => (await fetch(`${base}/metrics`)).text();
  return { server, post, metrics, logged, base };
}

const servers: Array<{ close: () => void }> = [];
afterEach(() => servers.splice(0).forEach((server) => server.close()));

async function started(options?: Parameters<typeof receiver>[0]) {
  const running = await receiver(options);
  servers.push(running.server);
  return running;
}

describe('the receiver over HTTP', () => {
  it('counts a load per remote, release, cohort and route, and the client once', async () => {
    const { post, metrics } = await started();
    expect((await post(beacon())).status).toBe(204);
    expect((await post(beacon())).status).toBe(204);
    expect((await post(beacon({ kind: 'vital', metric: 'LCP', value: 1800 }))).status).toBe(204);
    const text = await metrics();
    expect(text).toContain(`portal_remote_loads_total{remote="${remote.name}",release="r-live",cohort="live",route="${prefix}/list/"} 2`);
    expect(text).toContain(`portal_telemetry_clients_total{remote="${remote.name}",release="r-live",cohort="live"} 1`);
    expect(text).toContain(`portal_remote_lcp_milliseconds_bucket{le="2000",remote="${remote.name}",release="r-live",cohort="live"} 1`);
    expect(text).toContain('process_resident_memory_bytes');
  });

  it('refuses beacons from pages that are not the portal’s (and with no Origin), and counts why; a same-origin page with a null Origin counts', async () => {
    const { post, metrics } = await started();
    expect((await post(beacon(), { Origin: 'https://elsewhere.example' })).status).toBe(403);
    expect((await post(beacon(), {})).status).toBe(403);
    const text = await metrics();
    // A "null" Origin (a no-cors POST under Referrer-Policy: no-referrer) counts only with the
    // browser's word that the page is on this origin.
    expect((await post(beacon(), { Origin: 'null', 'Sec-Fetch-Site': 'cross-site' })).status).toBe(403);
    expect((await post(beacon(), { Origin: 'null' })).status).toBe(403);
    expect((await post(beacon(), { 'Sec-Fetch-Site': 'cross-site' })).status).toBe(403);
    expect((await post(beacon(), { Origin: 'https://elsewhere.example', 'Sec-Fetch-Site': 'same-origin' })).status).toBe(403);
    expect(text).toContain('portal_telemetry_rejected_beacons_total{reason="origin"} 2');
    expect((await post(beacon(), { Origin: 'null', 'Sec-Fetch-Site': 'same-origin' })).status).toBe(204);
    expect((await post(beacon(), { 'Sec-Fetch-Site': 'same-origin' })).status).toBe(204);
    expect(await metrics()).toContain('portal_telemetry_rejected_beacons_total{reason="origin"} 6');
  });

  it('refuses an oversized beacon with 413 without reading it, and anything but POST', async () => {
    const { post, metrics, base } = await started();
    expect((await post(beacon({ padding: 'x'.repeat(MAX_BEACON_BYTES) }))).status).toBe(413);
    expect((await fetch(`${base}/telemetry/events`, { headers: { Origin: PORTAL } })).status).toBe(405);
    const preflight = await fetch(`${base}/telemetry/events`, { method: 'OPTIONS', headers: { Origin: 'https://elsewhere.example' } });
    expect(preflight.status).toBe(405);
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    expect(await metrics()).toContain('portal_telemetry_rejected_beacons_total{reason="too-large"} 1');
  });

  it('answers 400 to a beacon of an unknown remote, release or route, and nothing is counted for them', async () => {
    const { post, metrics } = await started();
    expect((await post(beacon({ remote: 'mfe_forged' }))).status).toBe(400);
    expect((await post(beacon({ version: 'r-forged' }))).status).toBe(400);
    expect((await post(beacon({ route: '/elsewhere/123' }))).status).toBe(400);
    const text = await metrics();
    expect(text).not.toMatch(/mfe_forged|r-forged|elsewhere/);
    expect(text).toContain('portal_telemetry_rejected_beacons_total{reason="unknown-release"} 1');
  });

  it('limits each client’s rate: past its burst, 429 and nothing counted', async () => {
    const { post, metrics } = await started({ burst: 5 });
    const statuses = [];
    for (let index = 0; index < 8; index += 1) statuses.push((await post(beacon())).status);
    expect(statuses).toEqual([204, 204, 204, 204, 204, 429, 429, 429]);
    const text = await metrics();
    expect(text).toContain(`portal_remote_loads_total{remote="${remote.name}",release="r-live",cohort="live",route="${prefix}/list/"} 5`);
    expect(text).toContain('portal_telemetry_rejected_beacons_total{reason="rate-limit"} 3');
  });

  it('counts at most CLIENT_QUOTA loads and vitals of one client for a release (one address weighs one driver); errors are not capped', async () => {
    const { post, metrics } = await started();
    const statuses = [];
    for (let index = 0; index < CLIENT_QUOTA.load + 5; index += 1) statuses.push((await post(beacon())).status);
    expect(statuses.filter((status) => status === 204)).toHaveLength(CLIENT_QUOTA.load);
    expect(statuses.slice(CLIENT_QUOTA.load)).toEqual([429, 429, 429, 429, 429]);
    for (let index = 0; index < 12; index += 1) expect((await post(beacon({ kind: 'error', message: 'Error: x' }))).status).toBe(204);
    const text = await metrics();
    expect(text).toContain(
      `portal_remote_loads_total{remote="${remote.name}",release="r-live",cohort="live",route="${prefix}/list/"} ${CLIENT_QUOTA.load}`,
    );
    expect(text).toContain(`portal_remote_errors_total{remote="${remote.name}",release="r-live",cohort="live",route="${prefix}/list/"} 12`);
    expect(text).toContain('portal_telemetry_rejected_beacons_total{reason="client-quota"} 5');
  });

  it('an exempt address (a test machine’s browsers) has no rate limit or quota, and is still one client', async () => {
    const { post, metrics } = await started({ burst: 2, trustProxy: true, exempt: ['10.9.9.9'] });
    for (let index = 0; index < CLIENT_QUOTA.load + 5; index += 1)
      expect((await post(beacon(), { Origin: PORTAL, 'X-Real-IP': '10.9.9.9' })).status).toBe(204);
    expect((await post(beacon(), { Origin: PORTAL, 'X-Real-IP': '10.1.1.1' })).status).toBe(204);
    expect((await post(beacon(), { Origin: PORTAL, 'X-Real-IP': '10.1.1.1' })).status).toBe(204);
    expect((await post(beacon(), { Origin: PORTAL, 'X-Real-IP': '10.1.1.1' })).status).toBe(429);
    const text = await metrics();
    expect(text).toContain(
      `portal_remote_loads_total{remote="${remote.name}",release="r-live",cohort="live",route="${prefix}/list/"} ${CLIENT_QUOTA.load + 7}`,
    );
    expect(text).toContain(`portal_telemetry_clients_total{remote="${remote.name}",release="r-live",cohort="live"} 2`);
  });

  it('a forged X-Real-IP makes no new client unless the receiver is told it sits behind the portal’s nginx', async () => {
    const direct = await started({ burst: 2 });
    for (const address of ['10.0.0.1', '10.0.0.2', '10.0.0.3']) await direct.post(beacon(), { Origin: PORTAL, 'X-Real-IP': address });
    expect(await direct.metrics()).toContain(`portal_telemetry_clients_total{remote="${remote.name}",release="r-live",cohort="live"} 1`);
    expect(await direct.metrics()).toContain('portal_telemetry_rejected_beacons_total{reason="rate-limit"} 1');

    const proxied = await started({ burst: 2, trustProxy: true });
    for (const address of ['10.0.0.1', '10.0.0.2', '10.0.0.3']) await proxied.post(beacon(), { Origin: PORTAL, 'X-Real-IP': address });
    expect(await proxied.metrics()).toContain(`portal_telemetry_clients_total{remote="${remote.name}",release="r-live",cohort="live"} 3`);
  });

  it(`bounds the routes of a remote to ${MAX_ROUTES_PER_REMOTE}`, async () => {
    const { post, metrics } = await started();
    const letters = (index: number) => index.toString(26).replace(/\d/g, (digit) => 'qrstuvwxyz'[Number(digit)] ?? 'q');
    const failure = (route: string) => beacon({ kind: 'load-failure', message: 'TypeError: Failed to fetch', route });
    for (let index = 0; index < MAX_ROUTES_PER_REMOTE; index += 1)
      expect((await post(failure(`${prefix}/${letters(index)}`))).status).toBe(204);
    expect((await post(failure(`${prefix}/one-too-many`))).status).toBe(400);
    // A route already counted still is.
    expect((await post(failure(`${prefix}/${letters(0)}`))).status).toBe(204);
    expect(await metrics()).toContain('portal_telemetry_rejected_beacons_total{reason="route-limit"} 1');
  });

  it('logs a failure with its scrubbed message, never the token, CPF, e-mail or name', async () => {
    const { post, logged } = await started();
    const message = 'Error: Bearer demo-token for João Silva (529.982.247-25, joao@example.com)';
    expect((await post(beacon({ kind: 'error', message }))).status).toBe(204);
    expect(logged).toHaveLength(1);
    expect(JSON.parse(logged[0] ?? '{}')).toMatchObject({
      kind: 'error',
      remote: remote.name,
      release: 'r-live',
      route: `${prefix}/list/`,
    });
    for (const secret of ['demo-token', 'João', 'Silva', '529', '247-25', 'joao@', '127.0.0.1']) expect(logged[0]).not.toContain(secret);
  });
});

describe('the client ledger', () => {
  it('counts a client once across a window’s edge, and gives it a fresh quota each window', () => {
    const ledger = new ClientLedger(60_000, 1000, 0);
    expect(ledger.record('r', 'c', 'load', 1)).toEqual({ firstSighting: true, counts: true });
    for (let index = 1; index < CLIENT_QUOTA.load; index += 1) ledger.record('r', 'c', 'load', 2);
    expect(ledger.record('r', 'c', 'load', 3)).toEqual({ firstSighting: false, counts: false });
    // The next window: not a new client, a fresh quota.
    expect(ledger.record('r', 'c', 'load', 60_001)).toEqual({ firstSighting: false, counts: true });
    // Two windows on, it is new again.
    expect(ledger.record('r', 'c', 'load', 180_002)).toEqual({ firstSighting: true, counts: true });
  });

  it('past its size, counts no new client and no new load (a verdict waits, it is never hurried)', () => {
    const ledger = new ClientLedger(60_000, 2, 0);
    ledger.record('r', 'a', 'load', 1);
    ledger.record('r', 'b', 'load', 1);
    expect(ledger.record('r', 'c', 'load', 1)).toEqual({ firstSighting: false, counts: false });
    expect(ledger.record('r', 'c', 'error', 1)).toEqual({ firstSighting: false, counts: true });
  });
});
