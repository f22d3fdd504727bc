import { ONBOARDING_DRIVER, ONBOARDING_STATES } from '@driver-portal/sandbox-api/constants';
import {
  expect,
  expectAccessible,
  HOST,
  recordRequests,
  SANDBOX,
  test,
  withToken,
  proxiedService,
  type Page,
  type Request,
} from './support';
import { fakeCameraLaunch, hasExif, isJpeg, jpegSize } from './capture-support';
import { fillLicence, sendLicenceAndVehicle } from './onboarding-data';

/*
 * A rejected document resent in the edit flow (issue 10), against the sandbox: a taxi driver
 * (modality 0) whose documents were all sent and are under review (prepared through the
 * sandbox's calls and hooks, not by clicking the whole path again); the review rejects one. The
 * driver sees "Reenviar documento" on that one only, reads why, photographs it again with
 * Chromium's fake camera in the edit flow, and the review queue restarts: the document waits
 * again. A rejection no photo fixes (the name differs) sends the driver to support.
 * (A "capture" spec: the nginx pass runs it too, see playwright.config.ts.)
 */

const ID = ONBOARDING_DRIVER.id;
const REGISTER = proxiedService('register');
const asDriver = (path: string) => withToken(`${path}${path.includes('?') ? '&' : '?'}driverId=${ID}`);
const QUEUE_PATH = `api/2.0/driver/${ID}/modality/0/send-queue-workflow`;
const TAXI_DOCUMENTS = [0, 1, 2, 3, 4, 5];

test.use({ launchOptions: fakeCameraLaunch(), permissions: ['camera'] });

async function sandboxCall(path: string, method: 'POST' | 'PUT' = 'POST') {
  const response = await fetch(`${SANDBOX}/${path}`, { method });
  expect(response.ok, `${method} ${path}: ${response.status} ${await response.clone().text()}`).toBe(true);
}

async function sandboxState(): Promise<{
  register: { drivers: { id: string; states: number[] }[] };
  documents: {
    byDriver: Record<string, { documentType: number; rejectedAt: string | null; via: string; bytes: number[] }[]>;
    sentToReview: { driverId: string; modalityType: number }[];
  };
}> {
  return (await (await fetch(`${SANDBOX}/__sandbox/state`)).json()) as never;
}

/**
 * The driver chose the taxi modality, sent every document and the licence and vehicle data, and
 * submitted them for analysis (state 9); then the review rejects `documentType` with `reasonId`.
 */
async function underReviewWithRejection(documentType: number, reasonId: number) {
  await sandboxCall(`register/api/1.0/driver/${ID}/modality/0/`, 'PUT');
  for (const type of TAXI_DOCUMENTS) await sandboxCall(`__sandbox/onboarding/documents/${ID}/${type}/created`);
  await sendLicenceAndVehicle(ID);
  await sandboxCall(`register/${QUEUE_PATH}`, 'PUT');
  await sandboxCall(`__sandbox/documents/${ID}/${documentType}/reject/${reasonId}`);
  const state = await sandboxState();
  expect(state.register.drivers.find((driver) => driver.id === ID)?.states).toContain(ONBOARDING_STATES.sentForAnalysis);
  expect(state.documents.sentToReview).toHaveLength(1);
}

const documentsList = (page: Page) => page.getByRole('list', { name: 'Documentos' });
const row = (page: Page, name: string) => documentsList(page).getByRole('listitem').filter({ hasText: name });

/** The review lists the six documents: the rejected one offers a resend, the others wait. */
async function expectReviewWithOneRejected(page: Page, rejectedName: string) {
  await expect(page.getByRole('heading', { level: 1, name: 'Análise dos documentos' })).toBeVisible();
  await expect(documentsList(page).getByRole('listitem')).toHaveCount(TAXI_DOCUMENTS.length);
  await expect(page.getByRole('link', { name: 'Reenviar documento' })).toHaveCount(1);
  // What the review waits for, by name, with the way to it.
  await expect(
    page.getByRole('region', { name: 'Para a análise continuar, falta:' }).getByRole('link', { name: rejectedName }),
  ).toBeVisible();
  await expect(row(page, rejectedName).getByRole('link', { name: 'Reenviar documento' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Aguarde...' })).toHaveCount(TAXI_DOCUMENTS.length - 1);
  await expect(row(page, rejectedName).getByRole('button', { name: 'Aguarde...' })).toHaveCount(0);
  await expectAccessible(page);
}

/** After the resend: the review again, every document waiting (the resent one too), none rejected. */
async function expectReviewAllWaiting(page: Page, resentName: string) {
  await expect(page).toHaveURL(`${HOST}/register/review-docs/${ID}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Análise dos documentos' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Aguarde...' })).toHaveCount(TAXI_DOCUMENTS.length);
  await expect(page.getByRole('link', { name: 'Reenviar documento' })).toHaveCount(0);
  await row(page, resentName).getByRole('button', { name: 'Aguarde...' }).click();
  await expect(row(page, resentName)).toContainText('Estamos analisando seu documento.');
  await expectAccessible(page);
}

/** The resend's upload and the review queue's restart, in that order, as the page sent them. */
function resendCalls(requests: Request[], uploadPath: string) {
  const index = (method: string, path: string) =>
    requests.findIndex((request) => request.method() === method && request.url() === `${REGISTER}${path}`);
  const uploadAt = index('POST', uploadPath);
  const queueAt = index('PUT', QUEUE_PATH);
  expect(uploadAt, `POST ${uploadPath} sent`).toBeGreaterThanOrEqual(0);
  expect(queueAt, `PUT ${QUEUE_PATH} sent after the upload`).toBeGreaterThan(uploadAt);
  expect(requests.filter((request) => request.method() === 'PUT' && request.url().endsWith('/send-queue-workflow'))).toHaveLength(1);
  return { upload: requests[uploadAt] as Request, queue: requests[queueAt] as Request };
}

/** Each part of the upload is a whole JPEG without Exif, at most 700 KB. */
async function expectJpegParts(upload: Request, parts: string[]) {
  const headers = await upload.allHeaders();
  expect(headers['content-type']).toMatch(/^application\/json/);
  // The upload goes to the driver-data proxy on the page's own origin, never to the register
  // service itself; the proxy passes no token on (docs/security.md).
  expect(upload.url().startsWith(REGISTER)).toBe(true);
  const body = upload.postDataJSON() as Record<string, string>;
  expect(Object.keys(body).sort()).toEqual([...parts].sort());
  const sizes: Record<string, string> = {};
  for (const part of parts) {
    const bytes = Buffer.from(body[part] ?? '', 'base64');
    expect(isJpeg(bytes), `${part} is a JPEG`).toBe(true);
    expect(hasExif(bytes)).toBe(false);
    expect(bytes.length).toBeLessThanOrEqual(700 * 1024);
    const { width, height } = jpegSize(bytes);
    sizes[part] = `${width}x${height}, ${bytes.length} bytes`;
  }
  return sizes;
}

test('a CNH rejected as illegible: "Reenviar documento" on it only, the reason, both sides again, its data, the queue restarted', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await underReviewWithRejection(0, 3);
  const requests = recordRequests(page);
  await page.goto(asDriver(`/register/review-docs/${ID}`));
  await expectReviewWithOneRejected(page, 'CNH (Carteira Nacional de Habilitação)');

  await row(page, 'CNH (Carteira Nacional de Habilitação)').getByRole('link', { name: 'Reenviar documento' }).click();
  await expect(page).toHaveURL(`${HOST}/register/details-doc-rejected/3/0/0`);
  await expect(page.getByRole('heading', { level: 1, name: 'Documento recusado' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'CNH (Carteira Nacional de Habilitação) com EAR' })).toBeVisible();
  await expect(page.getByText(/^Não conseguimos ler a foto da sua CNH\. Tire uma nova foto/)).toBeVisible();
  // A new photo fixes this one: no support to call.
  await expect(page.getByText(/Fale com o suporte:|Para falar com o suporte/)).toHaveCount(0);
  expect(await page.evaluate(() => window.sessionStorage.getItem('driver-portal:rejectedReason'))).toBe('3');
  await expectAccessible(page);

  await page.getByRole('link', { name: 'Enviar novamente' }).click();
  await expect(page).toHaveURL(`${HOST}/register/mask-camera/edit/0/0`);
  await expect(page.getByText('Passo 1 de 2: frente da CNH')).toBeVisible();
  // The camera reminds why the last photo was refused.
  await expect(page.getByRole('note', { name: 'Motivo da recusa' })).toContainText('Não conseguimos ler a foto da sua CNH.');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Tirar foto' }).click();
  await expect(page.getByRole('img', { name: 'Foto: frente da CNH' })).toBeVisible();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.getByRole('button', { name: 'Tirar foto' }).click();
  await expect(page.getByRole('img', { name: 'Foto: verso da CNH' })).toBeVisible();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.getByRole('button', { name: 'Enviar fotos' }).click();
  // The licence is "reached after photo upload": a new CNH's data, not the old data reviewed again.
  await expect(page).toHaveURL(`${HOST}/register/cnh/edit/0`);
  expect(requests.filter((request) => request.url().endsWith('/send-queue-workflow'))).toHaveLength(0);
  await fillLicence(page);
  await page.getByRole('button', { name: 'Continuar' }).click();

  await expectReviewAllWaiting(page, 'CNH (Carteira Nacional de Habilitação)');
  const { upload, queue } = resendCalls(requests, `api/2.0/driver/${ID}/documents/0`);
  const sizes = await expectJpegParts(upload, ['Front', 'Back']);
  expect(queue.postData() ?? '').toBe('');
  expect(queue.url().startsWith(REGISTER)).toBe(true);

  // The sandbox has the new licence, waiting, and a second submission for analysis.
  const state = await sandboxState();
  const licence = state.documents.byDriver[ID.toLowerCase()]?.find((item) => item.documentType === 0);
  expect(licence).toMatchObject({ via: 'api/2.0 Front+Back', rejectedAt: null });
  expect(licence?.bytes).toHaveLength(2);
  expect(state.documents.sentToReview).toHaveLength(2);
  console.log('[resend] CNH sent again:', JSON.stringify(sizes));
});

test('a selfie rejected for its quality is taken again with the selfie camera in the edit flow', async ({ page }) => {
  test.setTimeout(60_000);
  await underReviewWithRejection(2, 2);
  const requests = recordRequests(page);
  await page.goto(asDriver(`/register/review-docs/${ID}`));
  await expectReviewWithOneRejected(page, 'Foto do rosto (selfie)');

  await row(page, 'Foto do rosto (selfie)').getByRole('link', { name: 'Reenviar documento' }).click();
  await expect(page).toHaveURL(`${HOST}/register/details-doc-rejected/2/0/2`);
  await expect(page.getByText(/^A qualidade da sua selfie não permitiu a análise\./)).toBeVisible();
  await expect(page.getByText(/Fale com o suporte:|Para falar com o suporte/)).toHaveCount(0);
  await expectAccessible(page);

  await page.getByRole('link', { name: 'Enviar novamente' }).click();
  await expect(page).toHaveURL(`${HOST}/register/selfie/edit/0/2`);
  await expect(page.getByRole('note', { name: 'Motivo da recusa' })).toContainText('A qualidade da sua selfie não permitiu a análise.');
  await page.getByRole('button', { name: 'Tirar foto' }).click();
  await expect(page.getByRole('img', { name: 'Foto: seu rosto' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'ENVIAR FOTO' })).toBeDisabled();
  await expectAccessible(page);
  await page.getByRole('checkbox', { name: 'Li e aceito a política de reconhecimento facial' }).check();
  await page.getByRole('button', { name: 'ENVIAR FOTO' }).click();

  await expectReviewAllWaiting(page, 'Foto do rosto (selfie)');
  const { upload, queue } = resendCalls(requests, `api/2.0/driver/${ID}/documents/2`);
  const sizes = await expectJpegParts(upload, ['content']);
  expect(queue.postData() ?? '').toBe('');
  const state = await sandboxState();
  expect(state.documents.byDriver[ID.toLowerCase()]?.find((item) => item.documentType === 2)).toMatchObject({
    via: 'api/2.0 driver',
    rejectedAt: null,
  });
  expect(state.documents.sentToReview).toHaveLength(2);
  console.log('[resend] selfie sent again:', JSON.stringify(sizes));
});

test('a CNH whose name differs from the account: the reason and the support, which a photo does not replace', async ({ page }) => {
  await underReviewWithRejection(0, 5);
  await page.goto(asDriver(`/register/review-docs/${ID}`));
  await expectReviewWithOneRejected(page, 'CNH (Carteira Nacional de Habilitação)');
  await row(page, 'CNH (Carteira Nacional de Habilitação)').getByRole('link', { name: 'Reenviar documento' }).click();
  await expect(page).toHaveURL(`${HOST}/register/details-doc-rejected/5/0/0`);
  await expect(page.getByText('O nome na sua CNH é diferente do nome do seu cadastro. Fale com o suporte para corrigir.')).toBeVisible();
  // Support: the phones where the deployment configures them, else the app's help (not asserted: runtime configuration).
  await expect(page.getByText(/^(Fale com o suporte:|Para falar com o suporte)/)).toBeVisible();
  await expect(page.getByText(/Não conseguimos ler a foto/)).toHaveCount(0);
  await expectAccessible(page);
  // The remote still offers the licence camera (for after support has fixed the name).
  await expect(page.getByRole('link', { name: 'Enviar novamente' })).toHaveAttribute('href', '/register/mask-camera/edit/0/0');
});

test('the queue does not restart after the resend: the review says so and sends it again', async ({ page }) => {
  test.setTimeout(60_000);
  await underReviewWithRejection(5, 1);
  const requests = recordRequests(page);
  let failures = 1;
  await page.route(`${REGISTER}${QUEUE_PATH}`, async (route) => {
    if (route.request().method() === 'PUT' && failures-- > 0)
      return route.fulfill({ status: 500, json: { validations: [{ message: 'Falha.' }] } });
    return route.fallback();
  });
  await page.goto(asDriver('/register/camera/edit/0/5'));
  await page.getByRole('button', { name: 'Tirar foto' }).click();
  await expect(page.getByRole('img', { name: 'Foto: Licença do veículo' })).toBeVisible();
  await page.getByRole('button', { name: 'Enviar foto' }).click();

  // The photo is sent; the review queue's restart failed: the driver is told, and can send again.
  const alert = page.getByRole('alertdialog');
  await expect(alert).toContainText('erro ao enviar os dados.');
  await expectAccessible(page);
  await alert.getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(`${HOST}/register/review-docs/${ID}?startFlow=true`);
  await expect(row(page, 'Licença do veículo').getByRole('button', { name: 'Aguarde...' })).toBeVisible();
  expect((await sandboxState()).documents.sentToReview).toHaveLength(1);
  await page.getByRole('button', { name: 'Enviar para análise novamente' }).click();
  await expect(page).toHaveURL(`${HOST}/register/review-docs/${ID}`);
  await expect(page.getByRole('button', { name: 'Enviar para análise novamente' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Aguarde...' })).toHaveCount(TAXI_DOCUMENTS.length);
  expect((await sandboxState()).documents.sentToReview).toHaveLength(2);
  expect(requests.filter((request) => request.method() === 'PUT' && request.url() === `${REGISTER}${QUEUE_PATH}`)).toHaveLength(2);
});
