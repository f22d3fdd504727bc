import { Agent, request as httpRequest } from 'node:http';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEMO_DRIVER, ONBOARDING_DRIVER } from '@driver-portal/sandbox-api/constants';
import portalCohort from '../../deploy/nginx/portal-cohort.mjs';
import { MINT_LIMITS } from '../../deploy/session-handoff.cjs';
import { SERVER } from '../playwright.config';
import { mintFromPage } from './handoff-support';
import { driverToken, expect, expectAccessible, HOST, REMOTE_ORIGINS, sandboxHeaders, test, type Page } from './support';

/*
 * Issue 37, items 2, 5 and 9, tried again on both servers (`npm start`'s Node server, and nginx
 * with PORTAL_SERVER=nginx): a page on the portal's host name and another port (cookies ignore
 * ports) served here on 127.0.0.1:<free port>, and a script that sends any Origin it likes.
 * The portal is opened at 127.0.0.1 (one of its origins) so that page shares its host name.
 */

const ON_127 = (origin: string) => origin.replace('localhost', '127.0.0.1');
const VICTIM_HOST = ON_127(HOST);
const VICTIM_ACCOUNT = ON_127(REMOTE_ORIGINS.account);
const VICTIM = DEMO_DRIVER;
/** The attacker: a driver of the sandbox with a token of their own (cohort c95, the victim's is c24). */
const ATTACKER = ONBOARDING_DRIVER;
const ATTACKER_TOKEN = driverToken(ATTACKER.id);
/**
 * The floods' own driver (any GUID is a driver of the sandbox, with its own token): a driver holds
 * 5 codes at most and a sixth takes the oldest one's place, so a flood minting for the attacker
 * would take the fixation probes' codes away while they run beside it (their redeem then 410).
 */
const FLOODER = '00000000-0000-4000-9000-00000000f100';
const FLOODER_TOKEN = driverToken(FLOODER);
const REFUSED_TITLE = 'Sessão encerrada por segurança';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A request from a script (no browser): any Origin, from any local address (127.0.0.0/8 all reach the servers). */
function script(
  url: string,
  {
    method = 'GET',
    body,
    headers = {},
    from = '127.0.0.1',
    agent,
  }: { method?: string; body?: string; headers?: Record<string, string>; from?: string; agent?: Agent } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const sent = httpRequest(url, { method, headers: { ...sandboxHeaders(), ...headers }, localAddress: from, agent }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }));
    });
    sent.on('error', reject);
    sent.end(body);
  });
}

/** A mint as the probe made it: a forged Origin of a portal app, JSON, any session. */
function forgedMint(session: Record<string, unknown>, options: { from?: string; agent?: Agent; to?: string } = {}) {
  // Minted "from" another portal app than the target (the Origin is the script's to choose).
  const origin = options.to === VICTIM_ACCOUNT ? VICTIM_HOST : VICTIM_ACCOUNT;
  return script(`${origin}/session-handoff/mint`, {
    method: 'POST',
    body: JSON.stringify({ to: options.to ?? VICTIM_HOST, ...session }),
    headers: { Origin: origin, 'Content-Type': 'application/json', 'Sec-Fetch-Site': 'same-origin' },
    from: options.from,
    agent: options.agent,
  });
}

/**
 * The attacker's page on the portal's host name, another port: it writes the cookie it is given
 * (`cookie`, with its attributes) and, when given a `go` address, sends the tab there.
 */
async function foreignPage(): Promise<{ origin: string; server: Server }> {
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (path === '/plant.js') {
      res.writeHead(200, { 'Content-Type': 'text/javascript' }).end(
        `var q = new URLSearchParams(location.search);
document.cookie = q.get('cookie');
window.__planted = true;
if (q.get('go')) location.href = q.get('go');`,
      );
    } else if (path === '/plant.html') {
      res.writeHead(200, { 'Content-Type': 'text/html' }).end('<!doctype html><title>x</title><p>x</p><script src="/plant.js"></script>');
    } else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

/** The tab's session at its current origin. */
const held = (page: Page) =>
  page.evaluate(() => ({
    token: sessionStorage.getItem('driver-portal:token'),
    driverId: sessionStorage.getItem('driver-portal:driverId'),
  }));

test.beforeEach(async ({ context }) => {
  // The portal opened at 127.0.0.1: its calls to the driver-data proxy go in this test's sandbox namespace too.
  await context.route(/^http:\/\/127\.0\.0\.1:\d+\/(?:driver-api|statement)\//, (route) =>
    route.fallback({ headers: { ...route.request().headers(), ...sandboxHeaders() } }),
  );
});

const FIXATION_TARGETS = [
  { where: 'at the host', origin: VICTIM_HOST, path: '/App', signedIn: 'Portal do Motorista' },
  { where: "at the account remote's own URL", origin: VICTIM_ACCOUNT, path: `/my-account/init/${VICTIM.id}`, signedIn: 'Minha conta' },
] as const;
const FIXATION_ATTEMPTS = 3;

for (const { where, origin, path, signedIn } of FIXATION_TARGETS) {
  test(`item 2 (${SERVER}): a same-host page's handoff never replaces a signed-in driver's session ${where}`, async ({ page }) => {
    test.setTimeout(90_000);
    const foreign = await foreignPage();
    let adopted = 0;
    // What each redeem answered, said when the refusal is not seen.
    const redeems: string[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('/session-handoff/redeem')) redeems.push(`${response.status()}`);
    });
    try {
      for (let attempt = 1; attempt <= FIXATION_ATTEMPTS; attempt += 1) {
        // The victim, signed in by the native app.
        await page.goto(`${origin}${path}?token=demo-token&driverId=${VICTIM.id}`);
        await expect(page.getByRole('heading', { level: 1, name: signedIn })).toBeVisible();
        expect(await held(page)).toEqual({ token: 'demo-token', driverId: VICTIM.id });

        // The attacker's script mints a code for its own session with a forged Origin: accepted
        // (no browser is needed to send an Origin), with the binding cookie's value.
        const minted = await forgedMint({ token: ATTACKER_TOKEN, driverId: ATTACKER.id }, { to: origin });
        expect(minted.status).toBe(201);
        const { code } = JSON.parse(minted.body) as { code: string };
        const binding = String(minted.headers['set-cookie']).split(';')[0] as string;

        // The same-host page plants the binding and sends the victim's tab to the code.
        const go = `${origin}${path}#portal-handoff=${code}`;
        await page.goto(`${foreign.origin}/plant.html?${new URLSearchParams({ cookie: `${binding}; Path=/session-handoff/`, go })}`);
        const dialog = page.getByRole('alertdialog', { name: REFUSED_TITLE });
        await expect(dialog, `attempt ${attempt}: the refusal, after redeems answered ${redeems.join(', ') || 'nothing'}`).toBeVisible();
        await expect(dialog).toContainText('Abra o portal de novo pelo aplicativo.');
        await expect(dialog.getByRole('button', { name: 'OK' })).toBeFocused();
        const after = await held(page);
        if (after.token === ATTACKER_TOKEN || after.driverId === ATTACKER.id) adopted += 1;
        // The victim's session ended here (the account's route names its own driver again), the attacker's not taken.
        expect(after.token).toBeNull();
        expect(after.driverId).not.toBe(ATTACKER.id);
        await expect(page.getByText(ATTACKER.name)).toHaveCount(0);
        if (attempt === 1) await expectAccessible(page);
        await dialog.getByRole('button', { name: 'OK' }).click();
        await expect(dialog).toHaveCount(0);
      }
    } finally {
      foreign.server.close();
    }
    console.log(`item 2 ${where} (${SERVER}): ${FIXATION_ATTEMPTS} fixation attempts, ${adopted} adopted the attacker's session`);
    expect(adopted).toBe(0);
  });
}

test(`item 2 (${SERVER}): the same driver's handoff still goes through, into an origin that holds that driver`, async ({ page }) => {
  // The journey the rule must keep: the account's own page hands the session to the host, which
  // already held the same driver; the session is kept, no message.
  await page.goto(`${VICTIM_HOST}/App?token=demo-token&driverId=${VICTIM.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Portal do Motorista' })).toBeVisible();
  await page.goto(`${VICTIM_ACCOUNT}/my-account/init/${VICTIM.id}?token=demo-token&driverId=${VICTIM.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Minha conta' })).toBeVisible();
  const { code } = await mintFromPage(page, VICTIM_HOST);
  await page.goto(`${VICTIM_HOST}/App#portal-handoff=${code}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Portal do Motorista' })).toBeVisible();
  expect(await held(page)).toEqual({ token: 'demo-token', driverId: VICTIM.id });
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
});

const HOSTILE_SESSIONS = [
  { driverId: '<img src=x onerror=alert(1)>', token: ATTACKER_TOKEN },
  { driverId: '../../../admin', token: ATTACKER_TOKEN },
  { driverId: 'driver-a', token: ATTACKER_TOKEN },
  { driverId: ATTACKER.id, token: '"><script>alert(1)</script>' },
  { driverId: ATTACKER.id, token: '../../../admin' },
  { driverId: ATTACKER.id, token: 'a b' },
  { driverId: ATTACKER.id, token: 'x'.repeat(4097) },
  { driverId: { toString: 'x' }, token: ATTACKER_TOKEN },
];

test(`item 2 (${SERVER}): hostile tokens and driver ids are refused at the mint (400), on every app`, async () => {
  let refused = 0;
  for (const origin of [HOST, ...Object.values(REMOTE_ORIGINS)]) {
    for (const session of HOSTILE_SESSIONS) {
      const answer = await script(`${origin}/session-handoff/mint`, {
        method: 'POST',
        body: JSON.stringify({ to: origin === HOST ? REMOTE_ORIGINS.account : HOST, ...session }),
        headers: { Origin: origin, 'Content-Type': 'application/json' },
        from: '127.0.0.40',
      });
      expect(answer.status, JSON.stringify(session).slice(0, 80)).toBe(400);
      expect(answer.headers['set-cookie']).toBeUndefined();
      refused += 1;
    }
  }
  console.log(`item 2 hostile values (${SERVER}): ${refused} mints, ${refused} refused (400)`);
});

test(`item 5 (${SERVER}): 10,050 forged mints from other addresses leave a driver's handoff working`, async ({ page }) => {
  test.setTimeout(180_000);
  const FLOOD = 10_050;
  // The flood comes from 10 addresses of the machine's loopback (127.0.0.2-11); the driver's browser is 127.0.0.1.
  const addresses = Array.from({ length: 10 }, (_, index) => `127.0.0.${index + 2}`);
  const agents = new Map(addresses.map((address) => [address, new Agent({ keepAlive: true, maxSockets: 4 })]));
  const statuses = new Map<number, number>();
  const started = Date.now();
  try {
    let next = 0;
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        while (next < FLOOD) {
          const index = next;
          next += 1;
          const from = addresses[index % addresses.length] as string;
          const { status } = await forgedMint({ token: FLOODER_TOKEN, driverId: FLOODER }, { from, agent: agents.get(from) });
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
        }
      }),
    );
  } finally {
    agents.forEach((agent) => agent.destroy());
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const tally = Object.fromEntries(statuses);
  console.log(`item 5 (${SERVER}): ${FLOOD} flood mints from ${addresses.length} addresses in ${seconds} s: ${JSON.stringify(tally)}`);
  // Each address: at most its burst and what its rate gave back during the flood (and its outstanding cap while codes live).
  const perAddress = MINT_LIMITS.burst + Math.ceil((MINT_LIMITS.perMinute / 60) * Number(seconds));
  expect(tally[201] ?? 0).toBeLessThanOrEqual(addresses.length * perAddress);
  expect(tally[429]).toBe(FLOOD - (tally[201] ?? 0));
  expect(tally[503]).toBeUndefined();

  // The driver, meanwhile, at the account's own URL, goes to a screen of the host: the mint succeeds
  // and the host holds the session.
  await page.goto(`${REMOTE_ORIGINS.account}/my-account/init/${VICTIM.id}?token=demo-token&driverId=${VICTIM.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Minha conta' })).toBeVisible();
  const minted = await mintFromPage(page, HOST);
  console.log(`item 5 (${SERVER}): the driver's mint during the flood: ${minted.status}`);
  expect(minted.status).toBe(201);
  await page.goto(`${HOST}/App#portal-handoff=${minted.code}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Portal do Motorista' })).toBeVisible();
  expect(await held(page)).toEqual({ token: 'demo-token', driverId: VICTIM.id });
});

test(`item 5 (${SERVER}): one address is one client, however many mints it sends`, async () => {
  const statuses: number[] = [];
  const started = Date.now();
  for (let index = 0; index < MINT_LIMITS.burst + 20; index += 1)
    statuses.push((await forgedMint({ token: FLOODER_TOKEN, driverId: FLOODER }, { from: '127.0.0.30' })).status);
  expect(statuses.slice(0, MINT_LIMITS.burst)).toEqual(Array(MINT_LIMITS.burst).fill(201));
  // Past the burst: 429, but for what the rate (one a second) gave back while the mints, each
  // asking the provider's token check, went on.
  const refilled = statuses.slice(MINT_LIMITS.burst).filter((status) => status === 201).length;
  expect(refilled).toBeLessThanOrEqual(Math.ceil((Date.now() - started) / 1000));
  expect(statuses.slice(MINT_LIMITS.burst).filter((status) => status !== 201 && status !== 429)).toEqual([]);
  // A header the client sends naming another address changes nothing (nginx replaces it; Node ignores it).
  const named = await script(`${VICTIM_ACCOUNT}/session-handoff/mint`, {
    method: 'POST',
    body: JSON.stringify({ to: VICTIM_HOST, token: FLOODER_TOKEN, driverId: FLOODER }),
    headers: { Origin: VICTIM_ACCOUNT, 'Content-Type': 'application/json', 'X-Portal-Client-Address': '198.51.100.7' },
    from: '127.0.0.30',
  });
  expect(named.status).toBe(429);
});

/** The cohort the host's remote list names for the victim's tab (as the host's own fetch reads it). */
const listCohort = (page: Page) =>
  page.evaluate(async (header) => (await fetch('/remotes.json', { cache: 'no-store' })).headers.get(header), portalCohort.COHORT_HEADER);

/** Where the page puts its cookie: the probe's path (sent first to the remote list), and over the server's own (refused by the browser: HttpOnly). */
const PLANT_PATHS = ['/remotes.json', '/remotes.json', '/remotes.json', '/'];

test(`item 9 (${SERVER}): a same-host page's genuine cohort cookie of a longer path does not move the driver's cohort`, async ({
  page,
}) => {
  const victimCohort = portalCohort.cohortOfDriver(VICTIM.id);
  const attackerCohort = portalCohort.cohortOfDriver(ATTACKER.id);
  expect(attackerCohort).not.toBe(victimCohort);
  // The attacker's own entry with its own token: a genuine cookie the server signed for its cohort.
  const entry = await script(`${VICTIM_HOST}/App?token=${ATTACKER_TOKEN}`, { from: '127.0.0.50' });
  // The entry sets the driver proof too (decision 0022): the cohort's cookie is the one of its name.
  const setCookies = ([] as string[]).concat(entry.headers['set-cookie'] ?? []);
  const genuine = (setCookies.find((cookie) => cookie.startsWith('portal_cohort=')) ?? '').split(';')[0] as string;
  expect(genuine).toMatch(new RegExp(`^portal_cohort=${attackerCohort}\\.`));

  const foreign = await foreignPage();
  const moved: string[] = [];
  try {
    for (const path of PLANT_PATHS) {
      await page.context().clearCookies();
      await page.goto(`${VICTIM_HOST}/App?token=demo-token&driverId=${VICTIM.id}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Portal do Motorista' })).toBeVisible();
      expect(await listCohort(page)).toBe(victimCohort);
      await page.goto(`${foreign.origin}/plant.html?${new URLSearchParams({ cookie: `${genuine}; Path=${path}` })}`);
      await expect.poll(() => page.evaluate(() => (window as Window & { __planted?: boolean }).__planted === true)).toBe(true);
      // What the browser now sends to the remote list: the page's cookie beside the server's, or
      // (over Path=/, which a page cannot write over an HttpOnly cookie) the server's alone.
      const sent = (await page.context().cookies(`${VICTIM_HOST}/remotes.json`)).filter(({ name }) => name === 'portal_cohort');
      expect(sent.map(({ value }) => value.slice(0, 3)).sort(), path).toEqual(
        path === '/' ? [victimCohort] : [victimCohort, attackerCohort].sort(),
      );
      await page.goto(`${VICTIM_HOST}/App`);
      await expect(page.getByRole('heading', { level: 1, name: 'Portal do Motorista' })).toBeVisible();
      const cohort = await listCohort(page);
      if (cohort === attackerCohort) moved.push(path);
      // Two cookies of that name: neither counts (the live release), never the attacker's cohort.
      // (Path=/ cannot be written over the server's HttpOnly cookie by a page: the victim's stays.)
      expect(cohort, path).toBe(path === '/' ? victimCohort : null);
    }
  } finally {
    foreign.server.close();
  }
  console.log(`item 9 (${SERVER}): ${PLANT_PATHS.length} planted cookies (${PLANT_PATHS.join(' ')}), ${moved.length} moved the cohort`);
  expect(moved).toEqual([]);
});

/*
 * Issue 45, item 3: the flood that filled the store (340 addresses × 30 mints), replayed through
 * this server. Before: with a made-up token the 10,000-code store was full in 6.7 s (Node) and
 * 10.2 s (nginx), and every driver's mint answered 503 {"error":"busy"}.
 */
const FLOOD_ADDRESSES = 340;
const FLOOD_EACH = 30;

/** 340 addresses × 30 forged mints, 16 at a time (keep-alive per address); the tally of statuses. */
async function flood(addressOf: (index: number) => string, sessionOf: (n: number) => Record<string, unknown>) {
  const agents = new Map<string, Agent>();
  const agentOf = (address: string) => {
    const known = agents.get(address);
    if (known) return known;
    // No idle connection kept per address: 340 addresses' would pass the local nginx's 512
    // worker connections (the test's limit, not the deployment's).
    const made = new Agent({ keepAlive: false, maxSockets: 2 });
    agents.set(address, made);
    return made;
  };
  const tally: Record<number, number> = {};
  const started = Date.now();
  let next = 0;
  try {
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        while (next < FLOOD_ADDRESSES * FLOOD_EACH) {
          const n = next;
          next += 1;
          const from = addressOf(n % FLOOD_ADDRESSES);
          const { status } = await forgedMint(sessionOf(n), { from, agent: agentOf(from) });
          tally[status] = (tally[status] ?? 0) + 1;
        }
      }),
    );
  } finally {
    agents.forEach((agent) => agent.destroy());
  }
  return { tally, seconds: ((Date.now() - started) / 1000).toFixed(1) };
}

/** The driver, at the account's own URL, goes to a screen of the host: the mint succeeds and the host holds the session. */
async function driverStillHandsOver(page: Page) {
  await page.goto(`${REMOTE_ORIGINS.account}/my-account/init/${VICTIM.id}?token=demo-token&driverId=${VICTIM.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Minha conta' })).toBeVisible();
  const minted = await mintFromPage(page, HOST);
  expect(minted.status).toBe(201);
  await page.goto(`${HOST}/App#portal-handoff=${minted.code}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Portal do Motorista' })).toBeVisible();
  expect(await held(page)).toEqual({ token: 'demo-token', driverId: VICTIM.id });
  return minted.status;
}

/** A driver of the sandbox per forged mint (any GUID is one there, with a token the provider accepts). */
const floodDriver = (n: number) => `00000000-0000-4000-a000-${n.toString(16).padStart(12, '0')}`;

test(`issue 45, item 3 (${SERVER}): 340 addresses × 30 mints with a made-up token are all refused (401); the driver's handoff works`, async ({
  page,
}) => {
  test.setTimeout(300_000);
  const { tally, seconds } = await flood(
    // 127.0.5.0/24 to 127.0.7.0/24: addresses no other test of this file sends from (each address's burst is the flood's own).
    (index) => `127.0.${5 + (index >> 7)}.${(index & 127) + 1}`,
    () => ({ token: 'made-up-token-of-the-flood', driverId: ATTACKER.id }),
  );
  const driver = await driverStillHandsOver(page);
  console.log(
    `issue 45 flood (${SERVER}), made-up token: ${FLOOD_ADDRESSES * FLOOD_EACH} mints in ${seconds} s: ${JSON.stringify(tally)}; the driver's mint ${driver}`,
  );
  expect(tally).toEqual({ 401: FLOOD_ADDRESSES * FLOOD_EACH });
});

test(`issue 45, item 3 (${SERVER}): 340 addresses of two /24s × 30 mints with real tokens get 200 codes per network; the driver's handoff works`, async ({
  page,
}) => {
  test.setTimeout(300_000);
  // 127.0.3.0/24 and 127.0.4.0/24: 170 addresses each; the driver's browser is 127.0.0.1, another network.
  const { tally, seconds } = await flood(
    (index) => `127.0.${3 + (index % 2)}.${(index >> 1) + 1}`,
    (n) => ({ token: driverToken(floodDriver(n)), driverId: floodDriver(n) }),
  );
  const driver = await driverStillHandsOver(page);
  console.log(
    `issue 45 flood (${SERVER}), real tokens, two /24s: ${FLOOD_ADDRESSES * FLOOD_EACH} mints in ${seconds} s: ${JSON.stringify(tally)}; the driver's mint ${driver}`,
  );
  expect(Object.keys(tally).sort()).toEqual(['201', '429']);
  // 200 per network at any moment; a flood slower than a code's 30 s sees the first ones expire.
  expect(tally[201]).toBeGreaterThanOrEqual(2 * MINT_LIMITS.perNetwork);
  expect(tally[201]).toBeLessThanOrEqual(2 * MINT_LIMITS.perNetwork * (1 + Math.floor(Number(seconds) / 30)));
});
