import { documentPhoto } from './capture-support';
import { expect, test, type Page, type Request } from './support';
import { ALL_REMOTE_ORIGINS, DEMO_DRIVER_ID, expectAccessible, HOST, recordRequests, REMOTE_ORIGINS, SANDBOX, withToken } from './support';

// Named shell-*.spec.ts: it runs in the nginx pass too.
const EVIL = 'https://evil.example';

/** What this origin's tab still holds of the portal's session. */
const heldSession = (page: Page) =>
  page.evaluate(() => Object.keys(window.sessionStorage).filter((key) => key.startsWith('driver-portal:')));

/** The origins whose sign-out page the tab went through. */
function signOutVisits(page: Page): string[] {
  const visits: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame() && new URL(frame.url()).pathname === '/signout.html') visits.push(new URL(frame.url()).origin);
  });
  return visits;
}

async function expectSignedOutAtLogin(page: Page): Promise<void> {
  await expect(page).toHaveURL(`${HOST}/Login`);
  await expect(page.getByText('Sua sessão foi encerrada.')).toBeVisible();
  await expectAccessible(page);
  expect(await heldSession(page)).toEqual([]);
}

/** Opens the notification list at `origin` and returns the calls to the core service it made. */
async function coreCallsOfNotificationList(page: Page, origin: string): Promise<Request[]> {
  const requests = recordRequests(page);
  await page.goto(`${origin}/notifications/list/`);
  await expect(page.getByRole('heading', { level: 1, name: 'Notificações' })).toBeVisible();
  await expect.poll(() => requests.filter((request) => request.url().startsWith(`${SANDBOX}/core/`)).length).toBeGreaterThan(0);
  return requests.filter((request) => request.url().startsWith(`${SANDBOX}/core/`));
}

test("leaving from a remote's own page signs out that origin, every other one and the host", async ({ page }) => {
  const visits = signOutVisits(page);
  // The native app deep-links into the remote (register mode shows Sair on the list).
  await page.goto(withToken(`/notifications/list/?driverId=${DEMO_DRIVER_ID}`, REMOTE_ORIGINS.selfService));
  await expect(page.getByRole('heading', { level: 1, name: 'Notificações' })).toBeVisible();
  expect(await heldSession(page)).toContain('driver-portal:token');

  // The server remembers the token's driver's canary cohort and driver proof (HttpOnly cookies it
  // signed, decision 0022): the cohort and a pseudonym, never the driver id (cookies are not kept
  // apart by port).
  const cohortCookies = async () =>
    (await page.context().cookies([HOST, ...ALL_REMOTE_ORIGINS])).filter((cookie) => cookie.name.startsWith('portal_'));
  expect((await cohortCookies()).map((cookie) => `${cookie.name}=${cookie.value}`).sort()).toEqual([
    expect.stringMatching(/^portal_cohort=c\d\d\.\d+\.[A-Za-z0-9_-]{43}$/),
    expect.stringMatching(/^portal_driver=[A-Za-z0-9_-]{22}\.\d+\.[A-Za-z0-9_-]{43}$/),
  ]);

  await page.getByRole('link', { name: 'Sair' }).click();
  await expectSignedOutAtLogin(page);
  expect(new Set(visits)).toEqual(new Set([HOST, ...ALL_REMOTE_ORIGINS]));
  // The driver is forgotten with the session: no origin picks a cohort for them any more.
  expect(await cohortCookies()).toEqual([]);

  // Back at the remote's own page in the same tab: no session there any more.
  const calls = await coreCallsOfNotificationList(page, REMOTE_ORIGINS.selfService);
  expect(await heldSession(page)).toEqual([]);
  expect(calls.map((request) => request.headers().authorization ?? 'none')).toEqual(calls.map(() => 'none'));
  await page.goto(`${REMOTE_ORIGINS.selfService}/password/change`);
  await expect(page.getByRole('heading', { level: 1, name: 'Alterar senha' })).toBeVisible();
  expect(await heldSession(page)).toEqual([]);

  // And the host too.
  await page.goto(`${HOST}/Login`);
  await expect(page.getByText('Sua sessão foi encerrada.')).toBeVisible();
});

test("leaving from the host after a remote's own page in the same tab signs that remote out too", async ({ page }) => {
  await page.goto(withToken(`/eula/${DEMO_DRIVER_ID}`, REMOTE_ORIGINS.account));
  await expect(page.getByRole('heading', { level: 1, name: 'Termos e políticas' })).toBeVisible();
  expect(await heldSession(page)).toContain('driver-portal:token');

  await page.goto(withToken('/App'));
  await page.getByRole('link', { name: 'Sair' }).click();
  await expectSignedOutAtLogin(page);

  await page.goto(`${REMOTE_ORIGINS.account}/eula/${DEMO_DRIVER_ID}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Termos e políticas' })).toBeVisible();
  expect(await heldSession(page)).toEqual([]);
  const calls = await coreCallsOfNotificationList(page, REMOTE_ORIGINS.selfService);
  expect(calls.every((request) => request.headers().authorization === undefined)).toBe(true);
});

test("a photo taken and not sent, at the host and at the onboarding's own page, is deleted by /Sair on both origins", async ({ page }) => {
  await page.addInitScript(() => Object.defineProperty(navigator, 'mediaDevices', { value: undefined, configurable: true }));
  const portalDatabases = () =>
    page.evaluate(async () =>
      (await indexedDB.databases()).map(({ name }) => name ?? '').filter((name) => name.startsWith('driver-portal')),
    );
  for (const origin of [REMOTE_ORIGINS.onboarding, HOST]) {
    await page.goto(withToken(`/register/camera/new/0/1?driverId=${DEMO_DRIVER_ID}`, origin));
    await page.getByLabel('Usar a câmera do celular ou escolher uma foto').setInputFiles({
      name: 'conta.jpg',
      mimeType: 'image/jpeg',
      buffer: await documentPhoto(page, 'sharp'),
    });
    await expect(page.getByRole('img', { name: 'Foto: Comprovante de residência' })).toBeVisible();
    expect(await portalDatabases()).toEqual(['driver-portal-capture']);
  }

  await page.goto(withToken('/App'));
  await page.getByRole('link', { name: 'Sair' }).click();
  await expectSignedOutAtLogin(page);
  expect(await portalDatabases()).toEqual([]);
  await page.goto(`${REMOTE_ORIGINS.onboarding}/register/send-code/`);
  expect(await portalDatabases()).toEqual([]);
});

test('no sign-out page can be made to open another site', async ({ page }) => {
  const evilVisits: string[] = [];
  await page.route(`${EVIL}/**`, (route) => {
    evilVisits.push(route.request().url());
    return route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>evil</h1>' });
  });
  const evil = encodeURIComponent(`${EVIL}/signout.html`);
  for (const start of [
    `${REMOTE_ORIGINS.insurance}/signout.html?resume=${evil}&next=${evil}&done=${evil}`,
    `${REMOTE_ORIGINS.onboarding}/signout.html?resume=//evil.example`,
    `${HOST}/signout.html?done=${evil}&next=${evil}`,
    `${HOST}/signout.html?done=1%2F%2Fevil.example`,
  ]) {
    await page.goto(start);
    await expect(page).toHaveURL(`${HOST}/Login`);
  }
  expect(evilVisits).toEqual([]);
});
