import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { REMOTES } from '../../build-preset/apps.cjs';
import { expect, HOST, test } from './support';
import { promValue, receiverMetrics, sampleSum } from './telemetry-support';

// SERVER behaviour, through nginx only, alone (the nginx-deployment project): a flood of forged
// beacons at the deployment's /telemetry/ while a canary is watched. Bounded: FLOOD beacons, 16 at
// a time, from another loopback address than the test browsers' (127.0.0.2: its own client),
// nothing leaves the machine. None carries a driver proof the portal signed (made-up proof
// cookies and headers among them): counted apart, they decide nothing (issue 45, item 1).

const repo = join(__dirname, '..', '..');
const remoteListFile = join(repo, '.deploy', 'apps', 'host', 'config', 'remotes.json');
const remote = REMOTES[0] as (typeof REMOTES)[number];
const FLOOD = 3000;
const FORGER = '127.0.0.2';
/** telemetry/src/limits.ts CLIENT_QUOTA.load: what one address counts (unverified) for a release in a window. */
const LOAD_QUOTA = 10;

function post(body: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const sent = request(
      `${HOST}/telemetry/events`,
      { method: 'POST', localAddress: FORGER, headers: { 'Content-Type': 'text/plain;charset=UTF-8', ...headers } },
      (answer) => {
        answer.resume();
        answer.on('end', () => resolve(answer.statusCode ?? 0));
      },
    );
    sent.on('error', reject);
    sent.end(body);
  });
}

test.describe('a flood of forged beacons', () => {
  test.describe.configure({ timeout: 120_000 });

  test('cannot force a promotion: no forged beacon is verified, the rate limit, the per-address quota and the label bounds hold, the receiver stays small', async () => {
    const listBefore = readFileSync(remoteListFile, 'utf8');
    const id = `e2e-flood-${Date.now().toString(36)}`;
    // The current build under a new release id, at 10 %, watched with a low bar: 20 loads from one driver.
    let output = '';
    const watch = spawn(
      process.execPath,
      [
        join(repo, 'scripts', 'release-remote.mjs'),
        remote.dir,
        '--id',
        id,
        '--no-build',
        '--canary',
        '10',
        '--watch',
        '--min-loads',
        '20',
        '--min-drivers',
        '1',
        '--window',
        '10m',
        '--watch-minutes',
        '0.4',
      ],
      { cwd: repo, env: { ...process.env, PORTAL_WATCH_INTERVAL_MS: '1000' } },
    );
    watch.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    watch.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => watch.on('exit', resolve));
    try {
      await expect.poll(() => output, { timeout: 30_000 }).toContain(`canary ${id} is live for 10% of drivers`);
      // The receiver accepts a release once the host's list names it (it reads the list every 2 s
      // here): the flood starts after that, or every beacon would be an unknown release.
      await expect
        .poll(async () => (await fetch(`${HOST}/remotes.json`, { cache: 'no-store' })).text(), { timeout: 15_000 })
        .toContain(`/releases/${id}/`);
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      const rssBefore = sampleSum(await receiverMetrics(), 'process_resident_memory_bytes', {});
      const rejectedBefore = await receiverMetrics();

      const load = (extra: Record<string, unknown> = {}) =>
        JSON.stringify({
          kind: 'load',
          remote: remote.name,
          version: id,
          cohort: 'canary',
          route: `${remote.prefixes[0]}/list/`,
          at: Date.now(),
          ...extra,
        });
      const letters = (index: number) => index.toString(26).replace(/\d/g, (digit) => 'qrstuvwxyz'[Number(digit)] ?? 'q');
      const forged = (index: number): [string, Record<string, string>] => {
        const origin = { Origin: HOST };
        switch (index % 6) {
          case 3:
            // Made-up routes under the remote's prefix.
            return [load({ route: `${remote.prefixes[0]}/${letters(index)}` }), origin];
          case 4:
            return [load({ version: `r-forged-${index}` }), origin];
          case 5:
            return [load(), { Origin: 'https://forger.example' }];
          case 0:
            // A made-up proof cookie, and a proof header of the page's own (nginx replaces it).
            return [
              load(),
              { ...origin, Cookie: `portal_driver=${'A'.repeat(22)}.${Math.floor(Date.now() / 1000) + 3600}.${'B'.repeat(43)}` },
            ];
          case 1:
            return [load(), { ...origin, 'X-Portal-Driver-Proof': `${'A'.repeat(22)}.9999999999.${'B'.repeat(43)}` }];
          default:
            // A new "client" per beacon, as far as X-Real-IP goes (nginx replaces it).
            return [load(), { ...origin, 'X-Real-IP': `10.${index % 250}.${(index >> 8) % 250}.7` }];
        }
      };
      const statuses = new Map<number, number>();
      const started = Date.now();
      let next = 0;
      await Promise.all(
        Array.from({ length: 16 }, async () => {
          while (next < FLOOD) {
            const [body, headers] = forged(next);
            next += 1;
            const status = await post(body, headers);
            statuses.set(status, (statuses.get(status) ?? 0) + 1);
          }
        }),
      );
      const oversize = await post(load({ padding: 'x'.repeat(2048) }), { Origin: HOST });
      // Only POST reaches the receiver, and its /metrics is no page of any origin.
      for (const origin of [HOST, `http://localhost:${remote.port}`]) {
        expect((await fetch(`${origin}/telemetry/events`)).status).toBe(403);
        const preflight = await fetch(`${origin}/telemetry/events`, { method: 'OPTIONS', headers: { Origin: 'https://forger.example' } });
        expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
        expect(await (await fetch(`${origin}/metrics`)).text()).not.toContain('portal_remote');
        expect((await fetch(`${origin}/telemetry/events`, { method: 'DELETE' })).status).toBe(403);
      }
      const seconds = (Date.now() - started) / 1000;
      console.log(`flood: ${FLOOD} beacons in ${seconds.toFixed(1)} s, answers ${JSON.stringify(Object.fromEntries(statuses))}`);
      expect(seconds).toBeLessThan(60);
      expect(oversize).toBe(413);

      // Taken: one address's quota of loads, as one unverified client, whatever X-Real-IP said.
      expect(statuses.get(204) ?? 0).toBeLessThanOrEqual(LOAD_QUOTA);
      expect(statuses.get(429) ?? 0).toBeGreaterThan(FLOOD / 2);
      expect(statuses.get(403) ?? 0).toBeGreaterThan(0);
      const text = await receiverMetrics();
      const canary = { remote: remote.name, release: id, cohort: 'canary' };
      expect(sampleSum(text, 'portal_remote_loads_total', canary)).toBeLessThanOrEqual(LOAD_QUOTA);
      expect(sampleSum(text, 'portal_telemetry_unverified_clients_total', canary)).toBe(1);
      // Counted toward the verdict: nothing (no beacon came with a driver proof the portal signed).
      expect(sampleSum(text, 'portal_remote_loads_total', { ...canary, verified: 'true' })).toBe(0);
      expect(sampleSum(text, 'portal_telemetry_drivers_total', canary)).toBe(0);
      // Nothing forged became a label value.
      expect(text).not.toMatch(/r-forged|forger/);
      for (const reason of ['rate-limit', 'client-quota', 'unknown-release', 'origin']) {
        expect(sampleSum(text, 'portal_telemetry_rejected_beacons_total', { reason })).toBeGreaterThan(
          sampleSum(rejectedBefore, 'portal_telemetry_rejected_beacons_total', { reason }),
        );
      }
      const rss = sampleSum(text, 'process_resident_memory_bytes', {});
      console.log(`receiver memory: ${Math.round(rssBefore / 2 ** 20)} MB before, ${Math.round(rss / 2 ** 20)} MB after`);
      expect(rssBefore).toBeGreaterThan(0);
      expect(rss).toBeLessThan(256 * 2 ** 20);

      // The watch never promotes: it sees no verified load at all, then gives up.
      expect(await exited).toBe(5);
      expect(output).not.toContain('promoted');
      expect(output).toMatch(new RegExp(`waiting: canary ${id} has 0 loads from 0 drivers so far`));
      // Prometheus holds what the receiver counted, no more, and none of it verified.
      expect(await promValue(`sum(portal_remote_loads_total{release="${id}"})`)).toBeLessThanOrEqual(LOAD_QUOTA);
      expect(await promValue(`sum(portal_remote_loads_total{release="${id}",verified="true"})`)).toBe(0);
    } finally {
      watch.kill();
      if (readFileSync(remoteListFile, 'utf8') !== listBefore) {
        spawn(process.execPath, [join(repo, 'scripts', 'release-remote.mjs'), remote.dir, '--rollback'], { cwd: repo, stdio: 'ignore' });
        await expect.poll(() => readFileSync(remoteListFile, 'utf8'), { timeout: 20_000 }).toBe(listBefore);
      }
    }
  });
});
