import { ONBOARDING_DRIVER, SMS_CODE } from '@driver-portal/sandbox-api/constants';
import { expect, HOST, proxiedService, recordRequests, test, withToken, type Locator, type Page } from './support';
import { fillVehicle } from './onboarding-data';

/**
 * Issue 44, kind 4 (docs/decisions/0019-text-in-nfc.md): text pasted decomposed (NFD, as iOS and
 * PDFs copy it) is held and sent as a keyboard types it (NFC), and an input method's composition is
 * never rewritten while it runs. Real pastes through the clipboard and a real IME composition
 * (Chromium's DevTools protocol), against the sandbox.
 */

const REGISTER = proxiedService('register');
const NEW_MOBILE = '21987650000';

/** "João Conceição" with each accent a combining mark after its letter: 17 UTF-16 units for 14 characters. */
const NFD_NAME = 'Joa\u0303o Conceic\u0327a\u0303o';
const NFC_NAME = 'Jo\u00e3o Concei\u00e7\u00e3o';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

/** Pastes `text` into the field as a driver does: copied to the clipboard, then Ctrl+V (what was there replaced). */
async function paste(page: Page, field: Locator, text: string) {
  await page.evaluate((copied) => navigator.clipboard.writeText(copied), text);
  await field.click();
  await field.press('ControlOrMeta+A');
  await field.press('ControlOrMeta+V');
}

async function toCreateAccount(page: Page) {
  await page.goto(withToken('/register/send-code/'));
  await page.getByLabel('Celular').pressSequentially(NEW_MOBILE);
  await page.getByRole('button', { name: 'Enviar código' }).click();
  await page.getByLabel('Código').pressSequentially(SMS_CODE);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Criar conta' })).toBeVisible();
}

test('a name and a password pasted decomposed into "Criar conta" go to POST api/1.0/driver as typed on a keyboard', async ({ page }) => {
  const requests = recordRequests(page);
  await toCreateAccount(page);
  const name = page.getByLabel('Nome completo');
  await paste(page, name, NFD_NAME);
  await expect(name).toHaveValue(NFC_NAME);
  // The caret stays after what was pasted: what is typed next goes at the end.
  await name.press('End');
  await name.pressSequentially(' da Silva');
  await expect(name).toHaveValue(`${NFC_NAME} da Silva`);
  await page.getByLabel('CPF').pressSequentially('39053344705');
  await page.getByLabel('E-mail').fill('joao@example.com');
  // 'açaí1234': 8 characters, 10 UTF-16 units decomposed; maxlength 8 must not cut it to 'ac\u0327ai\u03011'.
  const password = page.getByLabel('Senha');
  await paste(page, password, 'ac\u0327ai\u03011234');
  await expect(password).toHaveValue('a\u00e7a\u00ed1234');
  await page.getByRole('radio', { name: 'Masculino' }).check();
  for (const box of await page.getByRole('checkbox').all()) await box.check();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Modalidade' })).toBeVisible();

  const registration = requests.find((request) => request.method() === 'POST' && request.url() === `${REGISTER}api/1.0/driver`);
  const body = registration?.postDataJSON() as { name: string; password: string };
  expect(body.name).toBe(`${NFC_NAME} da Silva`);
  expect(body.name).toHaveLength(23);
  expect(body.password).toBe('a\u00e7a\u00ed1234');
  // Not one combining mark on the wire.
  expect(registration?.postData()).not.toMatch(/[\u0300-\u036f]/);
});

test("the vehicle owner's name and the CRLV's city pasted decomposed are sent in NFC", async ({ page }) => {
  const requests = recordRequests(page);
  await page.goto(withToken(`/register/crlv/new/0?driverId=${ONBOARDING_DRIVER.id}`));
  await expect(page.getByRole('heading', { level: 1, name: 'Dados do veículo' })).toBeVisible();
  await fillVehicle(page);
  await paste(page, page.getByLabel('Nome do proprietário'), 'Jose\u0301 Ara\u0301ujo Conceic\u0327a\u0303o');
  await paste(page, page.getByLabel('Cidade de emissão'), 'Sa\u0303o Joa\u0303o da Boa Vista');
  await expect(page.getByLabel('Nome do proprietário')).toHaveValue('Jos\u00e9 Ar\u00e1ujo Concei\u00e7\u00e3o');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page).toHaveURL(`${HOST}/register/upload-picture/0`);
  const post = requests.find(
    (request) => request.method() === 'POST' && request.url() === `${REGISTER}api/1.0/driver/${ONBOARDING_DRIVER.id}/vehicle`,
  );
  expect(post?.postDataJSON()).toMatchObject({
    OwnerName: 'Jos\u00e9 Ar\u00e1ujo Concei\u00e7\u00e3o',
    EmissionCity: 'S\u00e3o Jo\u00e3o da Boa Vista',
  });
  expect(post?.postData()).not.toMatch(/[\u0300-\u036f]/);
});

test('an input method composing decomposed text is never rewritten mid-composition; the committed text is NFC', async ({ page }) => {
  await toCreateAccount(page);
  const name = page.getByLabel('Nome completo');
  await name.click();
  await name.pressSequentially('Maria ');
  const ime = await page.context().newCDPSession(page);
  // A keyboard composing "João" letter by letter, the tilde as a combining mark (underlined, not final).
  for (const composing of ['J', 'Jo', 'Joa', 'Joa\u0303']) {
    await ime.send('Input.imeSetComposition', { text: composing, selectionStart: composing.length, selectionEnd: composing.length });
  }
  await expect(name).toHaveValue('Maria Joa\u0303');
  expect(await name.evaluate((input: HTMLInputElement) => input.selectionStart)).toBe('Maria Joa\u0303'.length);
  await ime.send('Input.imeSetComposition', { text: 'Joa\u0303o', selectionStart: 5, selectionEnd: 5 });
  await expect(name).toHaveValue('Maria Joa\u0303o');
  // The composition ends (the word committed): the text becomes NFC, the caret after it.
  await ime.send('Input.insertText', { text: 'Joa\u0303o' });
  await expect(name).toHaveValue('Maria Jo\u00e3o');
  expect(await name.evaluate((input: HTMLInputElement) => input.selectionStart)).toBe('Maria Jo\u00e3o'.length);
  await name.pressSequentially(' Silva');
  await expect(name).toHaveValue('Maria Jo\u00e3o Silva');
});
