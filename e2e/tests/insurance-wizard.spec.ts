import { INSURANCE_DRIVERS } from '@driver-portal/sandbox-api/constants';
import { fillComplement, fillFinancial } from './insurance-data';
import { expect, test, type Page } from './support';
import {
  DEMO_DRIVER_ID,
  driverToken,
  expectAccessible,
  HOST,
  proxiedService,
  REMOTE_ORIGINS,
  SANDBOX,
  savedDraft,
  withToken,
} from './support';

const HOME = `/car-insurance/init/${DEMO_DRIVER_ID}`;
const SUCCESS_TEXT = 'Que bom ter você como cliente! Em breve seu seguro de automóvel SulAmérica estará vigente.';
const PROCESSING_TEXT = 'Sua contratação está sendo processada. Em breve você receberá o número da sua apólice.';
const CONTRACT_URL = `${proxiedService('insurance')}api/1.0/insurance`;

interface SandboxInsurance {
  insurance: {
    policiesByDriver: Record<
      string,
      { active: boolean; policyNumber: string | null; expirationDate: string | null; requestId: string | null }
    >;
    requests: Array<{ body: Record<string, unknown> }>;
    actions: Array<{ requestId: string; action: string }>;
  };
}

async function sandboxState(): Promise<SandboxInsurance> {
  return (await (await fetch(`${SANDBOX}/__sandbox/state`)).json()) as SandboxInsurance;
}

const heading = (page: Page, name: string) => expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

/** Every wizard screen has its way back in the header (the crawl of shell-no-dead-ends cannot reach them). */
async function checkScreen(page: Page, title: string): Promise<void> {
  await heading(page, title);
  await expect(page.locator('header').getByRole('link', { name: 'Voltar' })).toHaveCount(1);
  await expectAccessible(page);
}

/** From the insurance home's offer to the first step. */
async function startContract(page: Page): Promise<void> {
  await page.goto(withToken(HOME));
  await heading(page, 'Seguro auto');
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Contratar' }).click();
  await checkScreen(page, 'Antes de contratar');
  await page.getByRole('link', { name: 'Continuar' }).click();
  await checkScreen(page, 'Dados complementares');
}

const continueButton = (page: Page) => page.getByRole('button', { name: 'Continuar' });

async function addDriver(page: Page, name: string, birthDate: string, cpf: string): Promise<void> {
  await page.getByLabel('Nome do condutor').fill(name);
  await page.getByLabel('Data de nascimento').fill(birthDate);
  await page.getByLabel('CPF do condutor').fill(cpf);
  await page.getByRole('button', { name: 'Adicionar condutor' }).click();
}

/** Through the review to the terms, accepted. */
async function reviewAndAccept(page: Page): Promise<void> {
  await continueButton(page).click();
  await checkScreen(page, 'Termos e condições');
  await page.getByRole('checkbox', { name: 'Li e aceito os termos e condições do seguro' }).check();
}

test('a full contract as the vehicle owner: the policy is active, first being processed, then numbered', async ({ page }) => {
  // Eight steps, each checked with axe: over 30 s through nginx on a loaded 2-core machine.
  test.slow();
  await startContract(page);
  await continueButton(page).click();
  await expect(page.getByText('Campo obrigatório').first()).toBeVisible();
  await expectAccessible(page);
  await fillComplement(page);
  await continueButton(page).click();

  await checkScreen(page, 'Dados financeiros');
  await fillFinancial(page);
  await continueButton(page).click();

  await checkScreen(page, 'Proprietário do veículo');
  await page.getByRole('radio', { name: 'Sim' }).check();
  await continueButton(page).click();

  // The owner is the driver: owner-info is skipped.
  await checkScreen(page, 'Condutores adicionais');
  await expect(page.getByText('Nenhum condutor adicional')).toBeVisible();
  await continueButton(page).click();

  await checkScreen(page, 'Revise seus dados');
  const owner = page.getByRole('region', { name: 'Proprietário do veículo' });
  await expect(owner.getByText('Maria Aparecida dos Santos')).toBeVisible();
  await expect(owner.getByText('529.982.247-25')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Dados financeiros' }).getByText('341 - Itaú Unibanco')).toBeVisible();
  await reviewAndAccept(page);

  const posted = page.waitForRequest((request) => request.method() === 'POST' && request.url() === CONTRACT_URL);
  await page.getByRole('button', { name: 'Contratar' }).click();
  const dialog = page.getByRole('alertdialog', { name: SUCCESS_TEXT });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  expect((await posted).postDataJSON()).toMatchObject({
    DriverId: DEMO_DRIVER_ID,
    Insured: { MaritalStatus: 'Casado', DocumentIssueDate: '2010-05-10', IsVehicleOwner: true, RG: '12.345.678-9', UfRG: 'SP' },
    Financial: { Bank: '341', AgencyNumber: '1234', AgencyNumberDigit: '', AccountNumber: '56789', AccountNumberDigit: '7' },
    Vehicle: { Plate: 'BRA2E19', UfLicencePlate: 'SP' },
    VehicleOwner: { Name: 'Maria Aparecida dos Santos', CPF: '52998224725' },
    AdditionalDrivers: [],
  });
  await dialog.getByRole('button', { name: 'OK' }).click();

  // The insurance home: the policy is active, being processed.
  await expect(page).toHaveURL(`${HOST}${HOME}`);
  await expect(page.getByRole('status').filter({ hasText: PROCESSING_TEXT })).toBeVisible();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Contratar' })).toHaveCount(0);
  await expectAccessible(page);
  const policy = (await sandboxState()).insurance.policiesByDriver[DEMO_DRIVER_ID];
  expect(policy).toMatchObject({ active: true, policyNumber: null });

  // A later visit says it in an alert too (the documents' alert), with the notice on the page.
  await page.reload();
  const processing = page.getByRole('alertdialog', { name: 'Contratação em processamento' });
  await expect(processing).toBeVisible();
  await expect(processing).toContainText(PROCESSING_TEXT);
  await expectAccessible(page);
  await processing.getByRole('button', { name: 'OK' }).click();

  // The insurer issues the number (sandbox hook): the home shows it, with the cancel button.
  const issued = await fetch(`${SANDBOX}/__sandbox/insurance/${DEMO_DRIVER_ID}/issue-policy`, { method: 'POST' });
  const { policyNumber } = (await issued.json()) as { policyNumber: string };
  await page.reload();
  await expect(page.getByText(policyNumber)).toBeVisible();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Cancelar seguro' })).toBeVisible();
  await page.getByRole('link', { name: 'Detalhes do contrato' }).click();
  await checkScreen(page, 'Detalhes do contrato');
  await expect(page.getByText(policy?.requestId ?? 'no request id')).toBeVisible();
  await expect(page.getByText('Dia 10')).toBeVisible();
});

test('a non-owner with three additional drivers (a repeated CPF refused)', async ({ page }) => {
  await startContract(page);
  await fillComplement(page);
  await continueButton(page).click();
  await heading(page, 'Dados financeiros');
  await fillFinancial(page);
  await continueButton(page).click();
  await heading(page, 'Proprietário do veículo');
  await page.getByRole('radio', { name: 'Não' }).check();
  await continueButton(page).click();

  await checkScreen(page, 'Dados do proprietário');
  await page.getByLabel('Nome do proprietário').fill('José da Silva');
  await page.getByLabel('CPF do proprietário').fill('98765432100');
  await continueButton(page).click();

  await checkScreen(page, 'Condutores adicionais');
  await addDriver(page, 'Ana Souza', '01021985', '11144477735');
  await addDriver(page, 'Bruno Lima', '15071990', '11144477735');
  await expect(page.getByText('cpf repetido')).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('CPF do condutor').fill('39053344705');
  await page.getByRole('button', { name: 'Adicionar condutor' }).click();
  await addDriver(page, 'Carla Dias', '30111975', '12345678909');
  await expect(page.getByText('Você já incluiu o máximo de 3 condutores adicionais.')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Condutores adicionais' }).getByRole('listitem')).toHaveCount(3);
  await expectAccessible(page);
  await continueButton(page).click();

  await checkScreen(page, 'Revise seus dados');
  await expect(page.getByRole('region', { name: 'Proprietário do veículo' }).getByText('José da Silva')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Condutores adicionais' }).getByRole('listitem')).toHaveCount(3);
  await reviewAndAccept(page);
  await page.getByRole('button', { name: 'Contratar' }).click();
  await expect(page.getByRole('alertdialog', { name: SUCCESS_TEXT })).toBeVisible();

  const [request] = (await sandboxState()).insurance.requests;
  expect(request?.body).toMatchObject({
    Insured: { IsVehicleOwner: false },
    VehicleOwner: { Name: 'José da Silva', CPF: '98765432100' },
    AdditionalDrivers: [
      { Name: 'Ana Souza', BirthDate: '1985-02-01', CPF: '11144477735' },
      { Name: 'Bruno Lima', BirthDate: '1990-07-15', CPF: '39053344705' },
      { Name: 'Carla Dias', BirthDate: '1975-11-30', CPF: '12345678909' },
    ],
  });
});

test("submit answered 400 shows the insurer's message; 500 the unexpected-error text; the answers stay and the contract goes through after", async ({
  page,
}) => {
  await startContract(page);
  // The RG and its state are asked on the form now (the insurer refuses without them).
  await continueButton(page).click();
  await expect(page.getByLabel('RG', { exact: true })).toHaveAccessibleDescription('Campo obrigatório');
  await expect(page.getByLabel('Estado emissor do RG')).toHaveAccessibleDescription('Campo obrigatório');
  await fillComplement(page);
  await continueButton(page).click();
  await heading(page, 'Dados financeiros');
  await fillFinancial(page);
  await continueButton(page).click();
  await page.getByRole('radio', { name: 'Sim' }).check();
  await continueButton(page).click();
  await heading(page, 'Condutores adicionais');
  await continueButton(page).click();
  await heading(page, 'Revise seus dados');
  await reviewAndAccept(page);

  // The insurer refuses with its own message (a 400 of this call only).
  await page.route(CONTRACT_URL, (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 400, json: { validations: [{ message: 'Veículo não encontrado.' }] } })
      : route.fallback(),
  );
  await page.getByRole('button', { name: 'Contratar' }).click();
  const invalid = page.getByRole('alertdialog', { name: 'Por favor revise os seguintes dados:' });
  await expect(invalid).toContainText('Veículo não encontrado.');
  await expectAccessible(page);
  await invalid.getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(`${HOST}/car-insurance/terms`);

  // The insurer fails: ?failWith=500 added to this call only (fallback keeps the test's namespace).
  await page.unroute(CONTRACT_URL);
  await page.route(CONTRACT_URL, (route) => route.fallback({ url: `${CONTRACT_URL}?failWith=500` }));
  await page.getByRole('button', { name: 'Contratar' }).click();
  const failed = page.getByRole('alertdialog', { name: 'Algo deu errado' });
  await expect(failed).toContainText('Ocorreu um erro inesperado, tente novamente mais tarde.');
  await failed.getByRole('button', { name: 'OK' }).click();
  expect((await sandboxState()).insurance.requests).toHaveLength(0);

  // The same answers, once the insurer answers again.
  await page.unroute(CONTRACT_URL);
  await page.getByRole('button', { name: 'Contratar' }).click();
  await expect(page.getByRole('alertdialog', { name: SUCCESS_TEXT })).toBeVisible();
});

test('a reload mid-wizard keeps the answers, back and forth keeps them, and a step opened too early leads to the first not done', async ({
  page,
}) => {
  await startContract(page);
  await page.getByLabel('Estado civil').selectOption('Divorciado');
  await page.getByLabel('RG', { exact: true }).fill('99.888.777-6');
  // The draft is written a moment after the last key.
  await expect.poll(() => savedDraft(page, 'insurance-complement')).toContain('99.888.777-6');
  await page.reload();
  await heading(page, 'Dados complementares');
  await expect(page.getByLabel('Estado civil')).toHaveValue('Divorciado');
  await expect(page.getByLabel('RG', { exact: true })).toHaveValue('99.888.777-6');
  await page.getByLabel('Estado emissor do RG').selectOption('MG');
  await page.getByLabel('Data de emissão do RG').fill('01022003');
  await continueButton(page).click();

  await heading(page, 'Dados financeiros');
  await fillFinancial(page);
  await expect.poll(() => savedDraft(page, 'insurance-financial')).toContain('"accountDigit":"7"');
  await page.reload();
  await expect(page.getByLabel('Conta', { exact: true })).toHaveValue('56789');
  await continueButton(page).click();
  await heading(page, 'Proprietário do veículo');

  // Back twice and forward again: nothing lost.
  await page.goBack();
  await heading(page, 'Dados financeiros');
  await expect(page.getByLabel('Banco')).toHaveValue('341');
  await page.goBack();
  await heading(page, 'Dados complementares');
  await expect(page.getByLabel('Data de emissão do RG')).toHaveValue('01/02/2003');
  await page.goForward();
  await heading(page, 'Dados financeiros');
  await expect(page.getByLabel('Agência', { exact: true })).toHaveValue('1234');

  // The terms opened directly: the owner question is the first step not done.
  await page.goto(`${HOST}/car-insurance/terms`);
  await heading(page, 'Proprietário do veículo');
  await expect(page).toHaveURL(`${HOST}/car-insurance/owner`);

  // At the remote's own URL (its own session), the alias of the misspelt deep link opens the first step.
  await page.goto(withToken(`/car-insurance/complement?driverId=${DEMO_DRIVER_ID}`, REMOTE_ORIGINS.insurance));
  await checkScreen(page, 'Dados complementares');
  await expect(page.getByLabel('Estado civil')).toHaveValue('');
  await page.goto(`${REMOTE_ORIGINS.insurance}/car-insurance/drivers`);
  await heading(page, 'Dados complementares');
  await expect(page).toHaveURL(`${REMOTE_ORIGINS.insurance}/car-insurance/complememnt`);
});

test('renew an expired policy and cancel an active one: the sandbox changes them', async ({ page }) => {
  await page.goto(withToken(`/car-insurance/init/${INSURANCE_DRIVERS.expired}`, HOST, driverToken(INSURANCE_DRIVERS.expired)));
  await page.getByRole('button', { name: 'Renovar seguro' }).click();
  await page.getByRole('button', { name: 'Confirmar renovação' }).click();
  const renewed = page.getByRole('alertdialog', { name: 'Pedido de renovação enviado com sucesso.' });
  await expect(renewed).toBeVisible();
  await expectAccessible(page);
  await renewed.getByRole('button', { name: 'OK' }).click();
  await page.reload();
  // Valid again for a year: cancel instead of renew.
  await expect(page.getByRole('button', { name: 'Cancelar seguro' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Renovar seguro' })).toHaveCount(0);

  // Another driver (a session of their own: a later link's token never replaces the session's).
  await page.evaluate(() => window.sessionStorage.clear());
  await page.goto(withToken(`/car-insurance/init/${INSURANCE_DRIVERS.active}`, HOST, driverToken(INSURANCE_DRIVERS.active)));
  await page.getByRole('button', { name: 'Cancelar seguro' }).click();
  await page.getByRole('button', { name: 'Confirmar cancelamento' }).click();
  const cancelled = page.getByRole('alertdialog', { name: 'Pedido de cancelamento enviado com sucesso.' });
  await expect(cancelled).toBeVisible();
  await cancelled.getByRole('button', { name: 'OK' }).click();
  // The home reads the policy again at once: no validity left on the page.
  await expect(page.getByText('Você não tem mais um seguro ativo.')).toBeVisible();
  await expect(page.getByText('Vigência até')).toHaveCount(0);
  await page.reload();
  // The policy ended. This sandbox driver has no taxi registered: told so, not offered a contract.
  await expect(page.getByRole('heading', { name: 'Cadastre o seu táxi para contratar' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Contratar' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Cancelar seguro' })).toHaveCount(0);
  await expectAccessible(page);
  expect((await sandboxState()).insurance.actions.map(({ action }) => action)).toEqual(['renew', 'cancel']);
});

test('a 10,000-character name is refused; the longest name allowed, unbroken, keeps "Remover" on a phone screen', async ({ page }) => {
  await startContract(page);
  await fillComplement(page);
  await continueButton(page).click();
  await fillFinancial(page);
  await continueButton(page).click();
  await page.getByRole('radio', { name: 'Sim' }).check();
  await continueButton(page).click();
  await checkScreen(page, 'Condutores adicionais');

  await addDriver(page, 'A'.repeat(10_000), '01021985', '11144477735');
  await expect(page.getByLabel('Nome do condutor')).toHaveAccessibleDescription('Use no máximo 100 caracteres.');
  await expect(page.getByRole('list', { name: 'Condutores adicionais' })).toHaveCount(0);
  await addDriver(page, 'Ana \u202eazuoS', '01021985', '11144477735');
  await expect(page.getByLabel('Nome do condutor')).toHaveAccessibleDescription(/caractere invisível/);

  const longest = 'B'.repeat(100);
  await addDriver(page, longest, '01021985', '11144477735');
  const remove = page.getByRole('button', { name: `Remover ${longest}` });
  await expect(remove).toBeVisible();
  const layout = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, screen: window.innerWidth }));
  expect(layout.page).toBeLessThanOrEqual(layout.screen);
  const box = await remove.boundingBox();
  expect((box?.x ?? Infinity) + (box?.width ?? 0)).toBeLessThanOrEqual(layout.screen);
});
