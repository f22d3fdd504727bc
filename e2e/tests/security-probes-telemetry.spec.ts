import { request } from 'node:http';
import { REMOTES } from '../../build-preset/apps.cjs';
import { expect, HOST, test } from './support';
import { PROMETHEUS, promValue, receiverMetrics, sampleSum } from './telemetry-support';

// Issue 37, items 6 and 10, on both servers (the node project and the nginx one): forged beacons
// with invented routes take no route slot and put no text in a label; Prometheus gives no page
// CORS permission. The forgers are loopback addresses of their own (not the test browsers'
// 127.0.0.1, which is exempt from limits here), fresh at each run, so a receiver that outlives
// one run (a reused server) still meets new clients.

const run = Math.floor(Math.random() * 200) + 20;
const forger = (index: number) => `127.${run}.7.${index + 2}`;
const FORGERS = 9;
const FORGED = 320;
/** Invented route text: none of it may ever be a label value. */
const INVENTED = 'Maria_Aparecida_dos_Santos';

function post(body: string, localAddress: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const sent = request(
      `${HOST}/telemetry/events`,
      { method: 'POST', localAddress, headers: { 'Content-Type': 'text/plain;charset=UTF-8', Origin: HOST } },
      (answer) => {
        answer.resume();
        answer.on('end', () => resolve(answer.statusCode ?? 0));
      },
    );
    sent.on('error', reject);
    sent.end(body);
  });
}

/** The live release of a remote as the host's list names it now ("unversioned" under npm start). */
async function liveRelease(name: string): Promise<string> {
  const list = (await (await fetch(`${HOST}/remotes.json`, { cache: 'no-store' })).json()) as Array<{ name: string; manifest: string }>;
  const entry = list.find((item) => item.name === name);
  return /\/releases\/([^/]+)\//.exec(entry?.manifest ?? '')?.[1] ?? 'unversioned';
}

test.describe('telemetry probes (issue 37, items 6 and 10)', () => {
  test.describe.configure({ timeout: 90_000 });

  test('320 forged beacons with invented routes refuse no real route and put no invented text in any label', async () => {
    const account = REMOTES.find((remote) => remote.dir === 'mfe-account') ?? (REMOTES[0] as (typeof REMOTES)[number]);
    const targets = [
      ...(await Promise.all(
        REMOTES.map(async (remote) => ({ name: remote.name, prefix: remote.prefixes[0] ?? '', version: await liveRelease(remote.name) })),
      )),
      { name: 'host', prefix: '', version: 'unversioned' },
    ];
    const accountLoads = { remote: account.name, route: '/my-account/init/:driverId' };
    const hostLoads = { remote: 'host', route: '/' };
    const before = await receiverMetrics();

    // 64 invented routes per remote (the old MAX_ROUTES_PER_REMOTE), from 9 addresses.
    const statuses = new Map<number, number>();
    const started = Date.now();
    for (let index = 0; index < FORGED; index += 1) {
      const target = targets[index % targets.length] as (typeof targets)[number];
      const body = JSON.stringify({
        kind: 'error',
        remote: target.name,
        version: target.version,
        cohort: 'live',
        route: `${target.prefix}/${INVENTED}_${index.toString(36)}/joao.silva-gmail.com`,
        message: `Error: maria aparecida, rua das flores ${index}`,
        at: Date.now(),
      });
      const status = await post(body, forger(index % FORGERS));
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
    console.log(
      `${FORGED} forged invented-route beacons in ${(Date.now() - started) / 1000} s: ${JSON.stringify(Object.fromEntries(statuses))}`,
    );
    // None refused for its route (the old 400 route-limit); each address counts up to its quota.
    expect(statuses.get(400) ?? 0).toBe(0);
    expect((statuses.get(204) ?? 0) + (statuses.get(429) ?? 0)).toBe(FORGED);
    expect(statuses.get(204) ?? 0).toBeGreaterThan(0);

    // Then the real routes: the account's own page's load and the host's home.
    const real = `127.${run}.8.1`;
    const load = (remote: string, version: string, route: string) =>
      JSON.stringify({ kind: 'load', remote, version, cohort: 'live', route, at: Date.now() });
    const accountVersion = (targets.find((target) => target.name === account.name) ?? targets[0])?.version ?? 'unversioned';
    expect(await post(load(account.name, accountVersion, '/my-account/init/:driverId'), real)).toBe(204);
    expect(await post(load('host', 'unversioned', '/'), real)).toBe(204);

    const after = await receiverMetrics();
    expect(sampleSum(after, 'portal_remote_loads_total', accountLoads)).toBe(
      sampleSum(before, 'portal_remote_loads_total', accountLoads) + 1,
    );
    expect(sampleSum(after, 'portal_remote_loads_total', hostLoads)).toBe(sampleSum(before, 'portal_remote_loads_total', hostLoads) + 1);
    // The forged errors are counted, under `other`.
    expect(sampleSum(after, 'portal_remote_errors_total', { route: 'other' })).toBeGreaterThan(
      sampleSum(before, 'portal_remote_errors_total', { route: 'other' }),
    );
    expect(after).not.toMatch(/Maria|Aparecida|joao|gmail|flores/);

    // Prometheus holds the real loads and no invented label value.
    const promAccount = `sum(portal_remote_loads_total{remote="${account.name}",route="/my-account/init/:driverId"})`;
    await expect
      .poll(() => promValue(promAccount), { timeout: 20_000 })
      .toBeGreaterThanOrEqual(sampleSum(after, 'portal_remote_loads_total', accountLoads));
    await expect.poll(() => promValue('sum(portal_remote_errors_total{route="other"})'), { timeout: 20_000 }).toBeGreaterThan(0);
    const labels = (await (await fetch(`${PROMETHEUS}/api/v1/label/route/values`)).json()) as { data: string[] };
    expect(labels.data).toContain('/my-account/init/:driverId');
    expect(labels.data).toContain('other');
    for (const value of labels.data) expect(value).not.toMatch(/Maria|Aparecida|joao|gmail|_[0-9a-z]+\//);
    const series = (await (await fetch(`${PROMETHEUS}/api/v1/series?match[]=${encodeURIComponent('{__name__=~"portal_.+"}')}`)).json()) as {
      data: Array<Record<string, string>>;
    };
    expect(JSON.stringify(series.data)).not.toMatch(/Maria|Aparecida|joao|gmail|flores/);
  });

  test('Prometheus gives no page a CORS permission (item 10)', async () => {
    for (const origin of ['http://evil.example', HOST, 'null']) {
      const answer = await fetch(`${PROMETHEUS}/api/v1/query?query=up`, { headers: { Origin: origin } });
      expect(answer.status).toBe(200);
      expect(answer.headers.get('access-control-allow-origin')).toBeNull();
    }
  });
});
