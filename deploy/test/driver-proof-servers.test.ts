import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import portalCohort from '../nginx/portal-cohort.mjs';
import { pageCohort } from '../../scripts/page-cohort.mjs';
import { telemetryProxy } from '../../scripts/telemetry-stack.mjs';
import { COHORT_SECRET, startDeploymentNginx, type RunningNginx } from './nginx-harness';

// Issue 45, item 1, through the deployment's nginx (render.cjs, as the images run it) and
// `npm start`'s server (scripts/page-cohort.mjs, scripts/telemetry-stack.mjs): the native app's
// entry whose token the provider's check accepts sets the driver proof beside the cohort cookie; a
// refused token and the sign-out page clear it; /telemetry/events passes the receiver that proof
// alone (X-Portal-Driver-Proof), never a cookie, Authorization, or a proof header the page wrote.

const DRIVER = '3f6c2d1e-8a4b-4c9d-9e2f-1a2b3c4d5e6f';
const TOKEN = 'driver-token-of-this-test';

let folder: string;
let upstream: Server;
let nginx: RunningNginx;
let base: string;
let upstreamUrl: string;
/** What the receiver's place (the upstream) got on /telemetry/events. */
const received: IncomingHttpHeaders[] = [];

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'portal-driver-proof-'));
  const appRoot = join(folder, 'app');
  mkdirSync(join(appRoot, 'current'), { recursive: true });
  mkdirSync(join(appRoot, 'config'));
  writeFileSync(join(appRoot, 'current', 'index.html'), '<!doctype html><title>host</title>');
  writeFileSync(join(appRoot, 'current', 'signout.html'), '<!doctype html><title>sign-out</title>');
  writeFileSync(join(appRoot, 'config', 'remotes.json'), '[]');
  // The provider's token check (the sandbox's /auth/driver) and the receiver, behind one address.
  upstream = createServer((request, response) => {
    if (request.url === '/auth/driver') {
      const named = request.headers.authorization === `Bearer ${TOKEN}`;
      response.writeHead(named ? 204 : 401, named ? { [portalCohort.TOKEN_DRIVER_HEADER]: DRIVER } : {}).end();
      return;
    }
    if (request.url === '/telemetry/events') received.push(request.headers);
    request.resume();
    request.on('end', () => response.writeHead(204).end());
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  nginx = await startDeploymentNginx({
    prefix: join(folder, 'nginx'),
    role: 'host',
    appRoot,
    upstream: upstreamUrl,
    probePath: '/healthz',
  });
  base = `http://127.0.0.1:${nginx.port}`;
}, 30_000);

afterAll(async () => {
  await nginx?.stop();
  upstream?.close();
  rmSync(folder, { recursive: true, force: true });
});

/** The native app's entry (the webview's own load: no Sec-Fetch-Site of a page). */
const enter = (token: string) => fetch(`${base}/App?token=${token}`, { redirect: 'manual' });
const cookieNamed = (answer: Response, name: string) => answer.headers.getSetCookie().find((cookie) => cookie.startsWith(`${name}=`));

describe('the driver proof through nginx', () => {
  it('is set on an entry whose token the check accepts, beside the cohort cookie, for that driver', async () => {
    const entry = await enter(TOKEN);
    expect(entry.status).toBe(200);
    const proof = cookieNamed(entry, 'portal_driver') ?? '';
    expect(proof).toMatch(/^portal_driver=[A-Za-z0-9_-]{22}\.\d+\.[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Strict$/);
    expect(cookieNamed(entry, 'portal_cohort')).toMatch(/^portal_cohort=c\d\d\./);
    const value = /^portal_driver=([^;]+)/.exec(proof)?.[1] ?? '';
    expect(portalCohort.verifiedDriverKey(value, COHORT_SECRET, Date.now())).toBe(portalCohort.driverKey(DRIVER, COHORT_SECRET));
    expect(proof).not.toContain(DRIVER);
  });

  it('is cleared by a refused token and by the sign-out page, and not set on other answers', async () => {
    expect(cookieNamed(await enter('refused-token'), 'portal_driver')).toBe('portal_driver=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict');
    expect(cookieNamed(await fetch(`${base}/signout.html`), 'portal_driver')).toBe(
      'portal_driver=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict',
    );
    expect(cookieNamed(await fetch(`${base}/App`), 'portal_driver')).toBeUndefined();
  });

  it('reaches the receiver alone, as X-Portal-Driver-Proof: no cookie, no Authorization, no proof header of the page’s', async () => {
    const entry = await enter(TOKEN);
    const value = /^portal_driver=([^;]+)/.exec(cookieNamed(entry, 'portal_driver') ?? '')?.[1] ?? '';
    const cohort = /^portal_cohort=([^;]+)/.exec(cookieNamed(entry, 'portal_cohort') ?? '')?.[1] ?? '';
    received.length = 0;
    const post = (headers: Record<string, string>) =>
      fetch(`${base}/telemetry/events`, { method: 'POST', headers: { 'Content-Type': 'text/plain', ...headers }, body: '{}' });
    expect(
      (
        await post({
          Cookie: `portal_cohort=${cohort}; portal_driver=${value}; session=abc`,
          Authorization: `Bearer ${TOKEN}`,
          [portalCohort.PROOF_HEADER]: 'forged.1.x',
        })
      ).status,
    ).toBe(204);
    // No proof cookie: the page's own header does not go on either.
    expect((await post({ Cookie: `portal_cohort=${cohort}`, [portalCohort.PROOF_HEADER]: value })).status).toBe(204);
    // Two proof cookies (one planted with a longer path): none.
    expect((await post({ Cookie: `portal_driver=${value}; portal_driver=${value}` })).status).toBe(204);
    expect(received).toHaveLength(3);
    const [withProof, without, twice] = received as [IncomingHttpHeaders, IncomingHttpHeaders, IncomingHttpHeaders];
    expect(withProof[portalCohort.PROOF_HEADER.toLowerCase()]).toBe(value);
    for (const headers of received) {
      expect(headers.cookie).toBeUndefined();
      expect(headers.authorization).toBeUndefined();
    }
    expect(without[portalCohort.PROOF_HEADER.toLowerCase()]).toBeUndefined();
    expect(twice[portalCohort.PROOF_HEADER.toLowerCase()]).toBeUndefined();
    expect(JSON.stringify(received)).not.toContain(cohort);
  });
});

describe("the driver proof through npm start's server", () => {
  const SECRET = 'a-secret-of-the-node-server-test-0123456789';

  it('is set beside the cohort cookie on an entry whose token the check accepts, and cleared on a refused one', async () => {
    const cohort = pageCohort({ authUrl: `${upstreamUrl}/auth/driver`, secret: SECRET });
    const entry = (token: string) =>
      cohort({ headers: {}, socket: {} } as unknown as Parameters<typeof cohort>[0], new URL(`http://localhost:3000/App?token=${token}`));
    const accepted = (await entry(TOKEN))['Set-Cookie'] as string[];
    expect(accepted).toHaveLength(2);
    expect(accepted[0]).toMatch(/^portal_cohort=c\d\d\./);
    const value = /^portal_driver=([^;]+); Path=\/; HttpOnly; SameSite=Strict$/.exec(accepted[1] ?? '')?.[1] ?? '';
    expect(portalCohort.verifiedDriverKey(value, SECRET, Date.now())).toBe(portalCohort.driverKey(DRIVER, SECRET));
    expect(await entry('refused-token')).toEqual({
      'Set-Cookie': [
        'portal_cohort=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict',
        'portal_driver=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict',
      ],
    });
  });

  it('reaches the receiver alone from the telemetry proxy, as X-Portal-Driver-Proof', async () => {
    const value = portalCohort.signedDriverProof(DRIVER, SECRET, Date.now());
    const proxy = createServer((request, response) => {
      if (!telemetryProxy(request, response, new URL(request.url ?? '/', 'http://localhost'), upstreamUrl)) response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    try {
      const at = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}/telemetry/events`;
      received.length = 0;
      const post = (headers: Record<string, string>) =>
        fetch(at, { method: 'POST', headers: { 'Content-Type': 'text/plain', ...headers }, body: '{}' });
      expect(
        (
          await post({
            Cookie: `portal_cohort=c01.1.x; portal_driver=${value}`,
            Authorization: `Bearer ${TOKEN}`,
            [portalCohort.PROOF_HEADER]: 'x',
          })
        ).status,
      ).toBe(204);
      expect((await post({ [portalCohort.PROOF_HEADER]: value })).status).toBe(204);
      expect(received).toHaveLength(2);
      expect(received[0]?.[portalCohort.PROOF_HEADER.toLowerCase()]).toBe(value);
      expect(received[1]?.[portalCohort.PROOF_HEADER.toLowerCase()]).toBeUndefined();
      for (const headers of received) {
        expect(headers.cookie).toBeUndefined();
        expect(headers.authorization).toBeUndefined();
      }
    } finally {
      proxy.close();
    }
  });
});
