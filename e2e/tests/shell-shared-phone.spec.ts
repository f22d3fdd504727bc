import { ONBOARDING_DRIVER } from '@driver-portal/sandbox-api/constants';
import { documentPhoto } from './capture-support';
import { fillComplement, fillFinancial } from './insurance-data';
import {
  DEMO_DRIVER_ID,
  DEMO_TOKEN,
  driverToken,
  expect,
  expectAccessible,
  HOST,
  proxiedService,
  recordRequests,
  REMOTE_ORIGINS,
  SANDBOX,
  savedDraft,
  test,
  type Page,
} from './support';

/**
 * Issue 24: a shared phone. The native app opens the portal for driver A, then for driver B with
 * a new `?token=&driverId=` in the same webview (one tab, no /Sair), then for A again. Nothing
 * one driver typed, took or was shown reaches the other, at the host and at a remote's own URL.
 * Named shell-*: it runs in the nginx pass too.
 */

const A = DEMO_DRIVER_ID;
const B = ONBOARDING_DRIVER.id;
/** Driver B's own token (the sandbox issues one per driver; the driver-data proxy checks it). */
const TOKEN_B = driverToken(B);

/** The native app's address for a driver (a new page load in the same tab, as a webview's loadUrl). */
const opened = (origin: string, path: string, driver: string, token: string) => `${origin}${path}?token=${token}&driverId=${driver}`;

/** What the tab holds of the portal at this origin: session keys with their values, and databases. */
async function held(page: Page): Promise<{ keys: string; databases: string[] }> {
  return page.evaluate(async () => {
    const entries = Object.entries(window.sessionStorage).filter(([key]) => key.startsWith('driver-portal:'));
    const databases = (await indexedDB.databases()).map(({ name }) => name ?? '').filter((name) => name.startsWith('driver-portal'));
    return { keys: JSON.stringify(entries), databases };
  });
}

const heading = (page: Page, name: string) => expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

/** From the insurance home's offer to the complement step. */
async function toComplement(page: Page): Promise<void> {
  await heading(page, 'Seguro auto');
  await page.getByRole('link', { name: 'Contratar' }).click();
  await heading(page, 'Antes de contratar');
  await page.getByRole('link', { name: 'Continuar' }).click();
  await heading(page, 'Dados complementares');
}

test.beforeEach(async ({ page }) => {
  // A webview that gives the page no camera: photos come through the file input.
  await page.addInitScript(() => Object.defineProperty(navigator, 'mediaDevices', { value: undefined, configurable: true }));
});

test("at the host: driver B, opened after A without /Sair, finds none of A's answers, drafts or photo, and B's own card; A then finds nothing of B's", async ({
  page,
}) => {
  test.setTimeout(60_000);
  // Driver A: the insurance wizard (RG, then the bank), a licence draft and a photo not sent.
  await page.goto(opened(HOST, `/car-insurance/init/${A}`, A, DEMO_TOKEN));
  await toComplement(page);
  await fillComplement(page, '11.111.111-1');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await heading(page, 'Dados financeiros');
  await fillFinancial(page, '99999', { digit: false });
  await expect.poll(() => savedDraft(page, 'insurance-financial')).toContain('99999');

  await page.goto(`${HOST}/register/cnh/new/0`);
  await heading(page, 'Dados da CNH');
  await page.getByLabel('Documento de identidade (RG)').fill('111111111');
  await expect.poll(async () => (await held(page)).keys).toContain('111111111');

  await page.goto(`${HOST}/register/camera/new/0/1`);
  await page.getByLabel('Usar a câmera do celular ou escolher uma foto').setInputFiles({
    name: 'conta.jpg',
    mimeType: 'image/jpeg',
    buffer: await documentPhoto(page, 'sharp'),
  });
  await expect(page.getByRole('img', { name: 'Foto: Comprovante de residência' })).toBeVisible();
  expect((await held(page)).databases).toEqual(['driver-portal-capture']);

  // The native app opens the portal for driver B in the same webview. B drives a taxi too (the
  // insurance is offered only to a driver with one).
  expect((await fetch(`${SANDBOX}/__sandbox/register/${B}/taxi`, { method: 'POST' })).ok).toBe(true);
  const requests = recordRequests(page);
  await page.goto(opened(HOST, `/car-insurance/init/${B}`, B, TOKEN_B));
  await toComplement(page);
  await expect(page.getByLabel('RG', { exact: true })).toHaveValue('');
  await expect(page.getByLabel('Estado civil')).toHaveValue('');
  const afterSwitch = await held(page);
  for (const value of [A, DEMO_TOKEN, '11.111.111-1', '99999', '111111111']) expect(afterSwitch.keys).not.toContain(value);
  expect(afterSwitch.keys).toContain(TOKEN_B);
  await expect.poll(async () => (await held(page)).databases).toEqual([]);
  await expectAccessible(page);

  // The card tile's flow asks the card service about B, never A.
  await page.goto(`${HOST}/card-request/terms`);
  await heading(page, 'Pedir cartão');
  await expect(page.getByRole('checkbox', { name: 'Li e aceito os termos do cartão' })).toBeVisible();
  const cardCalls = requests.filter((request) => request.url().startsWith(proxiedService('card'))).map((request) => request.url());
  expect(cardCalls.length).toBeGreaterThan(0);
  for (const url of cardCalls) expect(url).toContain(B);
  expect(requests.some((request) => request.url().includes(A))).toBe(false);

  // B types an RG of their own; then the phone goes back to A.
  await page.goto(`${HOST}/car-insurance/complememnt`);
  await heading(page, 'Dados complementares');
  await page.getByLabel('RG', { exact: true }).fill('22.222.222-2');
  await expect.poll(() => savedDraft(page, 'insurance-complement')).toContain('22.222.222-2');

  await page.goto(opened(HOST, `/car-insurance/init/${A}`, A, DEMO_TOKEN));
  await toComplement(page);
  await expect(page.getByLabel('RG', { exact: true })).toHaveValue('');
  expect((await held(page)).keys).not.toContain('22.222.222-2');
  expect((await held(page)).keys).not.toContain(TOKEN_B);
});

test("at a remote's own URL (the native app's deep link): B's bank data screen shows nothing A typed there", async ({ page }) => {
  const account = REMOTE_ORIGINS.account;
  await page.goto(opened(account, `/my-account/bank-info/${A}`, A, DEMO_TOKEN));
  await heading(page, 'Dados bancários');
  await page.getByLabel('Agência', { exact: true }).fill('9876');
  await expect.poll(async () => (await held(page)).keys).toContain('9876');

  await page.goto(opened(account, `/my-account/bank-info/${B}`, B, TOKEN_B));
  await heading(page, 'Dados bancários');
  await expect(page.getByLabel('Agência', { exact: true })).not.toHaveValue('9876');
  const afterSwitch = await held(page);
  for (const value of [A, DEMO_TOKEN, '9876']) expect(afterSwitch.keys).not.toContain(value);
  await expectAccessible(page);
});
