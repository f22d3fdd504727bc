import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { driverToken } from '../../sandbox-api/src/constants';
import { createSandboxServer } from '../../sandbox-api/src/server';
import { limitProof, MINT_LIMITS, networkOf, sessionHandoff, startService } from '../session-handoff.cjs';
import { createMemoryStore } from '../store.cjs';
import { freePort, runHandoffNginx } from './nginx-harness';

// The exchange over real HTTP (issue 29): who may mint, who may redeem, once, and for how long.
const HOST = 'http://localhost:3000';
const ACCOUNT = 'http://localhost:3003';
const SAME_HOST_OTHER_PORT = 'http://localhost:5555';
const FOREIGN = 'https://evil.example';
/** Driver ids are GUIDs (the sandbox's demo driver). */
const DRIVER_A = '3f6c2d1e-8a4b-4c9d-9e2f-1a2b3c4d5e6f';
/** Driver A's token, as the sandbox's provider issues it (its token check accepts it for A only). */
const TOKEN_A = driverToken(DRIVER_A);
/** Driver number `n` of the sandbox (any GUID is a driver there, with a token of its own). */
const driverNumber = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

let clock = 1_000_000;
let base = '';
let server: Server;
/** The provider's token check: the sandbox's own (GET /auth/driver, sandbox-api/src/auth.ts). */
const provider = createSandboxServer({});
let authUrl = '';
let exchange: ReturnType<typeof sessionHandoff>;

beforeAll(async () => {
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  authUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}/auth/driver`;
  // The limits have tests of their own below: here one test client mints as much as the cases need.
  exchange = sessionHandoff({
    origins: [HOST, ACCOUNT],
    authUrl,
    now: () => clock,
    limits: { perMinute: 6000, burst: 1000, perDriver: 1000, perNetwork: 1000 },
  });
  server = createServer((req, res) => {
    if (!exchange.handle(req, res)) res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await closed(server);
  await closed(provider);
});

/** Closed now, keep-alive connections included (else Jest waits for them). */
function closed(open: Server): Promise<void> {
  open.closeAllConnections();
  return new Promise((resolve) => open.close(() => resolve()));
}

function post(action: string, origin: string | undefined, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${base}/session-handoff/${action}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(origin ? { Origin: origin } : {}), ...headers },
    body: JSON.stringify(body),
  });
}

async function mint(from = ACCOUNT, to = HOST) {
  const response = await post('mint', from, { to, token: TOKEN_A, driverId: DRIVER_A }, { 'Sec-Fetch-Site': 'same-origin' });
  expect(response.status).toBe(201);
  const { code } = (await response.json()) as { code: string };
  const cookie = (response.headers.get('set-cookie') ?? '').split(';')[0] as string;
  return { code, cookie, setCookie: response.headers.get('set-cookie') ?? '' };
}

const redeem = (code: string, cookie: string | undefined, origin = HOST) =>
  post('redeem', origin, { code }, { ...(cookie ? { Cookie: cookie } : {}), 'Sec-Fetch-Site': 'same-origin' });

describe('minting a code', () => {
  it('answers a portal page a random single-use code and binds it to this browser with an HttpOnly, SameSite=Strict cookie', async () => {
    const { code, setCookie } = await mint();
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Strict/);
    expect(setCookie).toMatch(/Path=\/session-handoff\//);
    expect(setCookie).toMatch(/Max-Age=30/);
    expect(setCookie).not.toContain(TOKEN_A);
    expect((await mint()).code).not.toBe(code);
  });

  it.each([
    ['another site', FOREIGN, {}],
    ['a page on the same host name and another port', SAME_HOST_OTHER_PORT, {}],
    ['no Origin at all', undefined, {}],
    ['a cross-site request of a portal origin (Sec-Fetch-Site)', ACCOUNT, { 'Sec-Fetch-Site': 'cross-site' }],
    ['a form post (not JSON)', ACCOUNT, { 'Content-Type': 'application/x-www-form-urlencoded' }],
  ])('refuses %s (403), minting nothing', async (_case, origin, headers) => {
    const before = await exchange.size();
    const response = await post('mint', origin, { to: HOST, token: 'forged' }, headers);
    expect(response.status).toBe(403);
    expect(response.headers.get('set-cookie')).toBeNull();
    expect(await exchange.size()).toBe(before);
  });

  it.each([
    ['a target that is not the portal', { to: SAME_HOST_OTHER_PORT, token: 't' }],
    ['a target that is the sender itself', { to: ACCOUNT, token: 't' }],
    ['no session to hand over', { to: HOST }],
    ['a token too long to be one', { to: HOST, token: 'x'.repeat(5000) }],
  ])('refuses %s (400)', async (_case, body) => {
    expect((await post('mint', ACCOUNT, body)).status).toBe(400);
  });

  it('only POST, and only its two actions', async () => {
    expect((await fetch(`${base}/session-handoff/mint?to=${HOST}`)).status).toBe(405);
    expect((await post('peek', ACCOUNT, {})).status).toBe(404);
  });
});

describe('redeeming a code', () => {
  it('gives the session and the origin that minted it (proven by the server) to the target origin, once', async () => {
    const { code, cookie } = await mint();
    const response = await redeem(code, cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({ from: ACCOUNT, token: TOKEN_A, driverId: DRIVER_A });
    // The binding cookie is cleared.
    expect(response.headers.get('set-cookie')).toMatch(/Max-Age=0/);
    // Replay: spent.
    expect((await redeem(code, cookie)).status).toBe(410);
  });

  it('refuses a code after its 30 s', async () => {
    const { code, cookie } = await mint();
    clock += 30_001;
    expect((await redeem(code, cookie)).status).toBe(410);
  });

  it('refuses, and spends, a code redeemed by another origin than the one it was minted for', async () => {
    const { code, cookie } = await mint(ACCOUNT, HOST);
    expect((await redeem(code, cookie, ACCOUNT)).status).toBe(410);
    expect((await redeem(code, cookie, HOST)).status).toBe(410);
  });

  it('refuses a code without the browser binding it was minted with (a code carried to another browser)', async () => {
    const { code } = await mint();
    const other = await mint();
    expect((await redeem(code, undefined)).status).toBe(410);
    const { code: third, cookie } = await mint();
    expect((await redeem(third, other.cookie)).status).toBe(410);
    expect((await redeem(third, cookie)).status).toBe(410); // spent by the failed attempt
  });

  it.each([
    ['another site', FOREIGN],
    ['a page on the same host name and another port', SAME_HOST_OTHER_PORT],
  ])('refuses %s (403): it gets nothing, even with a valid code and cookie', async (_case, origin) => {
    const { code, cookie } = await mint();
    const response = await redeem(code, cookie, origin);
    expect(response.status).toBe(403);
    expect(await response.text()).not.toContain(TOKEN_A);
  });

  it('refuses a code never minted (a forged one)', async () => {
    expect((await redeem('F'.repeat(43), 'portal_handoff_FFFFFFFFFFFF=x')).status).toBe(410);
    expect((await redeem('short', undefined)).status).toBe(400);
  });
});

describe('only well-formed sessions (issue 37, item 2)', () => {
  it.each([
    ['markup as the driver id', { driverId: '<img src=x onerror=alert(1)>', token: TOKEN_A }],
    ['a path as the driver id', { driverId: '../../../admin', token: TOKEN_A }],
    ['a driver id that is not a GUID', { driverId: 'driver-a', token: TOKEN_A }],
    ['a number as the driver id', { driverId: 42, token: TOKEN_A }],
    ['markup as the token', { driverId: DRIVER_A, token: '"><script>alert(1)</script>' }],
    ['a path as the token', { driverId: DRIVER_A, token: '../../../admin' }],
    ['a token with an empty segment', { driverId: DRIVER_A, token: 'a..b' }],
    ['a token with a space', { driverId: DRIVER_A, token: 'Bearer abc' }],
    ['a token of 4097 characters', { driverId: DRIVER_A, token: 'a'.repeat(4097) }],
  ])('refuses to mint %s (400), storing nothing', async (_case, session) => {
    const before = await exchange.size();
    const response = await post('mint', ACCOUNT, { to: HOST, ...session });
    expect(response.status).toBe(400);
    expect(response.headers.get('set-cookie')).toBeNull();
    expect(await exchange.size()).toBe(before);
  });

  it('keeps a token alone and a token with its driver, as given; a well-formed token the provider does not accept is 401, not 400', async () => {
    for (const session of [{ token: TOKEN_A }, { token: TOKEN_A, driverId: DRIVER_A.toUpperCase() }]) {
      const minted = await post('mint', ACCOUNT, { to: HOST, ...session }, { 'Sec-Fetch-Site': 'same-origin' });
      expect(minted.status).toBe(201);
      const { code } = (await minted.json()) as { code: string };
      const answer = await redeem(code, (minted.headers.get('set-cookie') ?? '').split(';')[0]);
      expect(await answer.json()).toEqual({ from: ACCOUNT, ...session });
    }
    const jwt = `${'eyJhbGciOiJIUzI1NiJ9'}.${'eyJzdWIiOiIxIn0'}.${'abc_-DEF'}`;
    for (const token of [jwt, 'YWJj+/==']) expect((await post('mint', ACCOUNT, { to: HOST, token, driverId: DRIVER_A })).status).toBe(401);
  });
});

describe('a code only for a token the provider accepts for that driver (issue 45, item 3)', () => {
  it.each([
    ['a made-up token', { token: 'made-up-token-0001', driverId: DRIVER_A }, 401],
    ["another driver's token, naming driver A", { token: driverToken(driverNumber(7)), driverId: DRIVER_A }, 403],
    ["a driver id and no token (it travels in the journey's address)", { driverId: DRIVER_A }, 401],
  ])('refuses %s, before anything is stored and without the binding cookie', async (_case, session, status) => {
    const before = await exchange.size();
    const response = await post('mint', ACCOUNT, { to: HOST, ...session });
    expect(response.status).toBe(status);
    expect(response.headers.get('set-cookie')).toBeNull();
    expect(await exchange.size()).toBe(before);
  });

  it('answers 503 within its short timeout when the token check is down, slow or answers anything but 2xx/401/403, storing nothing', async () => {
    const slow = createServer(() => undefined);
    const broken = createServer((_req, res) => res.writeHead(500).end());
    await Promise.all([slow, broken].map((one) => new Promise<void>((resolve) => one.listen(0, '127.0.0.1', resolve))));
    const urlOf = (one: Server) => `http://127.0.0.1:${(one.address() as AddressInfo).port}/auth/driver`;
    const down = createServer();
    await new Promise<void>((resolve) => down.listen(0, '127.0.0.1', resolve));
    const downUrl = urlOf(down);
    await closed(down);
    try {
      for (const [name, url] of [
        ['down', downUrl],
        ['slow', urlOf(slow)],
        ['answering 500', urlOf(broken)],
      ] as const) {
        const store = createMemoryStore();
        const one = sessionHandoff({ origins: [HOST, ACCOUNT], authUrl: url, authTimeoutMs: 300, store });
        const local = createServer((req, res) => void one.handle(req, res));
        await new Promise<void>((resolve) => local.listen(0, '127.0.0.1', resolve));
        const started = Date.now();
        const answer = await fetch(`http://127.0.0.1:${(local.address() as AddressInfo).port}/session-handoff/mint`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Origin: ACCOUNT },
          body: JSON.stringify({ to: HOST, token: TOKEN_A, driverId: DRIVER_A }),
        });
        expect([name, answer.status, answer.headers.get('retry-after')]).toEqual([name, 503, '5']);
        expect(Date.now() - started).toBeLessThan(2000);
        expect(await one.size()).toBe(0);
        await closed(local);
      }
    } finally {
      await Promise.all([slow, broken].map(closed));
    }
  });

  it('needs the token check: no exchange, and no service, without it', () => {
    expect(() => sessionHandoff({ origins: [HOST, ACCOUNT], authUrl: '' })).toThrow(/token check/);
    expect(() => startService({ PORTAL_HANDOFF_LISTEN: '127.0.0.1:0', PORTAL_HANDOFF_ORIGINS: HOST })).toThrow(/PORTAL_DRIVER_AUTH_URL/);
  });
});

describe('the binding cookie cannot be shadowed (issue 37, item 2)', () => {
  it('refuses (410) a redeem that carries two binding cookies of that name, the genuine one included, in either order', async () => {
    for (const order of ['planted first', 'genuine first']) {
      const { code, cookie } = await mint();
      const [name] = cookie.split('=');
      const planted = `${name}=planted-by-a-same-host-page`;
      const response = await redeem(code, order === 'planted first' ? `${planted}; ${cookie}` : `${cookie}; ${planted}`);
      expect(response.status).toBe(410);
      expect(await response.text()).not.toContain(TOKEN_A);
    }
  });

  it('over HTTPS the binding is a __Host- cookie (Secure, Path=/, no Domain); with a parent domain, __Secure-', async () => {
    const secureHost = 'https://portal.example';
    const secureAccount = 'https://account.portal.example';
    const cases = [
      { cookieDomain: undefined, name: /^__Host-portal_handoff_[A-Za-z0-9]{12}=/, path: 'Path=/;', domain: false },
      { cookieDomain: 'portal.example', name: /^__Secure-portal_handoff_[A-Za-z0-9]{12}=/, path: 'Path=/session-handoff/;', domain: true },
    ];
    for (const { cookieDomain, name, path, domain } of cases) {
      const secure = sessionHandoff({ origins: [secureHost, secureAccount], authUrl, cookieDomain });
      const local = createServer((req, res) => void secure.handle(req, res));
      await new Promise<void>((resolve) => local.listen(0, '127.0.0.1', resolve));
      const at = `http://127.0.0.1:${(local.address() as AddressInfo).port}/session-handoff/`;
      const json = { 'Content-Type': 'application/json' };
      const minted = await fetch(`${at}mint`, {
        method: 'POST',
        headers: { ...json, Origin: secureAccount },
        body: JSON.stringify({ to: secureHost, token: TOKEN_A, driverId: DRIVER_A }),
      });
      const setCookie = minted.headers.get('set-cookie') ?? '';
      expect(setCookie).toMatch(name);
      expect(setCookie).toContain(path);
      expect(setCookie).toContain('; Secure');
      expect(setCookie.includes('Domain=portal.example')).toBe(domain);
      const { code } = (await minted.json()) as { code: string };
      const redeemed = await fetch(`${at}redeem`, {
        method: 'POST',
        headers: { ...json, Origin: secureHost, Cookie: setCookie.split(';')[0] as string },
        body: JSON.stringify({ code }),
      });
      expect(await redeemed.json()).toEqual({ from: secureAccount, token: TOKEN_A, driverId: DRIVER_A });
      await closed(local);
    }
  });
});

describe('per-client, per-driver and per-network limits on the mint (issue 37, item 5; issue 45, item 3)', () => {
  // Hundreds of mints over HTTP, each asking the provider's token check: seconds on a loaded machine.
  jest.setTimeout(60_000);

  /** An exchange whose client is named by a test header (the socket is always 127.0.0.1 here). */
  async function limitedExchange(options: { maxEntries?: number } = {}) {
    let now = 5_000_000;
    const limited = sessionHandoff({
      origins: [HOST, ACCOUNT],
      authUrl,
      now: () => now,
      clientAddress: (req) => String(req.headers['x-test-client']),
      ...options,
    });
    const local = createServer((req, res) => void limited.handle(req, res));
    await new Promise<void>((resolve) => local.listen(0, '127.0.0.1', resolve));
    const at = `http://127.0.0.1:${(local.address() as AddressInfo).port}/session-handoff/`;
    const send = (action: string, client: string, body: unknown, cookie?: string) =>
      fetch(`${at}${action}`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Origin: action === 'mint' ? ACCOUNT : HOST,
          'X-Test-Client': client,
          ...(cookie ? { Cookie: cookie } : {}),
        },
        body: JSON.stringify(body),
      });
    let drivers = 0;
    return {
      size: () => limited.size(),
      advance: (ms: number) => (now += ms),
      /** A mint of `driver` (a new driver each time unless named) from `client`. */
      mint: (client: string, driver = driverNumber((drivers += 1))) =>
        send('mint', client, { to: HOST, token: driverToken(driver), driverId: driver }),
      redeem: (client: string, code: string, cookie: string) => send('redeem', client, { code }, cookie),
      close: () => closed(local),
    };
  }
  const minted = async (response: Response) => ({
    ...((await response.json()) as { code: string }),
    cookie: (response.headers.get('set-cookie') ?? '').split(';')[0] as string,
  });

  it("a flood from one address gets its burst and then 429, never filling the store; a driver's mint from another address still succeeds", async () => {
    const ex = await limitedExchange();
    const statuses = new Map<number, number>();
    for (let index = 0; index < 300; index += 1) {
      const { status } = await ex.mint('203.0.113.7');
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
    expect(Object.fromEntries(statuses)).toEqual({ 201: MINT_LIMITS.burst, 429: 300 - MINT_LIMITS.burst });
    expect(await ex.size()).toBe(MINT_LIMITS.burst);
    const refused = await ex.mint('203.0.113.7');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await ex.mint('198.51.100.20')).status).toBe(201);
    await ex.close();
  });

  it('an IPv6 client is its /64: changing the rest of the address changes nothing', async () => {
    const ex = await limitedExchange();
    const statuses: number[] = [];
    for (let index = 0; index < 100; index += 1) statuses.push((await ex.mint(`2001:db8:1:2:${index.toString(16)}::1`)).status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(MINT_LIMITS.burst);
    expect((await ex.mint('2001:db8:1:3::1')).status).toBe(201);
    await ex.close();
  });

  it('a driver holds 5 codes at most: its newest mint always succeeds, its oldest code is the one given up', async () => {
    const ex = await limitedExchange();
    const codes = [];
    for (let index = 0; index < MINT_LIMITS.perDriver + 2; index += 1) {
      ex.advance(1_000);
      const response = await ex.mint('203.0.113.8', DRIVER_A);
      expect(response.status).toBe(201);
      codes.push(await minted(response));
    }
    expect(await ex.size()).toBe(MINT_LIMITS.perDriver);
    expect((await ex.redeem('203.0.113.8', codes[0]!.code, codes[0]!.cookie)).status).toBe(410);
    expect((await ex.redeem('203.0.113.8', codes[1]!.code, codes[1]!.cookie)).status).toBe(410);
    expect((await ex.redeem('203.0.113.8', codes.at(-1)!.code, codes.at(-1)!.cookie)).status).toBe(200);
    await ex.close();
  });

  it('a network (IPv4 /24, IPv6 /48) holds 200 codes at most, then 429; another network is apart; redeeming or expiry gives room back', async () => {
    expect(networkOf('203.0.113.77')).toBe('203.0.113.0/24');
    expect(networkOf('2001:db8:1:2::/64')).toBe('2001:db8:1::/48');
    const ex = await limitedExchange();
    const held = [];
    // 10 addresses of one /24, 20 drivers each (each address within its burst of 30).
    for (let index = 0; index < MINT_LIMITS.perNetwork; index += 1) {
      const response = await ex.mint(`203.0.113.${index % 10}`);
      expect(response.status).toBe(201);
      held.push(await minted(response));
    }
    const refused = await ex.mint('203.0.113.200');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('30');
    expect((await ex.mint('203.0.114.1')).status).toBe(201);
    expect((await ex.redeem('203.0.113.0', held[0]!.code, held[0]!.cookie)).status).toBe(200);
    expect((await ex.mint('203.0.113.201')).status).toBe(201);
    expect((await ex.mint('203.0.113.202')).status).toBe(429);
    ex.advance(30_001);
    expect((await ex.mint('203.0.113.203')).status).toBe(201);
    // IPv6: the /48, whatever the /64 inside it.
    const v6: number[] = [];
    for (let index = 0; index < MINT_LIMITS.perNetwork + 1; index += 1)
      v6.push((await ex.mint(`2001:db8:5:${index.toString(16)}::1`)).status);
    expect(v6.slice(0, MINT_LIMITS.perNetwork).every((status) => status === 201)).toBe(true);
    expect(v6.at(-1)).toBe(429);
    expect((await ex.mint('2001:db8:6::1')).status).toBe(201);
    await ex.close();
  });

  it("the store's ceiling takes from the network holding the most: a driver's mint from another network succeeds; the largest holder's is 503", async () => {
    const ex = await limitedExchange({ maxEntries: 40 });
    // One network holds 30, another 10: the store is full.
    for (let index = 0; index < 30; index += 1) expect((await ex.mint(`198.51.100.${index}`)).status).toBe(201);
    for (let index = 0; index < 10; index += 1) expect((await ex.mint(`192.0.2.${index}`)).status).toBe(201);
    expect(await ex.size()).toBe(40);
    // A driver elsewhere: in, the largest holder's oldest out.
    const driver = await ex.mint('203.0.113.9', DRIVER_A);
    expect(driver.status).toBe(201);
    expect(await ex.size()).toBe(40);
    // The largest holder itself gets nothing more (503, the store is full for it).
    const largest = await ex.mint('198.51.100.99');
    expect([largest.status, largest.headers.get('retry-after')]).toEqual([503, '5']);
    const { code, cookie } = await minted(driver);
    expect((await ex.redeem('203.0.113.9', code, cookie)).status).toBe(200);
    await ex.close();
  });

  it('the limiter: 10,050 mints from one client in 10 s admit 30 + 10 s of rate; its memory forgets clients once idle', async () => {
    let now = 0;
    const store = createMemoryStore({ now: () => now });
    const limiter = store.limiter('handoff-mint', { capacity: MINT_LIMITS.burst, perMinute: MINT_LIMITS.perMinute });
    let admitted = 0;
    for (let index = 0; index < 10_050; index += 1) {
      now = index;
      if ((await limiter.admit('203.0.113.9')).ok) admitted += 1;
    }
    expect(admitted).toBe(30 + 10);
    now = 0;
    const idle = createMemoryStore({ now: () => now });
    const idleLimiter = idle.limiter('handoff-mint', { capacity: 30, perMinute: 60 });
    for (let index = 0; index < 5_000; index += 1) await idleLimiter.admit(`10.0.${index >> 8}.${index & 255}`);
    expect(idle.buckets('handoff-mint')).toBe(5_000);
    now = 120_000;
    await idleLimiter.admit('10.9.9.9');
    expect(idle.buckets('handoff-mint')).toBe(1);
  });
});

describe('the service behind nginx (issue 37, item 5)', () => {
  const SECRET = 'a-secret-of-this-test-only-0123456789abcdef';
  async function service(trusted: string) {
    const server = startService({
      PORTAL_HANDOFF_LISTEN: '127.0.0.1:0',
      PORTAL_HANDOFF_ORIGINS: `${HOST} ${ACCOUNT}`,
      PORTAL_HANDOFF_TRUSTED_PROXIES: trusted,
      PORTAL_DRIVER_AUTH_URL: authUrl,
      PORTAL_COHORT_SECRET: SECRET,
    });
    await new Promise<void>((resolve) => server.once('listening', resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    let drivers = 100;
    const mintAs = (client: string) => {
      const driver = driverNumber((drivers += 1));
      return fetch(`${origin}/session-handoff/mint`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: ACCOUNT, 'X-Portal-Client-Address': client },
        body: JSON.stringify({ to: HOST, token: driverToken(driver), driverId: driver }),
      }).then((response) => response.status);
    };
    return { origin, mintAs, close: () => closed(server) };
  }

  it('counts the client nginx names when nginx is a trusted proxy (loopback here)', async () => {
    const { mintAs, close } = await service('loopback');
    for (let index = 0; index < MINT_LIMITS.burst + 5; index += 1) await mintAs('203.0.113.50');
    expect(await mintAs('203.0.113.50')).toBe(429);
    expect(await mintAs('203.0.113.51')).toBe(201);
    await close();
  });

  it('ignores the header from anyone else: a client naming a new address per request is still one client', async () => {
    const { mintAs, close } = await service('192.0.2.254');
    const statuses: number[] = [];
    for (let index = 0; index < MINT_LIMITS.burst + 5; index += 1) statuses.push(await mintAs(`203.0.113.${index}`));
    expect(statuses.filter((status) => status === 429)).toHaveLength(5);
    await close();
  });
});

describe("the open-call limit answers only the app's nginx (issue 45, item 4)", () => {
  const SECRET = 'a-secret-of-this-test-only-0123456789abcdef';
  async function limits(env: Record<string, string> = {}) {
    const server = startService({
      PORTAL_HANDOFF_LISTEN: '127.0.0.1:0',
      PORTAL_HANDOFF_ORIGINS: `${HOST} ${ACCOUNT}`,
      PORTAL_DRIVER_AUTH_URL: authUrl,
      ...env,
    });
    await new Promise<void>((resolve) => server.once('listening', resolve));
    const port = (server.address() as AddressInfo).port;
    // The path as written (fetch would resolve `..` before sending; nginx forwards it as sent).
    const ask = (path: string) =>
      new Promise<number>((resolve, reject) => {
        const sent = httpRequest({ host: '127.0.0.1', port, path, method: 'GET' }, (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        });
        sent.on('error', reject);
        sent.end();
      });
    return { ask, close: () => closed(server) };
  }

  it("answers a question proven with the deployment's secret; refuses (403) one without, with another's, or for another client, spending nothing", async () => {
    const { ask, close } = await limits({ PORTAL_COHORT_SECRET: SECRET });
    const question = (client: string, proof: string) => `/__portal_limits/open-call?client=${client}&proof=${proof}`;
    const strangers = [
      question('7f000063', ''),
      question('7f000063', limitProof('another-secret-0123456789abcdefghijkl', '7f000063')),
      question('7f000063', limitProof(SECRET, '7f000064')),
      `/__portal_limits/open-call?client=7f000063`,
    ];
    for (let round = 0; round < 30; round += 1) for (const path of strangers) expect(await ask(path)).toBe(403);
    // None of those spent the client's budget: its burst is whole.
    const statuses = [];
    for (let index = 0; index < 22; index += 1) statuses.push(await ask(question('7f000063', limitProof(SECRET, '7f000063'))));
    expect(statuses.filter((status) => status === 204)).toHaveLength(21);
    expect(statuses.at(-1)).toBe(429);
    await close();
  });

  it('refuses every question when the service has no secret, and never answers the limit at a path that only resolves to it', async () => {
    const unset = await limits();
    expect(await unset.ask(`/__portal_limits/open-call?client=7f000065&proof=${limitProof('', '7f000065')}`)).toBe(403);
    await unset.close();
    const { ask, close } = await limits({ PORTAL_COHORT_SECRET: SECRET });
    const proof = limitProof(SECRET, '7f000066');
    for (const path of [
      `/session-handoff/../__portal_limits/open-call?client=7f000066&proof=${proof}`,
      `/session-handoff/..\\__portal_limits/open-call?client=7f000066&proof=${proof}`,
      `/session-handoff/%2e%2e/__portal_limits/open-call?client=7f000066&proof=${proof}`,
      `/__portal_limits/x/../open-call?client=7f000066&proof=${proof}`,
    ])
      expect([path, await ask(path)]).toEqual([path, 404]);
    // The same question at the limit's own path is answered.
    expect(await ask(`/__portal_limits/open-call?client=7f000066&proof=${proof}`)).toBe(204);
    await close();
  });
});

describe("nginx's public /session-handoff/ location forwards the exchange's two actions only (issue 45, item 4)", () => {
  it('passes mint and redeem on; any other path under it, however spelled, is 404 and never reaches the service', async () => {
    const reached: string[] = [];
    const upstream = createServer((req, res) => {
      reached.push(req.url ?? '');
      res.writeHead(204).end();
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const prefix = mkdtempSync(join(tmpdir(), 'portal-handoff-location-'));
    const port = await freePort();
    const nginx = await runHandoffNginx(prefix, `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`, port);
    const ask = (path: string) =>
      new Promise<number>((resolve, reject) => {
        const sent = httpRequest({ host: '127.0.0.1', port, path, method: 'POST' }, (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        });
        sent.on('error', reject);
        sent.end('{}');
      });
    try {
      expect(await ask('/session-handoff/mint')).toBe(204);
      expect(await ask('/session-handoff/redeem')).toBe(204);
      expect(reached).toEqual(['/session-handoff/mint', '/session-handoff/redeem']);
      for (const path of [
        '/session-handoff/../__portal_limits/open-call?client=7f000001',
        '/session-handoff/..%2F__portal_limits/open-call?client=7f000001',
        '/session-handoff/..%5C__portal_limits/open-call?client=7f000001',
        '/session-handoff/..\\__portal_limits/open-call?client=7f000001',
        '/session-handoff/mint/../../__portal_limits/open-call?client=7f000001',
        '/session-handoff/healthz',
        '/session-handoff/mint/x',
      ])
        expect([path, await ask(path)]).toEqual([path, 404]);
      expect(reached).toHaveLength(2);
    } finally {
      await nginx.stop();
      rmSync(prefix, { recursive: true, force: true });
      await closed(upstream);
    }
  });
});
