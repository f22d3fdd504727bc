import { ONBOARDING_DRIVER } from '@driver-portal/sandbox-api/constants';
import { BROWSER_STORAGE_MODES, STORAGE_WRITE_PROBE, storageOffScript, TOKEN_IN_PAGE_MEMORY } from './storage-off-support';
import {
  DEMO_DRIVER_ID,
  DEMO_TOKEN,
  driverToken,
  expect,
  HOST,
  recordRequests,
  REMOTE_ORIGINS,
  SANDBOX,
  test,
  withToken,
  type Page,
  type Request,
} from './support';

/*
 * Issue 44, 5: the session must not depend on the webview's storage settings (docs/session.md,
 * "Without storage"; decision 0020). Each storage a webview may give (null, undefined, a
 * SecurityError when read, a QuotaExceededError on every write), played before the page's own
 * scripts, at every entry: the host opened by the native app, a remote's own URL, and a journey
 * across origins (the session handoff) with its way back. The driver sees the screens with data,
 * never "Sessão expirada"; the token leaves the address and no request carries it in a URL.
 */

const EXPIRED = 'Sessão expirada. Faça login novamente.';
const NOT_KEPT = 'Neste aplicativo, o portal não consegue guardar o que você digita';
const back = (page: Page) => page.locator('header').getByRole('link', { name: 'Voltar' }).click();

/** After the address the native app opened (which carries it by design): never in a URL or a Referer. */
async function expectTokenNowhereAfterTheFirst(requests: Request[], token: string) {
  const [opened, ...after] = requests;
  expect(opened?.url()).toContain(`token=${token}`);
  expect(after.length).toBeGreaterThan(5);
  expect(after.filter((request) => request.url().includes(token)).map((request) => request.url())).toEqual([]);
  for (const request of after) expect((await request.headerValue('referer')) ?? '').not.toContain(token);
}

/** What the page's session storage does with a write: anything but 'works' proves the setting took. */
const storageWrite = (page: Page) => page.evaluate(STORAGE_WRITE_PROBE);

for (const mode of BROWSER_STORAGE_MODES) {
  test.describe(`storage ${mode}`, () => {
    test.beforeEach(async ({ context }) => {
      await context.addInitScript({ content: storageOffScript(mode) });
    });

    test('the host opened with a token lists the notifications, keeps the session from screen to screen, and a draft says once it will not survive a reload', async ({
      page,
    }) => {
      const requests = recordRequests(page);
      await page.goto(withToken(`/notifications/list/?driverId=${DEMO_DRIVER_ID}`));
      await expect(page.getByRole('list', { name: 'Notificações' })).toBeVisible();
      expect(await storageWrite(page)).not.toBe('works');
      await expect(page.getByText(EXPIRED)).toHaveCount(0);
      expect(page.url()).toBe(`${HOST}/notifications/list/?driverId=${DEMO_DRIVER_ID}`);

      // Screen to screen in the page: the home, another remote's list, my account.
      await back(page);
      await expect(page.getByRole('heading', { level: 1, name: 'Portal do Motorista' })).toBeVisible();
      await page.getByRole('link', { name: 'Depósitos' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Depósitos' })).toBeVisible();
      await back(page);
      await page.getByRole('link', { name: 'Minha conta' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Minha conta' })).toBeVisible();
      await expect(page.getByText(EXPIRED)).toHaveCount(0);

      // The first form with a draft says it once; a draft still survives leaving the form.
      await page.getByRole('link', { name: 'Alterar e-mail' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Alterar e-mail' })).toBeVisible();
      await expect(page.getByText(NOT_KEPT)).toHaveCount(1);
      await page.getByLabel('Novo e-mail').fill('maria.nova@example.com');
      await back(page);
      await page.getByRole('link', { name: 'Alterar celular' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Alterar celular' })).toBeVisible();
      await expect(page.getByText(NOT_KEPT)).toHaveCount(0);
      await back(page);
      await page.getByRole('link', { name: 'Alterar e-mail' }).click();
      await expect(page.getByLabel('Novo e-mail')).toHaveValue('maria.nova@example.com');
      await expect(page.getByText('Recuperamos o que você digitou e ainda não foi salvo.')).toBeVisible();

      const core = requests.filter((request) => request.url().startsWith(`${SANDBOX}/core/`));
      expect(core.length).toBeGreaterThan(1);
      for (const request of core) expect(await request.headerValue('authorization')).toBe(`Bearer ${DEMO_TOKEN}`);
      await expectTokenNowhereAfterTheFirst(requests, DEMO_TOKEN);

      // A new document in this tab (a reload of the list): nothing kept, no token in the address:
      // the driver signs in again, as after an expired session.
      await page.goto(`${HOST}/notifications/list/`);
      await expect(page.getByText(EXPIRED)).toBeVisible();
      await expect(page.getByRole('link', { name: 'Entrar novamente' })).toBeVisible();
    });

    test("a remote's own URL opened with a token lists the notifications; its way home hands the session to the host", async ({ page }) => {
      const requests = recordRequests(page);
      const origin = REMOTE_ORIGINS.selfService;
      await page.goto(withToken(`/notifications/list/?driverId=${DEMO_DRIVER_ID}`, origin));
      await expect(page.getByRole('list', { name: 'Notificações' })).toBeVisible();
      expect(await storageWrite(page)).not.toBe('works');
      await expect(page.getByText(EXPIRED)).toHaveCount(0);
      expect(page.url()).toBe(`${origin}/notifications/list/?driverId=${DEMO_DRIVER_ID}`);

      // The home is the host's: another origin, reached with the session through the handoff.
      await back(page);
      await expect(page).toHaveURL(`${HOST}/App`);
      await expect(page.getByRole('heading', { level: 1, name: 'Portal do Motorista' })).toBeVisible();
      expect(await page.evaluate(TOKEN_IN_PAGE_MEMORY)).toBe(DEMO_TOKEN);
      // Tiles that need the driver show: the host knows the driver.
      await page.getByRole('link', { name: 'Minha conta' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Minha conta' })).toBeVisible();
      await expect(page.getByText(EXPIRED)).toHaveCount(0);
      expect(await page.evaluate(() => window.name)).toBe('');
      await expectTokenNowhereAfterTheFirst(requests, DEMO_TOKEN);
    });

    test("a journey across origins: a document sent again from My account at the account's own URL, through the host's screens, and back", async ({
      page,
    }) => {
      test.setTimeout(90_000);
      const id = ONBOARDING_DRIVER.id;
      const token = driverToken(id);
      for (const [path, method] of [
        [`register/api/1.0/driver/${id}/modality/0/`, 'PUT'],
        [`__sandbox/onboarding/documents/${id}/1/rejected/1`, 'POST'],
      ] as const) {
        const answer = await fetch(`${SANDBOX}/${path}`, { method });
        expect(answer.ok, `${method} ${path}`).toBe(true);
      }
      const requests = recordRequests(page);
      const origin = REMOTE_ORIGINS.account;
      const list = `${origin}/my-account/change-docs/${id}`;
      await page.goto(withToken(`/my-account/change-docs/${id}?driverId=${id}`, origin, token));
      await expect(page.getByRole('heading', { level: 1, name: 'Meus documentos' })).toBeVisible();
      expect(await storageWrite(page)).not.toBe('works');
      const row = page.getByRole('list', { name: 'Documentos' }).getByRole('link', { name: /^Comprovante de endereço/ });
      await expect(row).toContainText('Recusado: envie de novo');

      await row.click();
      // The onboarding's screen, at the host: the driver and the session came along.
      await expect(page).toHaveURL(new RegExp(`^${HOST}/register/details-picture/0/1\\?`));
      await expect(page.getByRole('heading', { level: 1, name: 'Comprovante de residência' })).toBeVisible();
      expect(page.url()).not.toContain('portal-handoff');
      expect(await page.evaluate(TOKEN_IN_PAGE_MEMORY)).toBe(token);
      await page.getByRole('link', { name: 'Tirar foto' }).click();
      await page.getByLabel('Usar a câmera do celular ou escolher uma foto').setInputFiles({
        name: 'comprovante.jpg',
        mimeType: 'image/jpeg',
        buffer: await documentPhoto(page),
      });
      await expect(page.getByRole('img', { name: 'Foto: Comprovante de residência' })).toBeVisible();
      await page.getByRole('button', { name: 'Enviar foto' }).click();

      // The way back: the list at the account's own URL, its new status, still signed in there.
      await expect(page).toHaveURL(new RegExp(`^${list}(\\?driverId=${id})?$`));
      await expect(row).toContainText('Em análise');
      await back(page);
      await expect(page.getByRole('heading', { level: 1, name: 'Minha conta' })).toBeVisible();
      await expect(page.getByText(EXPIRED)).toHaveCount(0);
      await expectTokenNowhereAfterTheFirst(requests, token);
    });
  });
}

/** A photo of a printed page, drawn in the page (a JPEG the capture's quality check accepts). */
async function documentPhoto(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 1200;
    canvas.height = 1600;
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#d8d8d4';
    context.fillRect(0, 0, 1200, 1600);
    context.fillStyle = '#282828';
    let seed = 5;
    for (let y = 120; y < 1500; y += 60)
      for (let x = 80; x < 1100; x += 30) {
        seed = (seed * 9301 + 49297) % 233280;
        if (seed / 233280 > 0.25) context.fillRect(x, y, 8 + (seed % 16), 28);
      }
    return canvas.toDataURL('image/jpeg', 0.9).split(',')[1] ?? '';
  });
  return Buffer.from(base64, 'base64');
}
