import { ONBOARDING_DRIVER } from '@driver-portal/sandbox-api/constants';
import {
  expect,
  expectAccessible,
  HOST,
  recordRequests,
  REMOTE_ORIGINS,
  SANDBOX,
  sandboxHeaders,
  test,
  withToken,
  proxiedService,
} from './support';
import { fillLicence, fillVehicle, THIS_YEAR } from './onboarding-data';

/**
 * Onboarding 2 (issue 10), forms and review: the licence and vehicle data filled, sent and read
 * back, the after-submit routing, the vehicle age notice, drafts, and the document review with
 * its statuses and a rejected document's reason leading to its capture, against the sandbox.
 */

const ID = ONBOARDING_DRIVER.id;
const REGISTER = proxiedService('register');
const asDriver = (path: string) => withToken(`${path}${path.includes('?') ? '&' : '?'}driverId=${ID}`);

async function chooseModality(modalityType = 0) {
  const response = await fetch(`${REGISTER}api/1.0/driver/${ID}/modality/${modalityType}/`, { method: 'PUT', headers: sandboxHeaders() });
  expect(response.ok).toBe(true);
}

async function sandboxState(): Promise<{
  register: { drivers: { id: string; states: number[] }[] };
  documents: { sentToReview: { driverId: string; modalityType: number }[] };
}> {
  return (await (await fetch(`${SANDBOX}/__sandbox/state`, { headers: sandboxHeaders() })).json()) as never;
}

async function setDocument(type: number, status: string) {
  const response = await fetch(`${SANDBOX}/__sandbox/onboarding/documents/${ID}/${type}/${status}`, {
    method: 'POST',
    headers: sandboxHeaders(),
  });
  expect(response.ok).toBe(true);
}

test('the licence is filled, sent and read back; the new flow goes on to the checklist', async ({ page }) => {
  const requests = recordRequests(page);
  await page.goto(asDriver('/register/cnh/new/0'));
  await expect(page.getByRole('heading', { level: 1, name: 'Dados da CNH' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continuar' })).toBeDisabled();
  await expectAccessible(page);
  await fillLicence(page);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page).toHaveURL(`${HOST}/register/upload-picture/0`);
  const post = requests.find((request) => request.method() === 'POST' && request.url() === `${REGISTER}api/1.0/driver/${ID}/license`);
  expect(post?.postDataJSON()).toMatchObject({
    Category: 'A/B',
    EmissionDate: '2025-01-31',
    ExpirationDate: '2030-01-31',
    MirrorNumber: '9876543210',
  });

  await page.goto(asDriver('/register/cnh/new/0'));
  await expect(page.getByText(`Titular: ${ONBOARDING_DRIVER.name} · CPF 111.444.777-35`)).toBeVisible();
  await expect(page.getByLabel('Documento de identidade (RG)')).toHaveValue('123456789');
  await expect(page.getByLabel('Data de emissão')).toHaveValue('31/01/2025');
  await expect(page.getByLabel('UF de emissão')).toHaveValue('SP');
});

test('the vehicle: brands then models, the age notice, CNPJ owner; sent and read back', async ({ page }) => {
  const requests = recordRequests(page);
  await page.goto(asDriver('/register/crlv/new/0'));
  await expect(page.getByRole('heading', { level: 1, name: 'Dados do veículo' })).toBeVisible();
  await expectAccessible(page);
  await fillVehicle(page, THIS_YEAR - 8);
  const year = page.getByLabel('Ano de fabricação');
  await expect(year).toHaveAccessibleDescription(
    'Veículos com 8 anos ou mais de fabricação não são aceitos: este CRLV será recusado na análise.',
  );
  await expectAccessible(page);
  await year.fill('');
  await year.pressSequentially(String(THIS_YEAR - 7));
  await expect(page.getByText(/8 anos ou mais/)).toHaveCount(0);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page).toHaveURL(`${HOST}/register/upload-picture/0`);
  const post = requests.find((request) => request.method() === 'POST' && request.url() === `${REGISTER}api/1.0/driver/${ID}/vehicle`);
  expect(post?.postDataJSON()).toMatchObject({
    Plate: 'ABC1D23',
    Brand: 1,
    Model: 102,
    ManufactureYear: THIS_YEAR - 7,
    OwnerDocument: '11222333000181',
  });

  await page.goto(asDriver('/register/crlv/new/0'));
  await expect(page.getByLabel('Placa')).toHaveValue('ABC1D23');
  await expect(page.getByLabel('Modelo', { exact: true })).toHaveValue('102');
  await expect(page.getByLabel('Ano de fabricação')).toHaveValue(String(THIS_YEAR - 7));
});

test("issue 44: the issue's RENAVAM is refused under the field and nothing is sent; the corrected one goes out", async ({ page }) => {
  const requests = recordRequests(page);
  const vehiclePosts = () =>
    requests.filter((request) => request.method() === 'POST' && request.url() === `${REGISTER}api/1.0/driver/${ID}/vehicle`);
  await page.goto(asDriver('/register/crlv/new/0'));
  await expect(page.getByRole('heading', { level: 1, name: 'Dados do veículo' })).toBeVisible();
  await fillVehicle(page);
  const renavam = page.getByLabel('RENAVAM', { exact: true });
  await renavam.fill('');
  await renavam.pressSequentially('12345678901');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(renavam).toBeFocused();
  await expect(renavam).toHaveAccessibleDescription('RENAVAM inválido: confira o último dígito.');
  await expect(renavam).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page);
  expect(vehiclePosts()).toHaveLength(0);

  await renavam.fill('');
  await renavam.pressSequentially('12345678900');
  await expect(renavam).not.toHaveAttribute('aria-invalid', 'true');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page).toHaveURL(`${HOST}/register/upload-picture/0`);
  expect(vehiclePosts()).toHaveLength(1);
  expect(vehiclePosts()[0]?.postDataJSON()).toEqual({
    ModalityType: 0,
    CurrentYear: THIS_YEAR,
    Renavam: '12345678900',
    Chassis: '9BWZZZ377VT004251',
    Plate: 'ABC1D23',
    Type: 'Automóvel',
    Fuel: 'ALCOOL/GASOLINA',
    Brand: 1,
    Model: 102,
    ManufactureYear: THIS_YEAR - 2,
    ModelYear: THIS_YEAR - 1,
    Color: 'Branca',
    Remark: 'Nada consta',
    EmissionCity: 'São Paulo',
    EmissionDate: '2026-02-10',
    IssuingState: 'SP',
    CrlvNumber: '123456789012',
    OwnerName: 'João Batista Ferreira',
    OwnerDocument: '11222333000181',
  });
});

test('issue 44: a licence of category E can be entered, and goes out as E', async ({ page }) => {
  const requests = recordRequests(page);
  await page.goto(asDriver('/register/cnh/new/0'));
  await expect(page.getByRole('heading', { level: 1, name: 'Dados da CNH' })).toBeVisible();
  await fillLicence(page);
  const category = page.getByLabel('Categoria');
  await expect(category.getByRole('option')).toHaveText(['Selecione', 'A', 'B', 'C', 'D', 'E', 'AB', 'AC', 'AD', 'AE']);
  await category.selectOption({ label: 'E' });
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page).toHaveURL(`${HOST}/register/upload-picture/0`);
  const post = requests.find((request) => request.method() === 'POST' && request.url() === `${REGISTER}api/1.0/driver/${ID}/license`);
  expect(post?.postDataJSON()).toMatchObject({ Category: 'E', RegisterNumber: '01234567807' });
});

test('a draft survives a reload and a trip elsewhere', async ({ page }) => {
  await page.goto(asDriver('/register/crlv/edit/0'));
  await page.getByLabel('Cor', { exact: true }).pressSequentially('Prata');
  await page.getByLabel('Marca', { exact: true }).selectOption({ label: 'Fiat' });
  await page.getByLabel('Modelo', { exact: true }).selectOption({ label: 'Cronos 1.3' });
  await page.reload();
  await expect(page.getByLabel('Cor', { exact: true })).toHaveValue('Prata');
  await expect(page.getByLabel('Modelo', { exact: true })).toHaveValue('201');

  await page.goto(asDriver('/register/cnh/edit/0'));
  await page.getByLabel('Nome da mãe').pressSequentially('Ana Ferreira');
  await page.getByLabel('Categoria').selectOption('D');
  await page.goto(`${HOST}/register/modality/`);
  await expect(page.getByRole('heading', { level: 1, name: 'Modalidade' })).toBeVisible();
  await page.goBack();
  await expect(page.getByLabel('Nome da mãe')).toHaveValue('Ana Ferreira');
  await expect(page.getByLabel('Categoria')).toHaveValue('D');
});

test('after the data: a journey from My account returns there; the edit flow restarts the review queue', async ({ page }) => {
  await chooseModality(0);
  // The driver is in review: every document of the taxi modality was sent.
  for (const type of [0, 1, 2, 3, 4, 5]) await setDocument(type, 'created');
  // Change-document mode is a journey: where to come back travels in the address (issue 20).
  await page.goto(asDriver(`/register/crlv/edit/0?returnTo=${encodeURIComponent(`/my-account/change-docs/${ID}`)}`));
  await fillVehicle(page);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page).toHaveURL(`${HOST}/my-account/change-docs/${ID}`);

  // The vehicle's data is there (the review queue needs the licence's and the vehicle's data too).
  await page.goto(asDriver('/register/cnh/edit/0'));
  await fillLicence(page);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Análise dos documentos' })).toBeVisible();
  await expect(page).toHaveURL(`${HOST}/register/review-docs/${ID}`);
  const state = await sandboxState();
  expect(state.documents.sentToReview).toEqual([expect.objectContaining({ driverId: ID, modalityType: 0 })]);
  expect(state.register.drivers.find((driver) => driver.id === ID)?.states).toContain(9);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Análise dos documentos' })).toBeVisible();
  expect((await sandboxState()).documents.sentToReview).toHaveLength(1);
});

test('the review: approved, waiting, rejected and not sent; a rejected one explains why and leads to its capture', async ({ page }) => {
  await chooseModality(0);
  await setDocument(0, 'rejected/5');
  await setDocument(1, 'approved');
  await setDocument(2, 'created');
  await setDocument(4, 'rejected/10');
  await page.goto(withToken(`/register/review-docs/${ID}`));
  await expect(page.getByRole('heading', { level: 1, name: 'Análise dos documentos' })).toBeVisible();
  const row = (name: string) => page.getByRole('list', { name: 'Documentos' }).getByRole('listitem').filter({ hasText: name });
  await expect(row('Comprovante de residência')).toContainText('Documento Aprovado');
  await row('Foto do rosto (selfie)').getByRole('button', { name: 'Aguarde...' }).click();
  await expect(row('Foto do rosto (selfie)')).toContainText('Estamos analisando seu documento.');
  await expect(row('Permissão para motorista de táxi')).toContainText('Documento não enviado.');
  await expect(page.getByRole('link', { name: 'Reenviar documento' })).toHaveCount(2);
  // What the review waits for, by name, with the way to each.
  await expect(page.getByRole('region', { name: 'Para a análise continuar, falta:' }).getByRole('link')).toHaveText([
    'CNH (Carteira Nacional de Habilitação) com EAR',
    'Permissão para motorista de táxi',
    'Licença do veículo',
    'CRLV (documento do veículo)',
  ]);
  await expectAccessible(page);

  await row('CNH (Carteira Nacional de Habilitação)').getByRole('link', { name: 'Reenviar documento' }).click();
  await expect(page).toHaveURL(`${HOST}/register/details-doc-rejected/5/0/0`);
  await expect(page.getByText('O nome na sua CNH é diferente do nome do seu cadastro.', { exact: false })).toBeVisible();
  await expect(page.getByText('Fale com o suporte:')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Enviar novamente' }).click();
  await expect(page).toHaveURL(`${HOST}/register/mask-camera/edit/0/0`);

  await page.goto(withToken(`/register/review-docs/${ID}`));
  await row('CRLV').getByRole('link', { name: 'Reenviar documento' }).click();
  await expect(page.getByText(/O veículo tem 8 anos ou mais de fabricação/)).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Enviar novamente' }).click();
  await expect(page).toHaveURL(`${HOST}/register/camera/edit/0/4`);
});

test("the forms and the review open as deep links at the onboarding remote's own URL", async ({ page }) => {
  await chooseModality(0);
  await setDocument(1, 'approved');
  await page.goto(withToken(`/register/review-docs/${ID}?driverId=${ID}`, REMOTE_ORIGINS.onboarding));
  await expect(page.getByRole('heading', { level: 1, name: 'Análise dos documentos' })).toBeVisible();
  await expect(page.getByText('Documento Aprovado')).toBeVisible();
  expect(page.url()).not.toContain('token=');
  await page.goto(`${REMOTE_ORIGINS.onboarding}/register/crlv/new/0`);
  await expect(page.getByRole('heading', { level: 1, name: 'Dados do veículo' })).toBeVisible();
  await expect(page.getByLabel('Marca', { exact: true })).toBeVisible();
  await page.goto(`${REMOTE_ORIGINS.onboarding}/register/details-doc-rejected/8/0/0`);
  await expect(page.getByText('Sua CNH está vencida.', { exact: false })).toBeVisible();
  await expectAccessible(page);
});
