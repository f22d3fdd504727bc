import type { AddressInfo } from 'node:net';
import { REMOTES } from '../../build-preset/apps.cjs';
import { MAX_BEACON_BYTES } from '../src/beacon';
import { CLIENT_QUOTA, ClientLedger, RateLimiter } from '../src/limits';
import { PortalReleases } from '../src/portal';
import { OTHER_ROUTE, RouteTable } from '../src/routes';
import { createReceiver } from '../src/server';

const remote = REMOTES[0] as (typeof REMOTES)[number];
const prefix = remote.prefixes[0] as string;
const PORTAL = 'http://portal.example';
/** A route the remote's table declares, with no parameter (`/notifications/list`). */
const ROUTE = new RouteTable().routesOf(remote.name).find((route) => route.startsWith(`${prefix}/`) && !route.includes(':')) as string;

const beacon = (extra: Record<string, unknown> = {}) =>
  JSON.stringify({ kind: 'load', remote: remote.name, version: 'r-live', cohort: 'live', route: ROUTE, at: 1, ...extra });

async function receiver(options: { burst?: number; trustedProxies?: string; exempt?: string[] } = {}) {
  const releases = new PortalReleases();
  releases.update([{ name: remote.name, manifest: `http://r/releases/r-live/mf-manifest.json` }]);
  const logged: string[] = [];
  const { server } = createReceiver({
    releases,
    portalOrigins: new Set([PORTAL]),
    trustedProxies: options.trustedProxies ?? '',
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
  it('counts a beacon without a driver proof apart (verified="false"), per remote, release, cohort and route, and its address once', async () => {
    const { post, metrics } = await started();
    expect((await post(beacon())).status).toBe(204);
    expect((await post(beacon())).status).toBe(204);
    expect((await post(beacon({ kind: 'vital', metric: 'LCP', value: 1800 }))).status).toBe(204);
    const text = await metrics();
    expect(text).toContain(
      `portal_remote_loads_total{remote="${remote.name}",release="r-live",cohort="live",route="${ROUTE}",verified="false"} 2`,
    );
    expect(text).toContain(`portal_telemetry_unverified_clients_total{remote="${remote.name}",release="r-live",cohort="live"} 1`);
    expect(text).toContain(
      `portal_remote_lcp_milliseconds_bucket{le="2000",remote="${remote.name}",release="r-live",cohort="live",verified="false"} 1`,
    );
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

  it('answers 400 to a beacon of an unknown remote or release, or a route that is no path, and nothing is counted for them', async () => {
    const { post, metrics } = await started();
    expect((await post(beacon({ remote: 'mfe_forged' }))).status).toBe(400);
    expect((await post(beacon({ version: 'r-forged' }))).status).toBe(400);
    expect((await post(beacon({ route: 'elsewhere/123' }))).status).toBe(400);
    // A path no table declares is counted, as `other`.
    expect((await post(beacon({ route: '/elsewhere/123' }))).status).toBe(204);
    const text = await metrics();
    expect(text).not.toMatch(/mfe_forged|r-forged|elsewhere/);
    expect(text).toContain(
      `portal_remote_loads_total{remote="${remote.name}",release="r-live",cohort="live",route="other",verified="false"} 1`,
    );
    expect(text).toContain('portal_telemetry_rejected_beacons_total{reason="unknown-release"} 1');
  });

  it('limits each client’s rate: past its burst, 429 and nothing counted', async () => {
    const { post, metrics } = await started({ burst: 5 });
    const statuses = [];
    for (let index = 0; index < 8; index += 1) statuses.push((await post(beacon())).status);
    expect(statuses).toEqual([204, 204, 204, 204, 204, 429, 429, 429]);
    const text = await metrics();
    expect(text).toContain(
      `portal_remote_loads_total{remote="${remote.name}",release="r-live",cohort="live",route="${ROUTE}",verified="false"} 5`,
    );
    expect(text).toContain('portal_telemetry_rejected_beacons_total{reason="rate-limit"} 3');
  });

  it('counts at most CLIENT_QUOTA unverified loads, vitals and errors of one address for a release, and the address once', async () => {
    const { post, metrics } = await started();
    const statuses = [];
    for (let index = 0; index < CLIENT_QUOTA.load + 5; index += 1) statuses.push((await post(beacon())).status);
    expect(statuses.filter((status) => status === 204)).toHaveLength(CLIENT_QUOTA.load);
    expect(statuses.slice(CLIENT_QUOTA.load)).toEqual([429, 429, 429, 429, 429]);
    const errors = [];
    for (let index = 0; index < 12; index += 1) errors.push((await post(beacon({ kind: 'error', message: 'Error: x' }))).status);
    expect(errors.filter((status) => status === 204)).toHaveLength(CLIENT_QUOTA.error);
    const text = await metrics();
    expect(text).toContain(
      `portal_remote_loads_total{remote="${remote.name}",release="r-live",cohort="live",route="${ROUTE}",verified="false"} ${CLIENT_QUOTA.load}`,
    );
    expect(text).toContain(
      `portal_remote_errors_total{remote="${remote.name}",release="r-live",cohort="live",route="${ROUTE}",verified="false"} ${CLIENT_QUOTA.error}`,
    );
    expect(text).toContain(`portal_telemetry_unverified_clients_total{remote="${remote.name}",release="r-live",cohort="live"} 1`);
    expect(text).toContain(`portal_telemetry_rejected_beacons_total{reason="client-quota"} ${5 + 12 - CLIENT_QUOTA.error}`);
  });

  it('an exempt address (a test machine’s browsers) has no rate limit or quota, and is still one client', async () => {
    const { post, metrics } = await started({ burst: 2, trustedProxies: '127.0.0.1', exempt: ['10.9.9.9'] });
    for (let index = 0; index < CLIENT_QUOTA.load + 5; index += 1)
      expect((await post(beacon(), { Origin: PORTAL, 'X-Real-IP': '10.9.9.9' })).status).toBe(204);
    expect((await post(beacon(), { Origin: PORTAL, 'X-Real-IP': '10.1.1.1' })).status).toBe(204);
    expect((await post(beacon(), { Origin: PORTAL, 'X-Real-IP': '10.1.1.1' })).status).toBe(204);
    expect((await post(beacon(), { Origin: PORTAL, 'X-Real-IP': '10.1.1.1' })).status).toBe(429);
    const text = await metrics();
    expect(text).toContain(
      `portal_remote_loads_total{remote="${remote.name}",release="r-live",cohort="live",route="${ROUTE}",verified="false"} ${CLIENT_QUOTA.load + 7}`,
    );
    expect(text).toContain(`portal_telemetry_unverified_clients_total{remote="${remote.name}",release="r-live",cohort="live"} 2`);
  });

  it('a forged X-Real-IP makes no new client unless the connection is from one of the portal’s proxies', async () => {
    const clients = `portal_telemetry_unverified_clients_total{remote="${remote.name}",release="r-live",cohort="live"}`;
    const direct = await started({ burst: 2 });
    for (const address of ['10.0.0.1', '10.0.0.2', '10.0.0.3']) await direct.post(beacon(), { Origin: PORTAL, 'X-Real-IP': address });
    expect(await direct.metrics()).toContain(`${clients} 1`);
    expect(await direct.metrics()).toContain('portal_telemetry_rejected_beacons_total{reason="rate-limit"} 1');

    // Proxies are configured, but this connection (127.0.0.1) is not one of them: its header is ignored.
    const elsewhere = await started({ burst: 2, trustedProxies: '10.0.0.0/8 fd00::/8' });
    for (const address of ['10.0.0.1', '10.0.0.2', '10.0.0.3']) await elsewhere.post(beacon(), { Origin: PORTAL, 'X-Real-IP': address });
    expect(await elsewhere.metrics()).toContain(`${clients} 1`);

    const proxied = await started({ burst: 2, trustedProxies: '127.0.0.0/8' });
    for (const address of ['10.0.0.1', '10.0.0.2', '10.0.0.3']) await proxied.post(beacon(), { Origin: PORTAL, 'X-Real-IP': address });
    expect(await proxied.metrics()).toContain(`${clients} 3`);
  });

  it('keys a client by its IPv6 /64 and an IPv4-mapped address as the IPv4 one: 500 addresses of one /64 are one client', async () => {
    const { post, metrics } = await started({ burst: 40, trustedProxies: '127.0.0.1' });
    const statuses = new Map<number, number>();
    for (let index = 0; index < 500; index += 1) {
      const address = `2001:db8:1:2:${(index * 7919).toString(16).slice(-4)}:${index.toString(16)}::${(index % 9) + 1}`;
      const status = (await post(beacon(), { Origin: PORTAL, 'X-Real-IP': address })).status;
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
    // One client: its burst, of which its load quota counts.
    expect(statuses.get(204)).toBe(CLIENT_QUOTA.load);
    expect(statuses.get(429)).toBe(500 - CLIENT_QUOTA.load);
    // Another /64 is another client; ::ffff:10.1.2.3 and 10.1.2.3 are one.
    expect((await post(beacon(), { Origin: PORTAL, 'X-Real-IP': '2001:db8:1:3::1' })).status).toBe(204);
    expect((await post(beacon(), { Origin: PORTAL, 'X-Real-IP': '::ffff:10.1.2.3' })).status).toBe(204);
    expect((await post(beacon(), { Origin: PORTAL, 'X-Real-IP': '10.1.2.3' })).status).toBe(204);
    expect(await metrics()).toContain(
      `portal_telemetry_unverified_clients_total{remote="${remote.name}",release="r-live",cohort="live"} 3`,
    );
    // Hundreds of beacons through a real receiver, each refusal closing its connection: seconds on a loaded 2-core machine.
  }, 30_000);

  it('counts 320 invented routes from 9 clients under `other`, and a declared route still counts after them', async () => {
    const { post, metrics } = await started({ trustedProxies: '127.0.0.1' });
    const invented = (index: number) => `${prefix}/Maria_Aparecida_dos_Santos-${'abcdefghij'[index % 10]}${index.toString(36)}`;
    const statuses = new Map<number, number>();
    for (let index = 0; index < 320; index += 1) {
      const body = beacon({ kind: 'error', message: 'Error: x', route: invented(index) });
      const status = (await post(body, { Origin: PORTAL, 'X-Real-IP': `10.9.0.${index % 9}` })).status;
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
    // Nothing refused for its route: each client's errors up to its quota, the rest past it.
    expect(statuses.get(400)).toBeUndefined();
    expect(statuses.get(204)).toBe(9 * CLIENT_QUOTA.error);
    // The real route of the remote, after them: counted under its pattern.
    expect((await post(beacon(), { Origin: PORTAL, 'X-Real-IP': '10.9.1.1' })).status).toBe(204);
    // A value in a parameter's place is the declared pattern.
    const withParameter = new RouteTable().routesOf(remote.name).find((route) => route.includes('/:')) as string;
    const filled = withParameter.replace(/:[A-Za-z]+/g, 'abc');
    expect((await post(beacon({ route: filled }), { Origin: PORTAL, 'X-Real-IP': '10.9.1.2' })).status).toBe(204);
    const text = await metrics();
    expect(text).toContain(
      `portal_remote_errors_total{remote="${remote.name}",release="r-live",cohort="live",route="${OTHER_ROUTE}",verified="false"} ${9 * CLIENT_QUOTA.error}`,
    );
    expect(text).toContain(
      `portal_remote_loads_total{remote="${remote.name}",release="r-live",cohort="live",route="${ROUTE}",verified="false"} 1`,
    );
    expect(text).toContain(
      `portal_remote_loads_total{remote="${remote.name}",release="r-live",cohort="live",route="${withParameter}",verified="false"} 1`,
    );
    expect(text).not.toMatch(/Maria|Aparecida|abc/);
    // Hundreds of beacons through a real receiver, each refusal closing its connection: seconds on a loaded 2-core machine.
  }, 30_000);

  it('logs a failure with its scrubbed message, never the token, CPF, e-mail or name', async () => {
    const { post, logged } = await started();
    const message = 'Error: Bearer demo-token for João Silva (529.982.247-25, joao@example.com)';
    expect((await post(beacon({ kind: 'error', message }))).status).toBe(204);
    expect(logged).toHaveLength(1);
    expect(JSON.parse(logged[0] ?? '{}')).toMatchObject({
      kind: 'error',
      remote: remote.name,
      release: 'r-live',
      route: ROUTE,
    });
    for (const secret of ['demo-token', 'João', 'Silva', '529', '247-25', 'joao@', '127.0.0.1']) expect(logged[0]).not.toContain(secret);
  });
});

describe('the client ledger', () => {
  it('counts a client once across a window’s edge, and gives it a fresh quota each window', () => {
    const ledger = new ClientLedger(60_000, 1000, 0);
    expect(ledger.record('r', 7, 'load', 1)).toEqual({ firstSighting: true, firstError: false, counts: true });
    for (let index = 1; index < CLIENT_QUOTA.load; index += 1) ledger.record('r', 7, 'load', 2);
    expect(ledger.record('r', 7, 'load', 3)).toEqual({ firstSighting: false, firstError: false, counts: false });
    expect(ledger.record('r', 7, 'error', 3)).toEqual({ firstSighting: false, firstError: true, counts: true });
    expect(ledger.record('r', 7, 'error', 4)).toEqual({ firstSighting: false, firstError: false, counts: true });
    // The next window: not a new client (nor a new client with errors), a fresh quota.
    expect(ledger.record('r', 7, 'load', 60_001)).toEqual({ firstSighting: false, firstError: false, counts: true });
    expect(ledger.record('r', 7, 'error', 60_001)).toEqual({ firstSighting: false, firstError: false, counts: true });
    // Another release is another group.
    expect(ledger.record('r2', 7, 'load', 60_002)).toEqual({ firstSighting: true, firstError: false, counts: true });
    // Two windows on, it is new again.
    expect(ledger.record('r', 7, 'load', 180_002)).toEqual({ firstSighting: true, firstError: false, counts: true });
  });

  it('past its size, counts no new client and no new load (a verdict waits, it is never hurried)', () => {
    const ledger = new ClientLedger(60_000, 2, 0);
    ledger.record('r', 1, 'load', 1);
    ledger.record('r', 2, 'load', 1);
    expect(ledger.record('r', 3, 'load', 1)).toEqual({ firstSighting: false, firstError: false, counts: false });
    expect(ledger.record('r', 3, 'error', 1)).toEqual({ firstSighting: false, firstError: false, counts: true });
    expect(ledger.size).toBe(2);
  });
});
