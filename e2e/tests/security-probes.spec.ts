import { existsSync, readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { DEMO_DRIVER, ONBOARDING_DRIVER } from '@driver-portal/sandbox-api/constants';
import portalCohort from '../../deploy/nginx/portal-cohort.mjs';
import { APPS } from '../../build-preset/apps.cjs';
import { SERVER } from '../playwright.config';
import { driverToken, expect, HOST, type Page, proxiedService, REMOTE_ORIGINS, sandboxHeaders, test, withToken } from './support';

// Issue 30: what the security probes found, tried again on both servers (`npm start`'s Node server
// and nginx, PORTAL_SERVER=nginx); docs/security.md says what each answer must be.

const PORTAL_ORIGINS = [HOST, ...Object.values(REMOTE_ORIGINS)];
/** Another port of the same machine: where the probes' foreign page was served. */
const GRAB = '127.0.0.1:5000/grab.html';

interface RawResponse {
  status: number;
  body: string;
}

/** A raw request in this test's sandbox namespace (Node's http: nothing added by a browser). */
function raw(url: string, method = 'GET', body?: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { method, headers: { ...sandboxHeaders(), ...headers } }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
    });
    request.on('error', reject);
    request.end(body);
  });
}

/** Every place an address may lead, as the page resolves it: anchors' hrefs. */
async function linkOrigins(page: Page): Promise<string[]> {
  return page.locator('a[href]').evaluateAll((links) => links.map((link) => new URL((link as HTMLAnchorElement).href).origin));
}

const DOT_SEGMENT_RETURNS = [
  `/..//${GRAB}`,
  `/%2e%2e//${GRAB}`,
  `/.%2E//${GRAB}`,
  `/x/../..//${GRAB}`,
  `/..\\/${GRAB}`,
  `/%2F/${GRAB}`,
  `/..//127.0.0.1:5000/App`,
];

for (const [where, origin] of [
  ['the host', HOST],
  ["the onboarding's own URL", REMOTE_ORIGINS.onboarding],
] as const) {
  test(`probe 1: a return address through dot segments goes nowhere (${where})`, async ({ page }) => {
    for (const returnTo of DOT_SEGMENT_RETURNS) {
      const path = `/register/crlv/edit/0?driverId=${ONBOARDING_DRIVER.id}&returnTo=${encodeURIComponent(returnTo)}`;
      await page.goto(withToken(path, origin));
      const back = page.getByRole('link', { name: 'Voltar' });
      await expect(back).toBeVisible();
      expect(await linkOrigins(page), returnTo).toEqual(expect.arrayContaining([origin]));
      expect(new Set(await linkOrigins(page)), returnTo).toEqual(new Set([origin]));
      await back.click();
      await expect(page).toHaveURL(new RegExp(`^${origin}/`));
    }
  });
}

test("probe 1 and 2: a notification's HRef through dot segments is no link; one to another host name brings no token", async ({
  page,
  context,
}) => {
  const hostPort = new URL(HOST).port;
  const foreignName = `http://127.0.0.1:${hostPort}/App?token=attacker-token&driverId=${ONBOARDING_DRIVER.id}`;
  const hrefs = [
    `/..//${GRAB}`,
    `/%2e%2e//${GRAB}`,
    `/..\\/${GRAB}`,
    foreignName,
    `http://127.0.0.1:${hostPort}/App?%74oken=attacker-token`,
  ];
  await page.route('**/notificacoes/lista**', (route) =>
    route.fulfill({
      json: hrefs.map((HRef, index) => ({ Id: 9000 + index, Titulo: `Aviso ${index}`, Descricao: 'x', Data: '2026-11-20T10:00:00', HRef })),
    }),
  );
  await page.goto(withToken(`/notifications/list/?driverId=${DEMO_DRIVER.id}`));
  const list = page.getByRole('list', { name: 'Notificações' });
  await expect(list.getByText('Aviso 0')).toBeVisible();
  const links = await list.getByRole('link').evaluateAll((items) => items.map((link) => (link as HTMLAnchorElement).href));
  for (const href of links) {
    expect(href).not.toContain('5000');
    expect(href.toLowerCase()).not.toMatch(/[?&](?:token|%74oken)=/);
  }
  expect(links).toContain(`http://127.0.0.1:${hostPort}/App?driverId=${ONBOARDING_DRIVER.id}`);
  // The foreign-name link opens in a new tab, which holds no attacker's token.
  const [tab] = await Promise.all([context.waitForEvent('page'), list.locator(`a[href*="127.0.0.1:${hostPort}/App?driverId"]`).click()]);
  await tab.waitForLoadState('domcontentloaded');
  expect(tab.url()).not.toContain('token');
  expect(await tab.evaluate(() => JSON.stringify(window.sessionStorage))).not.toContain('attacker-token');
  await tab.close();
});

test('probe 2: a page opened from a link with a token keeps no such token in its address or session', async ({ page }) => {
  // The portal itself opens the address a link gives it; the server never hands back the token.
  await page.goto(`${HOST}/App`);
  await page.evaluate(
    (target) => {
      const link = document.createElement('a');
      link.href = target;
      link.textContent = 'x';
      document.body.append(link);
      link.click();
    },
    `${HOST.replace('localhost', '127.0.0.1')}/App?token=attacker-token&driverId=${ONBOARDING_DRIVER.id}`,
  );
  await page.waitForURL(/127\.0\.0\.1/);
  await page.waitForLoadState('domcontentloaded');
  expect(await page.evaluate(() => JSON.stringify(window.sessionStorage))).not.toContain('attacker-token');
});

test('probe 3: the phone look-up answers whether a driver exists and its id, nothing else, on every app', async () => {
  for (const origin of PORTAL_ORIGINS) {
    const known = await raw(`${proxiedService('register', origin)}api/1.0/driver/mobile/${DEMO_DRIVER.mobile}`);
    expect(known.status).toBe(200);
    expect(JSON.parse(known.body)).toEqual({ response: { id: DEMO_DRIVER.id } });
    for (const secret of [DEMO_DRIVER.name, DEMO_DRIVER.cpf, DEMO_DRIVER.email]) expect(known.body).not.toContain(secret);
    const unknown = await raw(`${proxiedService('register', origin)}api/1.0/driver/mobile/11900000000`);
    expect(JSON.parse(unknown.body)).toEqual({ response: null });
  }
});

test('probe 3: the forgot-password look-up answers match or no match, never the real CPF', async () => {
  const lookup = (cpf: string) =>
    raw(`${proxiedService('register')}api/1.0/driver/forgetpassword/mobile/${DEMO_DRIVER.mobile}/personalregistrationnumber/${cpf}`);
  const wrong = await lookup('11144477735');
  expect(wrong.status).toBe(200);
  expect(JSON.parse(wrong.body)).toEqual({ id: null, driver: null, match: false });
  expect(wrong.body).not.toContain(DEMO_DRIVER.cpf);
  expect(wrong.body).not.toContain(DEMO_DRIVER.id);
  const right = await lookup(DEMO_DRIVER.cpf);
  expect(JSON.parse(right.body)).toEqual({ id: DEMO_DRIVER.id, driver: { cpf: DEMO_DRIVER.cpf }, match: true });
});

test('probe 3: 300 phone look-ups from one client are throttled (429) after the burst', async () => {
  const statuses: number[] = [];
  for (let index = 0; index < 300; index += 1) {
    statuses.push((await raw(`${proxiedService('register')}api/1.0/driver/mobile/119${String(index).padStart(8, '0')}`)).status);
  }
  const throttled = statuses.filter((status) => status === 429).length;
  const served = statuses.filter((status) => status === 200).length;
  console.log(`phone look-ups: ${served} answered, ${throttled} throttled (429) of ${statuses.length}`);
  expect(served).toBeGreaterThanOrEqual(20);
  expect(served).toBeLessThanOrEqual(25);
  expect(throttled).toBe(statuses.length - served);
});

test('probe 6: the open calls refuse what the forms refuse (dates out of range, 10,000 characters), with a clear 400', async () => {
  const licence = {
    DocumentNumber: '123',
    DocumentIssuingState: 'SP',
    DocumentIssuingAuthority: 'DETRAN',
    BirthDate: '0001-01-01',
    MotherName: 'a'.repeat(10_000),
    FatherName: '',
    // Numbers that hold (issue 44: their check digits and lengths are refused too, each under its field).
    RegisterNumber: '01234567807',
    ExpirationDate: '9999-12-31',
    FirstLicenseDate: '2000-01-01',
    Remark: '',
    Category: 'B',
    EmissionCity: 'São Paulo',
    EmissionState: 'SP',
    EmissionDate: '2020-01-01',
    RenachNumber: 'SP123456789',
    SecurityNumber: '12345678901',
    MirrorNumber: '9876543210',
  };
  const url = `${proxiedService('register')}api/1.0/driver/${ONBOARDING_DRIVER.id}/license`;
  const json = { 'Content-Type': 'application/json' };
  const refused = await raw(url, 'POST', JSON.stringify(licence), json);
  expect(refused.status).toBe(400);
  expect(JSON.parse(refused.body)).toEqual({
    validations: [
      { field: 'MotherName', message: 'Use no máximo 100 caracteres.' },
      { field: 'BirthDate', message: 'Data fora do período possível.' },
      { field: 'ExpirationDate', message: 'Data fora do período possível.' },
    ],
  });
  const name = await raw(
    `${proxiedService('register')}api/1.0/driver`,
    'POST',
    JSON.stringify({ name: 'b'.repeat(10_000), email: 'x@example.com' }),
    json,
  );
  expect(name.status).toBe(400);
  expect(JSON.parse(name.body)).toEqual({ validations: [{ field: 'name', message: 'Use no máximo 100 caracteres.' }] });
  const notJson = await raw(url, 'POST', 'not json', json);
  expect(notJson.status).toBe(400);
  // The same body within the limits goes through.
  const fine = await raw(
    url,
    'POST',
    JSON.stringify({
      ...licence,
      BirthDate: '1980-05-04',
      ExpirationDate: '2030-01-01',
      MotherName: 'Ana',
      FatherName: 'José',
      Remark: 'Nenhuma',
    }),
    json,
  );
  expect(fine.status, fine.body).toBe(200);
  // The reads of the same paths go through unchanged (the licence form reads its data back).
  const readBack = await raw(url);
  expect(readBack.status).toBe(200);
  expect(JSON.parse(readBack.body)).toHaveProperty('driverLicense');
});

test('probe 4: the access logs hold no token and no policy token (nginx; the Node server logs no requests)', async ({ page }) => {
  test.skip(SERVER !== 'nginx', 'only nginx writes access logs');
  const policyToken = `policy-${Date.now().toString(36)}`;
  for (const origin of PORTAL_ORIGINS) {
    await page.goto(withToken(`/App?driverId=${DEMO_DRIVER.id}`, origin));
    await page.goto(`${origin}/policies/${policyToken}?token=demo-token`);
    await page.goto(`${origin}/POLICIES/${policyToken}`);
    await page.goto(`${origin}/%70olicies/${policyToken}`);
  }
  const logs = APPS.map((app: { dir: string }) => join(__dirname, '..', '..', '.deploy', 'nginx', app.dir, 'logs', 'access.log'));
  let lines = 0;
  for (const file of logs) {
    expect(existsSync(file), file).toBe(true);
    const text = readFileSync(file, 'utf8');
    lines += text.split('\n').length;
    expect(text, file).toContain('"GET /App HTTP/1.1"');
    expect(text, file).toContain('/policies/-');
    expect(text, file).not.toMatch(/token=|demo-token|policy-[0-9a-z]+|driver-token-/i);
  }
  console.log(`access logs: ${logs.length} apps, ${lines} lines, no token`);
});

/** The cohort the host's remote list names for this browser (the host's canary choice reads it), or null. */
async function listCohort(page: Page): Promise<string | null> {
  const answer = await page.context().request.get(`${HOST}/remotes.json`);
  expect(answer.ok()).toBe(true);
  return answer.headers()[portalCohort.COHORT_HEADER.toLowerCase()] ?? null;
}
const cohortCookies = async (page: Page) =>
  (await page.context().cookies(PORTAL_ORIGINS)).filter(({ name }) => name === 'portal_cohort').map(({ value }) => value);
const SIGNED_COHORT = /^c\d\d\.\d+\.[A-Za-z0-9_-]{43}$/;

test("probe 5: the cohort is the token's driver's, whatever the address or a cookie written by hand names", async ({ page }) => {
  const tokenDriver = DEMO_DRIVER.id;
  // A driver of another cohort, named in the address with the demo driver's token.
  const otherDriver =
    Array.from({ length: 50 }, (_, index) => `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`).find(
      (id) => portalCohort.cohortOfDriver(id) !== portalCohort.cohortOfDriver(tokenDriver),
    ) ?? '';
  await page.goto(withToken(`/App?driverId=${otherDriver}`));
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  expect(await listCohort(page)).toBe(portalCohort.cohortOfDriver(tokenDriver));
  // The cookie holds the cohort, an expiry and the server's signature: no driver id.
  const [cookie] = await cohortCookies(page);
  expect(await cohortCookies(page)).toEqual([expect.stringMatching(SIGNED_COHORT)]);
  expect(JSON.stringify(await page.context().cookies(PORTAL_ORIGINS))).not.toContain(tokenDriver);

  // A cookie written by hand names no cohort (the live release): unsigned, another cohort under
  // the server's signature, a made-up signature, a driver id.
  const [, expires, signature] = (cookie ?? '').split('.');
  const otherCohort = portalCohort.cohortOfDriver(otherDriver);
  for (const forged of [
    otherCohort,
    `${otherCohort}.${expires}.${signature}`,
    `${otherCohort}.${expires}.${'A'.repeat(43)}`,
    otherDriver,
  ]) {
    await page.context().addCookies([{ name: 'portal_cohort', value: forged, url: HOST }]);
    expect(await listCohort(page), forged).toBeNull();
  }

  // The other driver's own token gives the other driver's cohort; a token the provider refuses, none.
  await page.goto(withToken(`/App?driverId=${tokenDriver}`, HOST, driverToken(otherDriver)));
  expect(await listCohort(page)).toBe(otherCohort);
  await page.goto(withToken(`/App?driverId=${otherDriver}`, HOST, 'not-a-token-of-the-provider'));
  expect(await listCohort(page)).toBeNull();
  expect(await cohortCookies(page)).toEqual([]);
});

test("probe 5: a remote's own page is served for the token's driver's cohort; its Server-Timing names no driver and no cohort", async ({
  page,
}) => {
  await page.goto(withToken(`/notifications/list/?driverId=another-driver`, REMOTE_ORIGINS.selfService));
  await expect(page.getByRole('heading', { level: 1, name: 'Notificações' })).toBeVisible();
  expect(await cohortCookies(page)).toEqual([expect.stringMatching(SIGNED_COHORT)]);
  expect(await listCohort(page)).toBe(portalCohort.cohortOfDriver(DEMO_DRIVER.id));
  // The page's Server-Timing (nginx) names the release folder and live or canary: what its
  // telemetry needs, no driver, no cohort number. `npm start` serves one release and names none.
  const timing = await page.evaluate(() =>
    (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).serverTiming.map(
      ({ name, description }) => `${name}=${description}`,
    ),
  );
  if (SERVER === 'nginx') {
    expect(timing).toEqual([expect.stringMatching(/^portal-release=/), expect.stringMatching(/^portal-cohort=(?:live|canary)$/)]);
  }
  expect(timing.join(' ')).not.toMatch(new RegExp(`${DEMO_DRIVER.id}|another-driver`));
});
