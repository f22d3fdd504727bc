import { expect, test } from './support';
import { DEMO_DRIVER_ID, expectAccessible, HOST, REMOTE_ORIGINS, withToken } from './support';

test('notifications: list to a detail whose HTML body is sanitized', async ({ page }) => {
  await page.goto(withToken('/notifications/list/'));
  const items = page.getByRole('list', { name: 'Notificações' }).getByRole('listitem');
  await expect(items.first()).toBeVisible();
  const links = page.getByRole('list', { name: 'Notificações' }).getByRole('link');
  const count = await links.count();
  // Open every notification: the one with the malicious payload among them must not run it.
  for (let index = 0; index < count; index += 1) {
    const link = links.nth(index);
    const title = (await link.getByRole('heading').textContent())?.trim() ?? '';
    await link.click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.locator('.html-body, .empty-state').first()).toBeVisible();
    await page.waitForTimeout(100);
    expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
    expect(await page.locator('.html-body script, .html-body [onerror]').count()).toBe(0);
    if (index === 0) await expectAccessible(page);
    await page.goBack();
    await expect(items.first()).toBeVisible();
  }
});

test('notifications in register mode: HRef links and a Sair link to /Sair', async ({ page }) => {
  await page.goto(withToken(`/notifications/list/?driverId=${DEMO_DRIVER_ID}`));
  await expect(page.getByRole('link', { name: 'Sair' })).toHaveAttribute('href', '/Sair');
  expect(page.url()).toContain(`driverId=${DEMO_DRIVER_ID}`);
  // The header renders before the list has loaded: wait for the items, then read their links.
  const links = page.getByRole('list', { name: 'Notificações' }).getByRole('link');
  await expect(links.first()).toBeVisible();
  const hrefs = await links.evaluateAll((links) => links.map((link) => link.getAttribute('href')));
  expect(hrefs.some((href) => href?.startsWith('https://'))).toBe(true);
  expect(hrefs.some((href) => href?.startsWith('/register/'))).toBe(true);
  await page.getByRole('link', { name: 'Sair' }).click();
  await expect(page.getByText('Sua sessão foi encerrada.')).toBeVisible();
});

test('notifications without a session token say the session expired and lead to sign in, not a blank page', async ({ page }) => {
  await page.goto('/notifications/list/');
  await expect(page.getByRole('alert')).toContainText(/Sessão expirada/);
  // Retrying would send the same missing token: the way out is signing in again (shell-session-expired.spec.ts).
  await expect(page.getByRole('button', { name: 'Tentar novamente' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Entrar novamente' })).toBeVisible();
});

for (const [where, origin] of [
  ['the host', HOST],
  ['the remote', REMOTE_ORIGINS.selfService],
] as const) {
  test(`a notification detail opens as a deep link at ${where}`, async ({ page }) => {
    await page.goto(withToken('/notifications/details/1005', origin));
    // Opened directly, without the list: the generic title, and the body.
    await expect(page.getByRole('heading', { level: 1, name: 'Notificação' })).toBeVisible();
    await expect(page.locator('.html-body')).not.toBeEmpty();
    await expectAccessible(page);
  });
}
