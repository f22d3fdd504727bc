import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sessionHandoff } from '../session-handoff.cjs';

// The exchange over real HTTP (issue 29): who may mint, who may redeem, once, and for how long.
const HOST = 'http://localhost:3000';
const ACCOUNT = 'http://localhost:3003';
const SAME_HOST_OTHER_PORT = 'http://localhost:5555';
const FOREIGN = 'https://evil.example';

let clock = 1_000_000;
let base = '';
let server: Server;
const exchange = sessionHandoff({ origins: [HOST, ACCOUNT], now: () => clock });

beforeAll(async () => {
  server = createServer((req, res) => {
    if (!exchange.handle(req, res)) res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

function post(action: string, origin: string | undefined, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${base}/session-handoff/${action}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(origin ? { Origin: origin } : {}), ...headers },
    body: JSON.stringify(body),
  });
}

async function mint(from = ACCOUNT, to = HOST) {
  const response = await post('mint', from, { to, token: 'token-a', driverId: 'driver-a' }, { 'Sec-Fetch-Site': 'same-origin' });
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
    const before = exchange.size();
    const response = await post('mint', origin, { to: HOST, token: 'forged' }, headers);
    expect(response.status).toBe(403);
    expect(response.headers.get('set-cookie')).toBeNull();
    expect(exchange.size()).toBe(before);
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
    expect(await response.json()).toEqual({ from: ACCOUNT, token: 'token-a', driverId: 'driver-a' });
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
