import { DEMO_DRIVER, ONBOARDING_DRIVER, ONBOARDING_STATES, SMS_CODE } from '@driver-portal/sandbox-api/constants';
import {
  expect,
  expectAccessible,
  HOST,
  recordRequests,
  REMOTE_ORIGINS,
  SANDBOX,
  test,
  withToken,
  proxiedService,
  type Page,
  type Request,
} from './support';

/** Onboarding (issue 9): from a phone number to a driver with a modality, predicates and an address, against the sandbox. */

const NEW_MOBILE = '21987650000';
const NEW_MOBILE_MASKED = '(21) 9.8765.0000';
const REGISTER = proxiedService('register');

/** The register calls the page made, as `METHOD path` (without the service's base). */
const registerCalls = (requests: Request[]) =>
  requests
    .filter((request) => request.url().startsWith(REGISTER))
    .map((request) => `${request.method()} ${request.url().slice(REGISTER.length)}`);

async function sandboxState(): Promise<{
  register: { drivers: { id: string; mobile: string; states: number[] }[]; predicates: Record<string, Record<string, unknown>> };
  account: { drivers: Record<string, { location: unknown; modalities: { modalityType: number }[]; password: string }> };
}> {
  return (await (await fetch(`${SANDBOX}/__sandbox/state`)).json()) as never;
}

async function confirmMobile(page: Page, mobile = NEW_MOBILE) {
  await expect(page.getByRole('heading', { level: 1, name: 'Confirme seu celular' })).toBeVisible();
  const field = page.getByLabel('Celular');
  if ((await field.inputValue()) === '') await field.pressSequentially(mobile);
  await page.getByRole('button', { name: 'Enviar código' }).click();
  await expect(page.getByLabel('Código')).toBeFocused();
}

async function typeCode(page: Page, code = SMS_CODE) {
  await expect(page.getByRole('button', { name: 'Continuar' })).toBeDisabled();
  await page.getByLabel('Código').pressSequentially(code);
  await page.getByRole('button', { name: 'Continuar' }).click();
}

async function fillAccount(page: Page, { cpf = '39053344705', email = 'Ana.Souza@Example.com' } = {}) {
  await expect(page.getByRole('heading', { level: 1, name: 'Criar conta' })).toBeVisible();
  await page.getByLabel('Nome completo').fill('Ana Souza');
  await page.getByLabel('CPF').pressSequentially(cpf);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha').fill('abcd1234');
  await page.getByRole('radio', { name: 'Feminino' }).check();
  for (const box of await page.getByRole('checkbox').all()) await box.check();
}

test('a new phone from /register/send-code/ to the documents at hand, each request checked', async ({ page }) => {
  const requests = recordRequests(page);
  await page.goto(withToken('/register/send-code/'));
  await expectAccessible(page);
  await page.getByLabel('Celular').pressSequentially(NEW_MOBILE);
  await expect(page.getByLabel('Celular')).toHaveValue(NEW_MOBILE_MASKED);
  await confirmMobile(page);
  await expect(page.getByRole('status')).toHaveText(`Enviamos um código de 6 dígitos para ${NEW_MOBILE_MASKED}.`);
  await expect(page.getByLabel('Código')).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(page.getByRole('button', { name: /Reenviar código em 0:\d\d/ })).toBeDisabled();
  await expectAccessible(page);
  await typeCode(page);

  await fillAccount(page);
  await page.getByLabel('Senha').focus();
  await expect(page.getByLabel('E-mail')).toHaveValue('ana.souza@example.com');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Continuar' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Modalidade' })).toBeVisible();
  await expect(page).toHaveURL(`${HOST}/register/modality/`);
  await expectAccessible(page);
  await page.getByRole('radio', { name: 'Motorista/Taxista' }).check();
  await page.getByRole('button', { name: 'Continuar' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Sobre você' })).toBeVisible();
  await expect(page).toHaveURL(`${HOST}/register/predicates/0`);
  await page.getByRole('group', { name: 'Você é contribuinte do INSS?' }).getByRole('radio', { name: 'Sim' }).check();
  await page.getByRole('group', { name: 'Você fez o curso de condutor?' }).getByRole('radio', { name: 'Não' }).check();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Continuar' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Tenha seus documentos em mãos' })).toBeVisible();
  await expect(page).toHaveURL(`${HOST}/register/modality-view-docs/0`);
  await expect(page.getByRole('list', { name: 'Documentos necessários' }).getByRole('listitem')).toHaveCount(6);
  await expectAccessible(page);

  const guid = (await page.evaluate(() => window.sessionStorage.getItem('driver-portal:driverGuid'))) ?? '';
  expect(guid).toMatch(/^[0-9a-f-]{36}$/);
  expect(registerCalls(requests)).toEqual([
    `GET api/1.0/driver/mobile/${NEW_MOBILE}`,
    `PUT api/1.0/driver/mobile-number/${NEW_MOBILE}/verification-code`,
    `PUT api/1.0/driver/mobile-number/${NEW_MOBILE}/verification-code/${SMS_CODE}`,
    'GET api/2.0/driver/eula',
    'POST api/1.0/driver',
    `GET api/1.0/driver/${guid}/modality`,
    `PUT api/1.0/driver/${guid}/modality/0/`,
    `GET api/1.0/driver/${guid}/modality/0/predicates`,
    `POST api/1.0/driver/${guid}/modality/0/predicates`,
  ]);
  const registration = requests.find((request) => request.method() === 'POST' && request.url() === `${REGISTER}api/1.0/driver`);
  expect(registration?.postDataJSON()).toEqual({
    mobile: NEW_MOBILE,
    name: 'Ana Souza',
    email: 'ana.souza@example.com',
    cpf: '39053344705',
    password: 'abcd1234',
    gender: 'F',
    policies: [1, 2, 3],
    deviceInfo: { userAgent: expect.any(String), language: expect.any(String), screen: expect.stringMatching(/^\d+x\d+$/) },
  });
  const predicates = requests.find((request) => request.method() === 'POST' && request.url().endsWith('/predicates'));
  expect(predicates?.postDataJSON()).toEqual({
    predicates: [
      { key: 'CONTRIBUINTE_INSS', value: 'Sim' },
      { key: 'CURSO_CONDUTOR', value: 'Não' },
    ],
  });
  // The register calls go through the driver-data proxy on the page's own origin, never to the
  // service itself; the proxy passes no token on (docs/security.md).
  expect(requests.filter((item) => item.url().startsWith(`${SANDBOX}/register/`))).toEqual([]);

  const state = await sandboxState();
  const driver = state.register.drivers.find((item) => item.id === guid);
  expect(driver?.mobile).toBe(NEW_MOBILE);
  expect(driver?.states).toEqual([
    ONBOARDING_STATES.accountCreated,
    ONBOARDING_STATES.mobileConfirmed,
    ONBOARDING_STATES.modalityChosen,
    ONBOARDING_STATES.predicatesAnswered,
  ]);

  // Coming back through the router lands on the first step not done: the address.
  await page.goto(`${HOST}/register/init/${NEW_MOBILE}`);
  await expect(page).toHaveURL(`${HOST}/register/address/new/0`);
  await expect(page.getByRole('heading', { level: 1, name: 'Endereço' })).toBeVisible();
});

test('the router: a phone with state 9 goes to next steps, one without it to the modality, an unknown one to create account', async ({
  page,
}) => {
  await page.goto(withToken(`/register/init/${DEMO_DRIVER.mobile}`));
  await expect(page).toHaveURL(`${HOST}/register/next-steps/`);
  await expect(page.getByRole('heading', { level: 1, name: 'Próximos passos' })).toBeVisible();
  await expectAccessible(page);

  await page.goto(`${HOST}/register/init/${ONBOARDING_DRIVER.mobile}`);
  await expect(page).toHaveURL(`${HOST}/register/modality/`);
  await expect(page.getByRole('radio', { name: 'Motorista/Taxista' })).toBeVisible();
  expect(await page.evaluate(() => window.sessionStorage.getItem('driver-portal:driverGuid'))).toBe(ONBOARDING_DRIVER.id);

  await page.goto(`${HOST}/register/init/${NEW_MOBILE}`);
  await expect(page).toHaveURL(`${HOST}/register/create-account/${NEW_MOBILE}`);
  await expect(page.getByLabel('Celular')).toHaveValue(NEW_MOBILE_MASKED);
  expect(await page.evaluate(() => window.sessionStorage.getItem('driver-portal:driverGuid'))).toBeNull();
  await expectAccessible(page);
});

test('a phone already registered: the success-style alert, then /App; no SMS sent', async ({ page }) => {
  const requests = recordRequests(page);
  await page.goto(withToken(`/register/create-account/${DEMO_DRIVER.mobile}`));
  await expect(page.getByLabel('Celular')).toHaveValue('(11) 9.8765.4321');
  await page.getByRole('button', { name: 'Enviar código' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Esse telefone já está associado à um registro, faça o login para continuar.' });
  await expect(dialog).toHaveClass(/dialog-success/);
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(`${HOST}/App`);
  expect(registerCalls(requests)).toEqual([`GET api/1.0/driver/mobile/${DEMO_DRIVER.mobile}`]);
});

test('a wrong SMS code is refused and cleared; the right one goes on', async ({ page }) => {
  await page.goto(withToken(`/register/create-account/${NEW_MOBILE}`));
  await confirmMobile(page);
  await typeCode(page, '000000');
  const dialog = page.getByRole('alertdialog', { name: 'Por favor revise os seguintes dados:' });
  await expect(dialog).toHaveClass(/dialog-error/);
  await expect(dialog).toContainText('Código inválido.');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByLabel('Código')).toHaveValue('');
  // The cleared field says nothing before the driver types again.
  await expect(page.getByLabel('Código')).not.toHaveAttribute('aria-invalid', 'true');
  await typeCode(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Criar conta' })).toBeVisible();
});

test('the code field\'s message never moves "Reenviar código" away from the driver\'s thumb, nor shows for an empty field', async ({
  page,
}) => {
  await page.goto(withToken(`/register/create-account/${NEW_MOBILE}`));
  await confirmMobile(page);
  const resend = page.getByRole('button', { name: /Reenviar código/ });
  const before = await resend.boundingBox();
  // Leaving the field empty (the tap on the resend button blurs it) says nothing.
  await page.getByLabel('Código').blur();
  await expect(page.getByText('O código deve ter 6 dígitos')).toHaveCount(0);
  // A short code left behind is said, in the line kept for it: nothing moves.
  await page.getByLabel('Código').pressSequentially('123');
  await page.getByLabel('Código').blur();
  await expect(page.getByText('O código deve ter 6 dígitos')).toBeVisible();
  expect((await resend.boundingBox())?.y).toBe(before?.y);
});

test('a 400 on create account lists the messages and puts them under CPF and e-mail; nothing typed is lost', async ({ page }) => {
  await page.goto(withToken(`/register/create-account/${NEW_MOBILE}`));
  await confirmMobile(page);
  await typeCode(page);
  await fillAccount(page, { cpf: DEMO_DRIVER.cpf, email: DEMO_DRIVER.email });
  await page.getByRole('button', { name: 'Continuar' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Por favor revise os seguintes dados:' });
  await expect(dialog).toContainText('CPF já cadastrado.');
  await expect(dialog).toContainText('E-mail já cadastrado.');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByLabel('CPF')).toHaveAccessibleDescription('CPF já cadastrado.');
  await expect(page.getByLabel('E-mail')).toHaveAccessibleDescription('E-mail já cadastrado.');
  await expect(page.getByLabel('Nome completo')).toHaveValue('Ana Souza');
  await expect(page.getByLabel('Senha')).toHaveValue('abcd1234');
  await expect(page.getByRole('button', { name: 'Continuar' })).toBeDisabled();
  await expectAccessible(page);

  // A corrected CPF and e-mail: the driver is created.
  await page.getByLabel('CPF').fill('');
  await page.getByLabel('CPF').pressSequentially('39053344705');
  await page.getByLabel('E-mail').fill('ana.souza@example.com');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page).toHaveURL(`${HOST}/register/modality/`);
});

test('a reload mid-form keeps the draft and the confirmed mobile, never the password', async ({ page }) => {
  await page.goto(withToken(`/register/create-account/${NEW_MOBILE}`));
  await confirmMobile(page);
  await typeCode(page);
  await fillAccount(page);
  // The draft is written 250 ms after the last change.
  await page.waitForTimeout(400);
  expect(await page.evaluate(() => JSON.stringify(window.sessionStorage))).not.toContain('abcd1234');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Criar conta' })).toBeVisible();
  await expect(page.getByLabel('Nome completo')).toHaveValue('Ana Souza');
  await expect(page.getByLabel('CPF')).toHaveValue('390.533.447-05');
  await expect(page.getByLabel('E-mail')).toHaveValue('ana.souza@example.com');
  await expect(page.getByRole('radio', { name: 'Feminino' })).toBeChecked();
  await expect(page.getByLabel('Senha')).toHaveValue('');
  await expect(page.getByRole('button', { name: 'Continuar' })).toBeDisabled();
  await page.getByLabel('Senha').fill('abcd1234');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page).toHaveURL(`${HOST}/register/modality/`);
});

test('the address: a CEP found fills the address, one not found says so and keeps what was typed; the address is saved', async ({
  page,
}) => {
  const requests = recordRequests(page);
  // The onboarding driver, through the router (it holds the driver's id), then its modality and answers.
  await page.goto(withToken(`/register/init/${ONBOARDING_DRIVER.mobile}`));
  await page.getByRole('radio', { name: 'Motorista/Taxista' }).check();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.getByRole('group', { name: 'Você é contribuinte do INSS?' }).getByRole('radio', { name: 'Não' }).check();
  await page.getByRole('group', { name: 'Você fez o curso de condutor?' }).getByRole('radio', { name: 'Sim' }).check();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page).toHaveURL(`${HOST}/register/address/new/0`);
  await expect(page.getByRole('heading', { level: 1, name: 'Endereço' })).toBeVisible();
  await expectAccessible(page);

  // Submitting empty: the first required field gets the focus.
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByLabel('CEP')).toBeFocused();
  await expect(page.getByLabel('Bairro')).toHaveAccessibleDescription('Campo obrigatório');
  await expectAccessible(page);

  await page.getByLabel('Endereço').fill('Rua das Flores');
  await page.getByLabel('CEP').pressSequentially('99999999');
  await expect(page.getByLabel('CEP')).toHaveAccessibleDescription(/CEP não encontrado/);
  await expect(page.getByLabel('Endereço')).toHaveValue('Rua das Flores');
  await expectAccessible(page);

  await page.getByLabel('CEP').fill('');
  await page.getByLabel('CEP').pressSequentially('01310100');
  await expect(page.getByLabel('Endereço')).toHaveValue('Avenida Paulista');
  await expect(page.getByLabel('Bairro')).toHaveValue('Bela Vista');
  await expect(page.getByLabel('Estado')).toHaveValue('SP');
  await expect(page.getByLabel('Cidade')).toHaveValue('São Paulo');
  await expect(page.getByLabel('CEP')).not.toHaveAccessibleDescription(/CEP não encontrado/);
  const lookups = requests.filter((request) => request.url().startsWith(`${SANDBOX}/zip/`));
  expect(lookups.map((request) => new URL(request.url()).search)).toEqual(['?zipcode=99999999', '?zipcode=01310100']);
  for (const lookup of lookups) expect(await lookup.headerValue('authorization')).toBeNull();

  await page.getByLabel('Número').fill('1000');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page).toHaveURL(`${HOST}/register/upload-picture/0`);
  const state = await sandboxState();
  expect(state.account.drivers[ONBOARDING_DRIVER.id]?.location).toEqual({
    zipCode: '01310-100',
    address: 'Avenida Paulista',
    number: '1000',
    complement: null,
    district: 'Bela Vista',
    city: 'São Paulo',
    state: 'SP',
  });
  expect(state.register.drivers.find((driver) => driver.id === ONBOARDING_DRIVER.id)?.states).toContain(ONBOARDING_STATES.addressGiven);
});

test('a failing save keeps the address typed (the sandbox made to answer 500)', async ({ page }) => {
  await page.goto(withToken(`/register/init/${ONBOARDING_DRIVER.mobile}`));
  await expect(page).toHaveURL(`${HOST}/register/modality/`);
  const saveUrl = `${REGISTER}api/1.0/driver/${ONBOARDING_DRIVER.id}/location`;
  await page.route(saveUrl, (route) => route.fallback({ url: `${saveUrl}?failWith=500` }));
  await page.goto(`${HOST}/register/address/new/0`);
  await page.getByLabel('CEP').pressSequentially('20040002');
  await expect(page.getByLabel('Cidade')).toHaveValue('Rio de Janeiro');
  await page.getByLabel('Número').fill('12');
  await page.getByRole('button', { name: 'Continuar' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('Ocorreu um erro inesperado, tente novamente mais tarde.');
  await expect(dialog).toHaveClass(/dialog-error/);
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByLabel('Número')).toHaveValue('12');
  await expect(page).toHaveURL(`${HOST}/register/address/new/0`);
});

test("at the onboarding remote's own URL: the mobile confirmation, the router and the steps open as deep links", async ({ page }) => {
  const origin = REMOTE_ORIGINS.onboarding;
  await page.goto(withToken('/register/send-code/', origin));
  await expect(page.getByRole('heading', { level: 1, name: 'Confirme seu celular' })).toBeVisible();
  expect(page.url()).not.toContain('token=');
  await expectAccessible(page);

  await page.goto(`${origin}/register/init/${ONBOARDING_DRIVER.mobile}`);
  await expect(page).toHaveURL(`${origin}/register/modality/`);
  await expect(page.getByRole('radio', { name: 'Motorista/Taxista' })).toBeVisible();

  await page.goto(`${origin}/register/modality-view-docs/0`);
  await expect(page.getByRole('heading', { level: 1, name: 'Tenha seus documentos em mãos' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page).toHaveURL(`${origin}/register/address/new/0`);
  await expect(page.getByLabel('CEP')).toBeVisible();
  await expectAccessible(page);
});
