// SERVER behaviour (runs on both servers): the open calls' per-client limit as each server holds it (issue 45, items 4 and 5; decision 0024).
import { request as httpRequest } from 'node:http';
import { SANDBOX_PORT } from '../../build-preset/apps.cjs';
import { SERVER } from '../playwright.config';
import { expect, HOST, namespaceProof, REMOTE_ORIGINS, test } from './support';

/*
 * The probes of issue 45 tried again: from one address, a new X-Sandbox-Namespace per look-up (or
 * one of 100 characters, which made the limiter answer 400 and nginx let 30 of 30 through) no
 * longer makes a new bucket; a namespace proven under this run's secret still does (each test is a
 * client of its own); the limit endpoint answers no one but the app's nginx.
 */

const ON_127 = (origin: string) => origin.replace('localhost', '127.0.0.1');
const LOOK_UP = `${ON_127(HOST)}/driver-api/register/api/1.0/driver/mobile/`;
/** nginx's arithmetic (portal-open-calls.mjs RATE_LIMIT): the first and 20 more at once. */
const BURST = 21;

/** A GET from a script (no browser, no sandbox headers unless given), from a local address of the test's choosing. */
function get(url: string, from: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const sent = httpRequest(url, { headers, localAddress: from }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    sent.on('error', reject);
    sent.end();
  });
}

const mobile = (index: number) => `119${String(index).padStart(8, '0')}`;

test(`issue 45, item 5 (${SERVER}): a new namespace header per look-up, or one of 100 characters, makes no new bucket`, async () => {
  const statuses: number[] = [];
  const started = Date.now();
  for (let index = 0; index < 30; index += 1) {
    // The probe's forgery: a namespace of 100 characters, a new one each time, with a made-up proof.
    const namespace = `forged-${String(index).padStart(3, '0')}-${'x'.repeat(89)}`;
    statuses.push(
      await get(`${LOOK_UP}${mobile(index)}`, '127.0.0.71', {
        'X-Sandbox-Namespace': namespace,
        'X-Portal-Namespace-Proof': 'f'.repeat(64),
      }),
    );
  }
  const through = statuses.filter((status) => status !== 429).length;
  console.log(
    `issue 45 item 5 (${SERVER}): 30 look-ups from one address, a new 100-character namespace each: ${through} through, ${30 - through} throttled`,
  );
  // The burst and what the rate gave back meanwhile (one every 2 s), never 30 of 30.
  expect(through).toBeGreaterThanOrEqual(BURST);
  expect(through).toBeLessThanOrEqual(BURST + Math.ceil((Date.now() - started) / 2000));
  expect(through).toBeLessThan(30);
  expect(statuses.filter((status) => status !== 429 && status !== 200)).toEqual([]);
});

test(`issue 45, item 5 (${SERVER}): a namespace proven under this run's secret is a client of its own (the tests stay isolated)`, async () => {
  // The address's own bucket, spent.
  for (let index = 0; index < BURST + 4; index += 1) await get(`${LOOK_UP}${mobile(index)}`, '127.0.0.72');
  expect(await get(`${LOOK_UP}${mobile(99)}`, '127.0.0.72')).toBe(429);
  // A proven namespace from the same address: a bucket of its own, full.
  const namespace = `e2e-limits-${Date.now().toString(36)}`;
  const proven = { 'X-Sandbox-Namespace': namespace, ...namespaceProof(namespace) };
  expect(Object.keys(proven)).toContain('X-Portal-Namespace-Proof');
  const statuses: number[] = [];
  for (let index = 0; index < BURST; index += 1) statuses.push(await get(`${LOOK_UP}${mobile(index)}`, '127.0.0.72', proven));
  expect(statuses).toEqual(Array(BURST).fill(200));
});

test(`issue 45, item 4 (${SERVER}): the limit endpoint is no page's: never the limiter's answer on any app's own port, however spelled`, async () => {
  const spellings = [
    '/__portal_limits/open-call?client=7f000001',
    '/session-handoff/../__portal_limits/open-call?client=7f000001',
    '/session-handoff/..%2F__portal_limits/open-call?client=7f000001',
    '/session-handoff/..%5C__portal_limits/open-call?client=7f000001',
    '/session-handoff/%2e%2e/__portal_limits/open-call?client=7f000001',
  ];
  const answers: string[] = [];
  for (const origin of [HOST, ...Object.values(REMOTE_ORIGINS)])
    for (const path of spellings) {
      const status = await rawPath(ON_127(origin), path, '127.0.0.73');
      answers.push(`${status}`);
      // Never the limiter's 204 or 429: nothing of it is reached from outside.
      expect([path, status === 204 || status === 429]).toEqual([path, false]);
    }
  console.log(`issue 45 item 4 (${SERVER}): ${answers.length} asks of the limit from outside: ${[...new Set(answers)].join(', ')}`);
});

test(`issue 45, item 4 (nginx): the handoff service answers its limit to no one but the app's nginx (127.0.0.9, any client: 403)`, async () => {
  test.skip(SERVER !== 'nginx', 'npm start asks its limiter in-process: there is no service to reach');
  // Where start:nginx runs the exchange (scripts/nginx-config.mjs HANDOFF_LISTEN: the sandbox's port + 11).
  const at = `http://127.0.0.1:${SANDBOX_PORT + 11}`;
  const statuses: number[] = [];
  for (let index = 0; index < 25; index += 1) statuses.push(await get(`${at}/__portal_limits/open-call?client=7f000001`, '127.0.0.9'));
  statuses.push(await get(`${at}/__portal_limits/open-call?client=7f000001&proof=${'0'.repeat(64)}`, '127.0.0.9'));
  console.log(
    `issue 45 item 4 (nginx): ${statuses.length} asks of the service's limit from 127.0.0.9: ${[...new Set(statuses)].join(', ')}`,
  );
  expect(statuses).toEqual(Array(26).fill(403));
});

/** A GET of a path exactly as written (Node's http does not resolve `..`), from `from`. */
function rawPath(origin: string, path: string, from: string): Promise<number> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const sent = httpRequest({ host: hostname, port, path, localAddress: from }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    sent.on('error', reject);
    sent.end();
  });
}
