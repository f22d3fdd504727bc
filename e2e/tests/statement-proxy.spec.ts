import { request as httpRequest } from 'node:http';
import { DEMO_DRIVER } from '@driver-portal/sandbox-api/constants';
import {
  ALL_REMOTE_ORIGINS,
  DEMO_TOKEN,
  expect,
  expectAccessible,
  HOST,
  recordRequests,
  sandboxHeaders,
  test,
  withToken,
  type Page,
} from './support';

/** Today in Brazil as typed in a date field (DDMMYYYY): the end of a period that holds every invoice. */
const typedToday = () => new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo' }).format(new Date()).replace(/\//g, '');

// Issue 13, point 1: the statement proxy lends its credential only to a signed-in driver on a
// portal page. Run by both servers: the sandbox's /statement-proxy/ (npm start) and nginx's
// /statement/ on every app's origin (PORTAL_SERVER=nginx), wherever env.json sends the apps.

const INVOICES = 'api/extrato/nf?cpf=52998224725&BirthDate=1985-04-12&startDate=2000-01-01&endDate=2100-12-31';
const EVIL = 'https://evil.example';
const PORTAL_ORIGINS = [HOST, ...ALL_REMOTE_ORIGINS];

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A raw request (Node's http: any Origin header, nothing added or hidden by a browser). */
function raw(url: string, headers: Record<string, string>, method = 'GET'): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { method, headers: { ...sandboxHeaders(), ...headers } }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
    });
    request.on('error', reject);
    request.end();
  });
}

/** Where the portal's pages call the statement service: the sandbox proxy, or /statement/ on every app's origin (nginx). */
async function statementBases(): Promise<string[]> {
  const env = (await (await fetch(`${HOST}/env.json`)).json()) as { environments: { sandbox: { services: { statement: string } } } };
  const base = env.environments.sandbox.services.statement;
  return base.startsWith('/') ? PORTAL_ORIGINS.map((origin) => new URL(base, origin).href) : [base];
}

/** Every form the statement credential could leak in. */
function secrets(): string[] {
  const credential = process.env.STATEMENT_BASIC_AUTH ?? '';
  expect(credential).not.toBe('');
  return [credential.split(':')[1] ?? credential, Buffer.from(credential).toString('base64')];
}

/** 401 with nothing of the service; a CORS grant only to a portal page (which then shows the expired session). */
function expectRefused(response: RawResponse, what: string, portalPage?: string): void {
  expect(response.status, what).toBe(401);
  const granted = response.headers['access-control-allow-origin'];
  if (granted !== undefined || portalPage === undefined) expect(granted, what).toBe(portalPage);
  expect(response.body, what).not.toContain('dataEmissao');
  const exposed = JSON.stringify(response.headers) + response.body;
  for (const secret of secrets()) expect(exposed, what).not.toContain(secret);
}

test('no token, a refused token, or a foreign page: 401, no invoices, no CORS grant, no credential', async () => {
  const bases = await statementBases();
  for (const base of bases) {
    const url = `${base}${INVOICES}`;
    expectRefused(await raw(url, { Origin: EVIL }), `${url} without a token from ${EVIL}`);
    expectRefused(await raw(url, {}), `${url} without a token or Origin`);
    expectRefused(await raw(url, { Origin: HOST, Authorization: 'Bearer stolen-or-expired' }), `${url} with a refused token`, HOST);
    // A valid token does not open the proxy to a foreign page either.
    expectRefused(await raw(url, { Origin: EVIL, Authorization: `Bearer ${DEMO_TOKEN}` }), `${url} from ${EVIL} with a token`);
    const preflight = await raw(url, { Origin: EVIL, 'Access-Control-Request-Method': 'GET' }, 'OPTIONS');
    expect(preflight.headers['access-control-allow-origin'], `${url} preflight from ${EVIL}`).toBeUndefined();
  }
});

test("a signed-in driver's call from a portal page gets the invoices, and the credential stays on the server", async () => {
  const bases = await statementBases();
  for (const base of bases) {
    const origin = PORTAL_ORIGINS.includes(new URL(base).origin) ? new URL(base).origin : HOST;
    const response = await raw(`${base}${INVOICES}`, { Origin: origin, Authorization: `Bearer ${DEMO_TOKEN}` });
    expect(response.status, base).toBe(200);
    expect((JSON.parse(response.body) as { data: unknown[] }).data.length, base).toBeGreaterThan(0);
    // The sandbox proxy is another origin and grants it; nginx serves the page's own origin and needs none.
    const granted = response.headers['access-control-allow-origin'];
    if (granted !== undefined) expect(granted).toBe(origin);
    for (const secret of secrets()) expect(JSON.stringify(response.headers) + response.body).not.toContain(secret);
  }
});

test('a foreign page cannot read the statement in a browser', async ({ page }) => {
  const [base] = await statementBases();
  await page.route(`${EVIL}/**`, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>evil</title>' }));
  await page.goto(`${EVIL}/`);
  const outcome = await page.evaluate(async (url) => {
    try {
      const response = await fetch(url, { credentials: 'include' });
      return `read ${response.status}: ${(await response.text()).slice(0, 80)}`;
    } catch {
      return 'blocked';
    }
  }, `${base}${INVOICES}`);
  expect(outcome).toBe('blocked');
});

async function searchInvoices(page: Page) {
  await page.getByLabel('CPF').pressSequentially(DEMO_DRIVER.cpf);
  await page.getByLabel('Data de nascimento').pressSequentially('12041985');
  await page.getByLabel('Data inicial').pressSequentially('01012000');
  await page.getByLabel('Data final').pressSequentially(typedToday());
  await page.getByRole('button', { name: 'Continuar' }).click();
}

test("the driver's invoices screen still lists the invoices, its call carrying the driver's token", async ({ page }) => {
  const requests = recordRequests(page);
  await page.goto(withToken('/my-account/take-nf'));
  await expect(page.getByRole('heading', { level: 1, name: 'Notas fiscais' })).toBeVisible();
  await searchInvoices(page);
  await expect(page.getByRole('list', { name: 'Notas fiscais' }).getByRole('listitem').first()).toBeVisible();
  expect(await page.getByRole('list', { name: 'Notas fiscais' }).getByRole('listitem').count()).toBeGreaterThan(0);
  const call = requests.find((request) => request.url().includes('/api/extrato/nf'));
  expect(call?.headers().authorization).toBe(`Bearer ${DEMO_TOKEN}`);
  await expectAccessible(page);
});
