// A UI journey (server-independent): the CRLV-e chosen on the capture screen is read on the phone and fills the vehicle form.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ONBOARDING_DRIVER } from '@driver-portal/sandbox-api/constants';
import { CRLV_FIXTURES, filledFields, VEHICLES, vehicleSent } from '../fixtures/crlv/vehicles';
import { expect, expectAccessible, HOST, proxiedService, recordRequests, sandboxHeaders, test, withToken, type Page } from './support';

/*
 * Issue 47 (decision 0029) against the production builds and the sandbox: the test documents of
 * e2e/fixtures/crlv (scripts/make-crlv-fixtures.mjs) chosen as a driver chooses a PDF; pdf.js and
 * its worker downloaded only then; the vehicle form opens with every field the document holds,
 * each marked, the brand and model matched to the sandbox's lists; what goes out is the upload
 * and the vehicle the driver confirmed, nothing else. A scanned, a broken, a locked PDF and one
 * that is no CRLV-e fill nothing and say so once.
 */

const ID = ONBOARDING_DRIVER.id;
const REGISTER = proxiedService('register');
const FIXTURES = CRLV_FIXTURES;
const asDriver = (path: string) => withToken(`${path}${path.includes('?') ? '&' : '?'}driverId=${ID}`);
const READ_MARK = 'Lido do CRLV-e: confira.';
/** pdf.js's library and worker files (features/crlv/browser-reader.ts) and the reader's chunk. */
const READER_FILE = /pdf(\.worker)?\.min\.[^/]*m?js|crlv-reader/;

async function chooseModality(modalityType: number) {
  const response = await fetch(`${REGISTER}api/1.0/driver/${ID}/modality/${modalityType}/`, { method: 'PUT', headers: sandboxHeaders() });
  expect(response.ok).toBe(true);
}

/** The CRLV's capture screen, the PDF chosen and sent; returns the files the page downloaded before the choice. */
async function chooseAndSend(page: Page, flow: 'new' | 'edit', modalityType: number, file: string) {
  const downloaded: string[] = [];
  page.on('response', (response) => downloaded.push(response.url()));
  await page.goto(asDriver(`/register/camera/${flow}/${modalityType}/4`));
  await expect(page.getByRole('heading', { level: 1, name: 'CRLV (documento do veículo)' })).toBeVisible();
  const beforeChoice = [...downloaded];
  await page.getByLabel('Escolher o PDF do CRLV').setInputFiles(join(FIXTURES, file));
  await expect(page.getByText(`PDF escolhido: ${file}`)).toBeVisible();
  await page.getByRole('button', { name: 'Enviar documento' }).click();
  return { beforeChoice, downloaded };
}

test('a taxi’s CRLV-e sent again fills the vehicle form: confirmed, one field typed, the vehicle sent as read', async ({ page }) => {
  await chooseModality(0);
  const requests = recordRequests(page);
  const taxi = VEHICLES.taxi;
  const { beforeChoice, downloaded } = await chooseAndSend(page, 'edit', 0, 'crlv-taxi-aluguel.pdf');
  await expect(page).toHaveURL(`${HOST}/register/crlv/edit/0`);
  await expect(page.getByRole('status').filter({ hasText: /^Lemos / })).toHaveText(
    'Lemos 17 campos do seu CRLV-e. Confira-os; preencha o que falta: Observações.',
    { timeout: 20_000 },
  );
  // No screen downloads the reader: only choosing a PDF does.
  expect(beforeChoice.filter((url) => READER_FILE.test(url))).toEqual([]);
  expect(downloaded.filter((url) => /pdf\.min\./.test(url))).toHaveLength(1);

  const filled = filledFields(taxi);
  for (const [label, value] of filled) {
    const input = page.getByLabel(label, { exact: true });
    await expect(input).toHaveValue(value);
    await expect(input).toHaveAccessibleDescription(READ_MARK);
  }
  await expect(page.getByLabel('Marca', { exact: true }).locator('option:checked')).toHaveText('Fiat');
  await expect(page.getByLabel('Modelo', { exact: true }).locator('option:checked')).toHaveText('Argo 1.0');
  await expect(page.getByLabel('Modelo', { exact: true })).toHaveAccessibleDescription(READ_MARK);
  await expect(page.getByRole('radio', { name: 'Pessoa física (CPF)' })).toBeChecked();
  await expectAccessible(page);

  // The driver checks the document, types the one field it does not hold, and confirms.
  await page.getByLabel('Observações', { exact: true }).fill('Nada consta');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page).toHaveURL(new RegExp(`/register/review-docs/${ID}`));
  const vehicle = requests.find((request) => request.method() === 'POST' && request.url() === `${REGISTER}api/1.0/driver/${ID}/vehicle`);
  expect(vehicle?.postDataJSON()).toEqual(vehicleSent(taxi, { brand: 2, model: 203, remark: 'Nada consta' }));
  // The upload is the seed's: the PDF itself, base64, to the modality's document 4.
  const upload = requests.find((request) => request.method() === 'POST' && request.url().endsWith(`/modality/0/documents/4`));
  expect(upload?.postDataJSON()).toEqual({ content: readFileSync(join(FIXTURES, 'crlv-taxi-aluguel.pdf')).toString('base64') });
  // Nothing read leaves the phone but in the vehicle the driver confirmed.
  const elsewhere = requests.filter((request) => request !== vehicle).map((request) => `${request.url()} ${request.postData() ?? ''}`);
  for (const value of [taxi.renavam, taxi.chassis, taxi.ownerName, taxi.plate, taxi.ownerDocument.replace(/[./-]/g, '')]) {
    expect(elsewhere.filter((line) => line.includes(value))).toEqual([]);
  }
});

test('a company’s CRLV-e with an alphanumeric CNPJ, in the new flow through the checklist', async ({ page }) => {
  await chooseModality(1);
  const company = VEHICLES.company;
  await chooseAndSend(page, 'new', 1, 'crlv-company-cnpj.pdf');
  await expect(page).toHaveURL(`${HOST}/register/upload-picture/1`);
  await page.getByRole('link', { name: 'Dados do veículo Não preenchidos' }).click();
  await expect(page.getByText('Lemos 17 campos do seu CRLV-e. Confira-os; preencha o que falta: Observações.')).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByRole('radio', { name: 'Pessoa jurídica (CNPJ)' })).toBeChecked();
  await expect(page.getByLabel('CNPJ do proprietário')).toHaveValue(company.ownerDocument);
  await expect(page.getByLabel('CNPJ do proprietário')).toHaveAccessibleDescription(READ_MARK);
  await expect(page.getByLabel('Marca', { exact: true }).locator('option:checked')).toHaveText('BYD');
  await expect(page.getByLabel('Modelo', { exact: true }).locator('option:checked')).toHaveText('Dolphin Mini');
  await expect(page.getByLabel('Combustível')).toHaveValue('ELETRICO');
});

for (const [file, message] of [
  ['scanned.pdf', 'Este PDF é uma imagem digitalizada, sem texto para ler: preencha os campos do veículo.'],
  ['broken.pdf', 'Este PDF parece danificado e não pôde ser lido: preencha os campos do veículo.'],
  ['locked.pdf', 'Este PDF está protegido por senha e não pôde ser lido: preencha os campos do veículo.'],
  [
    'not-crlv.pdf',
    'Este PDF não parece ser um CRLV-e: não preenchemos nenhum campo. Confira se enviou o CRLV digital e preencha os dados do veículo.',
  ],
] as const) {
  test(`${file}: sent as before, nothing filled, said once`, async ({ page }) => {
    await chooseModality(1);
    const requests = recordRequests(page);
    await chooseAndSend(page, 'new', 1, file);
    await expect(page).toHaveURL(`${HOST}/register/upload-picture/1`);
    const upload = requests.find((request) => request.method() === 'POST' && request.url().endsWith('/modality/1/documents/4'));
    expect(upload?.postDataJSON()).toEqual({ content: readFileSync(join(FIXTURES, file)).toString('base64') });
    await page.getByRole('link', { name: 'Dados do veículo Não preenchidos' }).click();
    await expect(page.getByText(message)).toHaveCount(1, { timeout: 20_000 });
    await expect(page.getByLabel('Placa')).toHaveValue('');
    await expect(page.getByLabel('RENAVAM')).toHaveValue('');
    await expect(page.getByText(READ_MARK)).toHaveCount(0);
    await expectAccessible(page);
  });
}
