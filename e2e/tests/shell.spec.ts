import { expect, test } from './support';
import { INSURANCE_DRIVERS } from '@driver-portal/sandbox-api/constants';
import { DEMO_DRIVER_ID, driverToken, expectAccessible, HOST, REMOTE_ORIGINS, withToken } from './support';

test('the alert dialog takes focus and its OK follows the redirect into another remote', async ({ page }) => {
  await page.goto(withToken('/App'));
  await expect(page.getByRole('heading', { level: 1, name: 'Portal do Motorista' })).toBeVisible();
  await page.getByRole('link', { name: 'Notificações' }).focus();
  // Any remote publishes alerts through the platform's event (shared/events showAlert).
  await page.evaluate((id) => {
    window.dispatchEvent(
      new CustomEvent('driver-portal:alert', { detail: { kind: 'success', title: 'Senha alterada!', redirectTo: `/eula/${id}` } }),
    );
  }, DEMO_DRIVER_ID);
  const dialog = page.getByRole('alertdialog', { name: 'Senha alterada!' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'OK' })).toBeFocused();
  await expectAccessible(page);
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Termos e políticas' })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe(`/eula/${DEMO_DRIVER_ID}`);
});

test('the same dialog works on a remote page opened standalone, redirecting home to the host', async ({ page }) => {
  await page.goto(withToken(`/eula/${DEMO_DRIVER_ID}`, REMOTE_ORIGINS.account));
  await expect(page.getByRole('heading', { level: 1, name: 'Termos e políticas' })).toBeVisible();
  await page.evaluate(() => {
    window.dispatchEvent(
      new CustomEvent('driver-portal:alert', { detail: { kind: 'error', title: 'Falhou', message: 'Tente de novo', redirectTo: '/App' } }),
    );
  });
  const dialog = page.getByRole('alertdialog', { name: 'Falhou' });
  await expect(dialog.getByRole('button', { name: 'OK' })).toBeFocused();
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL('http://localhost:3000/App');
});

test('the loading overlay covers a slow action and leaves when it ends', async ({ page }) => {
  // The sandbox's scenario driver with an active policy: cancelling it is a slow PUT here.
  await page.route('**/insurance/api/1.0/insurance/*/cancel', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1200));
    // fallback, not continue: the fixture's route (support.ts) adds the test's sandbox namespace.
    await route.fallback();
  });
  await page.goto(withToken(`/car-insurance/init/${INSURANCE_DRIVERS.active}`, HOST, driverToken(INSURANCE_DRIVERS.active)));
  await page.getByRole('button', { name: 'Cancelar seguro' }).click();
  await page.getByRole('button', { name: 'Confirmar cancelamento' }).click();
  const overlay = page.getByRole('status', { name: 'Carregando' });
  await expect(overlay).toBeVisible();
  await expect(page.getByRole('alertdialog', { name: 'Pedido de cancelamento enviado com sucesso.' })).toBeVisible();
  await expect(overlay).toBeHidden();
});

test('concurrent loads keep the overlay until the last one ends', async ({ page }) => {
  await page.goto(withToken('/App'));
  await expect(page.getByRole('heading', { level: 1, name: 'Portal do Motorista' })).toBeVisible();
  const overlay = page.getByRole('status', { name: 'Carregando' });
  const send = (id: string, active: boolean) =>
    page.evaluate(
      ([loadId, isActive]) => window.dispatchEvent(new CustomEvent('driver-portal:loading', { detail: { id: loadId, active: isActive } })),
      [id, active] as const,
    );
  await send('a', true);
  await send('b', true);
  await expect(overlay).toBeVisible();
  await send('a', false);
  await expect(overlay).toBeVisible();
  await send('b', false);
  await expect(overlay).toBeHidden();
});
