import { expect, test } from './support';
import { DEMO_DRIVER_ID, expectAccessible, HOST, REMOTE_ORIGINS, withToken } from './support';

/** One real screen per remote: each opens directly at the host and at the remote's own URL. */
const screens = [
  {
    remote: 'self-service',
    origin: REMOTE_ORIGINS.selfService,
    path: '/notifications/list/',
    heading: 'Notificações',
    content: 'Documentos',
  },
  {
    remote: 'onboarding',
    origin: REMOTE_ORIGINS.onboarding,
    path: '/register/next-steps/',
    heading: 'Próximos passos',
    content: 'Verificação dos dados',
  },
  {
    remote: 'account',
    origin: REMOTE_ORIGINS.account,
    path: `/eula/${DEMO_DRIVER_ID}`,
    heading: 'Termos e políticas',
    content: 'Política de privacidade',
  },
  {
    remote: 'insurance',
    origin: REMOTE_ORIGINS.insurance,
    path: `/car-insurance/init/${DEMO_DRIVER_ID}`,
    heading: 'Seguro auto',
    content: 'Contratar',
  },
];

for (const screen of screens) {
  for (const [where, origin] of [
    ['the host', HOST],
    ['its own URL', screen.origin],
  ] as const) {
    test(`${screen.remote}: ${screen.path} opens as a deep link at ${where}`, async ({ page }) => {
      await page.goto(withToken(screen.path, origin));
      await expect(page.getByRole('heading', { level: 1, name: screen.heading })).toBeVisible();
      await expect(page.getByText(screen.content).first()).toBeVisible();
      // The token left the address bar at once.
      expect(page.url()).not.toContain('token=');
      await expectAccessible(page);
    });
  }
}

test('paths are matched case-insensitively', async ({ page }) => {
  await page.goto(withToken('/NOTIFICATIONS/List/'));
  await expect(page.getByRole('heading', { level: 1, name: 'Notificações' })).toBeVisible();
});

test('unknown paths get the not-found page', async ({ page }) => {
  await page.goto(withToken('/nao/existe'));
  await expect(page.getByRole('heading', { level: 1, name: 'Página não encontrada' })).toBeVisible();
  await expectAccessible(page);
});

test('home links to every area and navigates into a remote without a reload', async ({ page }) => {
  await page.goto(withToken(`/App?driverId=${DEMO_DRIVER_ID}`));
  await expect(page.getByRole('heading', { level: 1, name: 'Portal do Motorista' })).toBeVisible();
  await expectAccessible(page);
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
  await page.getByRole('link', { name: 'Seguro auto' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Seguro auto' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
});

test('/Sair ends the session and goes to /Login', async ({ page }) => {
  await page.goto(withToken('/App'));
  await expect(page.getByRole('heading', { level: 1, name: 'Portal do Motorista' })).toBeVisible();
  await page.getByRole('link', { name: 'Sair' }).click();
  await expect(page).toHaveURL(`${HOST}/Login`);
  await expect(page.getByText('Sua sessão foi encerrada.')).toBeVisible();
  expect(await page.evaluate(() => Object.keys(sessionStorage).filter((key) => key.startsWith('driver-portal:')))).toEqual([]);
  await expectAccessible(page);
});
