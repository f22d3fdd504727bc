import { expect, test } from './support';
import { DEMO_DRIVER_ID, DEMO_TOKEN, HOST, recordRequests, SANDBOX, withToken } from './support';

test('the token leaves the address bar and reaches only the services that take it', async ({ page }) => {
  const requests = recordRequests(page);
  await page.goto(withToken(`/notifications/list/?driverId=${DEMO_DRIVER_ID}`));
  await expect(page.getByRole('list', { name: 'Notificações' })).toBeVisible();
  expect(page.url()).toBe(`http://localhost:3000/notifications/list/?driverId=${DEMO_DRIVER_ID}`);
  // The address with the token was replaced, not kept as a history entry behind this one.
  expect(await page.evaluate(() => window.history.length)).toBe(2); // about:blank + this page

  // Visit screens of other services in the same session.
  await page.goto(`/car-insurance/init/${DEMO_DRIVER_ID}`);
  await expect(page.getByRole('link', { name: 'Contratar' })).toBeVisible();
  await page.goto(`/eula/${DEMO_DRIVER_ID}`);
  await expect(page.getByRole('link', { name: 'Termos de uso', exact: true })).toBeVisible();

  const apiCalls = requests.filter((request) => request.url().startsWith(SANDBOX));
  const core = apiCalls.filter((request) => request.url().startsWith(`${SANDBOX}/core/`));
  const others = apiCalls.filter((request) => !request.url().startsWith(`${SANDBOX}/core/`) && request.method() !== 'OPTIONS');
  // The register and insurance calls go to the driver-data proxy on the page's own origin, which
  // checks the token before anything reaches the services (docs/security.md).
  const proxied = requests.filter((request) => request.url().startsWith(`${HOST}/driver-api/`));
  expect(core.length).toBeGreaterThan(0);
  expect(proxied.length).toBeGreaterThan(0);
  for (const request of [...core, ...proxied]) expect(await request.headerValue('authorization')).toBe(`Bearer ${DEMO_TOKEN}`);
  // Nothing else that reaches the provider's services carries it.
  for (const request of others) expect(await request.headerValue('authorization')).toBeNull();

  // After the page the native app opened (its URL carries the token by design): never in a
  // URL, never in a Referer.
  const [opened, ...after] = requests;
  expect(opened?.url()).toContain('token=');
  expect(after.length).toBeGreaterThan(10);
  for (const request of after) {
    expect(request.url()).not.toContain(DEMO_TOKEN);
    expect((await request.headerValue('referer')) ?? '').not.toContain(DEMO_TOKEN);
  }
});

test('React is downloaded exactly once on a deep link into a remote', async ({ page }) => {
  const scripts: Array<{ url: string; body: Promise<string> }> = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push({ url: response.url(), body: response.text().catch(() => '') });
  });
  await page.goto(withToken('/notifications/list/'));
  await expect(page.getByRole('list', { name: 'Notificações' })).toBeVisible();
  // React's own marker, in react and react-dom alike: in the host's copies only (its shell's
  // chunk), never in a remote's script (a remote's chunks are numbered, so the body is read).
  const withReact: string[] = [];
  for (const { url, body } of scripts)
    if ((await body).includes('__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE')) withReact.push(url);
  expect(withReact.length).toBeGreaterThan(0);
  for (const url of withReact) expect(url).toMatch(new RegExp(`^${HOST}/`));
  expect(withReact.filter((url) => /react-dom_client/.test(url))).toHaveLength(1);
  // Only the owning remote was downloaded.
  expect(scripts.filter(({ url }) => /localhost:300[234]/.test(url))).toEqual([]);
});

test("a later full-page link carrying a token never replaces the driver's session, and the token leaves the address bar", async ({
  page,
}) => {
  const requests = recordRequests(page);
  await page.goto(withToken('/notifications/list/'));
  await expect(page.getByRole('list', { name: 'Notificações' })).toBeVisible();
  // A link from server content that loads a whole page, carrying someone else's token.
  await page.goto('/deposits/list?token=attacker-token');
  await expect(page.getByRole('heading', { level: 1, name: 'Depósitos' })).toBeVisible();
  expect(page.url()).toBe('http://localhost:3000/deposits/list');
  expect(await page.evaluate(() => window.sessionStorage.getItem('driver-portal:token'))).toBe(DEMO_TOKEN);
  const deposits = requests.filter((request) => request.url().startsWith(`${SANDBOX}/core/extrato/depositos`));
  expect(deposits.length).toBeGreaterThan(0);
  for (const request of deposits) expect(await request.headerValue('authorization')).toBe(`Bearer ${DEMO_TOKEN}`);
});
