import { DEMO_DRIVER_ID, expect, HOST, test, withToken } from './support';

// Issue 29, point 5: a chunk that cannot load is tried once more, then given up quietly
// (telemetry) or replaced by a message (the shell); never an uncaught error.

const chunk = (name: string) => (url: URL) => url.origin === HOST && new RegExp(`^/${name}\\.[0-9a-f]+\\.js$`).test(url.pathname);

test('the telemetry chunk never loading: tried twice, then nothing, and no uncaught error', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  let asked = 0;
  await page.route(chunk('telemetry'), (route) => {
    asked += 1;
    return route.abort('internetdisconnected');
  });
  await page.goto(withToken(`/App?driverId=${DEMO_DRIVER_ID}`));
  await expect(page.getByRole('heading', { level: 1, name: 'Portal do Motorista' })).toBeVisible();
  // After the first screen, 2 s, idle time, and the retry's pause.
  await expect.poll(() => asked, { timeout: 15_000 }).toBe(2);
  await page.waitForTimeout(1500);
  expect(asked).toBe(2);
  expect(errors).toEqual([]);
  await expect(page.getByRole('heading', { level: 1, name: 'Portal do Motorista' })).toBeVisible();
});

test("the shell's chunk never loading: a message with a way to try again, no blank page, no uncaught error", async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  let blocked = true;
  await page.route(chunk('bootstrap'), (route) => (blocked ? route.abort('internetdisconnected') : route.fallback()));
  await page.goto(withToken('/App'));
  await expect(page.getByRole('alert')).toContainText('Não foi possível abrir o portal');
  expect(errors).toEqual([]);
  // Back online: the button reloads the page and the portal opens.
  blocked = false;
  await page.getByRole('button', { name: 'Tentar novamente' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Portal do Motorista' })).toBeVisible();
});
