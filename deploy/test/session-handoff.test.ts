import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MINT_LIMITS, sessionHandoff, startService } from '../session-handoff.cjs';
import { createMemoryStore } from '../store.cjs';

// The exchange over real HTTP (issue 29): who may mint, who may redeem, once, and for how long.
const HOST = 'http://localhost:3000';
const ACCOUNT = 'http://localhost:3003';
const SAME_HOST_OTHER_PORT = 'http://localhost:5555';
const FOREIGN = 'https://evil.example';
/** Driver ids are GUIDs (the sandbox's demo driver). */
const DRIVER_A = '3f6c2d1e-8a4b-4c9d-9e2f-1a2b3c4d5e6f';

let clock = 1_000_000;
let base = '';
let server: Server;
// The limits have tests of their own below: here one test client mints as much as the cases need.
const exchange = sessionHandoff({
  origins: [HOST, ACCOUNT],
  now: () => clock,
  limits: { perMinute: 6000, burst: 1000, maxOutstanding: 1000 },
});

beforeAll(async () => {
  server = createServer((req, res) => {
    if (!exchange.handle(req, res)) res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => closed(server));

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
  const response = await post('mint', from, { to, token: 'token-a', driverId: DRIVER_A }, { 'Sec-Fetch-Site': 'same-origin' });
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
    expect(setCookie).not.toContain('token-a');
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
    expect(await response.json()).toEqual({ from: ACCOUNT, token: 'token-a', driverId: DRIVER_A });
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
    expect(await response.text()).not.toContain('token-a');
  });

  it('refuses a code never minted (a forged one)', async () => {
    expect((await redeem('F'.repeat(43), 'portal_handoff_FFFFFFFFFFFF=x')).status).toBe(410);
    expect((await redeem('short', undefined)).status).toBe(400);
  });
});

describe('only well-formed sessions (issue 37, item 2)', () => {
  it.each([
    ['markup as the driver id', { driverId: '<img src=x onerror=alert(1)>', token: 'token-a' }],
    ['a path as the driver id', { driverId: '../../../admin', token: 'token-a' }],
    ['a driver id that is not a GUID', { driverId: 'driver-a', token: 'token-a' }],
    ['a number as the driver id', { driverId: 42, token: 'token-a' }],
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

  it('keeps a driver id alone (an onboarding without a token yet) and a token alone, as given', async () => {
    const jwt = `${'eyJhbGciOiJIUzI1NiJ9'}.${'eyJzdWIiOiIxIn0'}.${'abc_-DEF'}`;
    for (const session of [{ driverId: DRIVER_A.toUpperCase() }, { token: jwt }, { token: 'YWJj+/==', driverId: DRIVER_A }]) {
      const minted = await post('mint', ACCOUNT, { to: HOST, ...session }, { 'Sec-Fetch-Site': 'same-origin' });
      expect(minted.status).toBe(201);
      const { code } = (await minted.json()) as { code: string };
      const answer = await redeem(code, (minted.headers.get('set-cookie') ?? '').split(';')[0]);
      expect(await answer.json()).toEqual({ from: ACCOUNT, ...session });
    }
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
      expect(await response.text()).not.toContain('token-a');
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
      const secure = sessionHandoff({ origins: [secureHost, secureAccount], cookieDomain });
      const local = createServer((req, res) => void secure.handle(req, res));
      await new Promise<void>((resolve) => local.listen(0, '127.0.0.1', resolve));
      const at = `http://127.0.0.1:${(local.address() as AddressInfo).port}/session-handoff/`;
      const json = { 'Content-Type': 'application/json' };
      const minted = await fetch(`${at}mint`, {
        method: 'POST',
        headers: { ...json, Origin: secureAccount },
        body: JSON.stringify({ to: secureHost, driverId: DRIVER_A }),
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
      expect(await redeemed.json()).toEqual({ from: secureAccount, driverId: DRIVER_A });
      await closed(local);
    }
  });
});

describe('per-client limits on the mint (issue 37, item 5)', () => {
  /** An exchange whose client is named by a test header (the socket is always 127.0.0.1 here). */
  async function limitedExchange(options: { maxEntries?: number } = {}) {
    let now = 5_000_000;
    const limited = sessionHandoff({
      origins: [HOST, ACCOUNT],
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
    return {
      size: () => limited.size(),
      advance: (ms: number) => (now += ms),
      mint: (client: string) => send('mint', client, { to: HOST, driverId: DRIVER_A }),
      redeem: (client: string, code: string, cookie: string) => send('redeem', client, { code }, cookie),
      close: () => closed(local),
    };
  }

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

  it('caps the codes a client holds unredeemed; redeeming or expiry gives the slot back', async () => {
    const ex = await limitedExchange();
    const minted: Array<{ code: string; cookie: string }> = [];
    // Slow enough for the rate: only the outstanding cap stops it.
    for (let index = 0; index < MINT_LIMITS.maxOutstanding; index += 1) {
      ex.advance(100);
      const response = await ex.mint('203.0.113.8');
      expect(response.status).toBe(201);
      minted.push({
        ...((await response.json()) as { code: string }),
        cookie: (response.headers.get('set-cookie') ?? '').split(';')[0] as string,
      });
    }
    ex.advance(2_000);
    expect((await ex.mint('203.0.113.8')).status).toBe(429);
    const [first] = minted;
    expect((await ex.redeem('203.0.113.8', first!.code, first!.cookie)).status).toBe(200);
    expect((await ex.mint('203.0.113.8')).status).toBe(201);
    expect((await ex.mint('203.0.113.8')).status).toBe(429);
    ex.advance(30_001);
    expect((await ex.mint('203.0.113.8')).status).toBe(201);
    await ex.close();
  });

  it('the store itself still has a ceiling (503), reached only by many clients at once', async () => {
    const ex = await limitedExchange({ maxEntries: 40 });
    const statuses: number[] = [];
    for (let index = 0; index < 50; index += 1) statuses.push((await ex.mint(`198.51.100.${index}`)).status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(40);
    expect(statuses.slice(40)).toEqual(Array(10).fill(503));
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
  async function service(trusted: string) {
    const server = startService({
      PORTAL_HANDOFF_LISTEN: '127.0.0.1:0',
      PORTAL_HANDOFF_ORIGINS: `${HOST} ${ACCOUNT}`,
      PORTAL_HANDOFF_TRUSTED_PROXIES: trusted,
    });
    await new Promise<void>((resolve) => server.once('listening', resolve));
    const at = `http://127.0.0.1:${(server.address() as AddressInfo).port}/session-handoff/mint`;
    const mintAs = (client: string) =>
      fetch(at, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: ACCOUNT, 'X-Portal-Client-Address': client },
        body: JSON.stringify({ to: HOST, driverId: DRIVER_A }),
      }).then((response) => response.status);
    return { mintAs, close: () => closed(server) };
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
