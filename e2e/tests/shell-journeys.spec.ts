import { ONBOARDING_DRIVER } from '@driver-portal/sandbox-api/constants';
import { fakeCameraLaunch } from './capture-support';
import { fillLicence, fillVehicle, sendLicenceAndVehicle, THIS_YEAR } from './onboarding-data';
import {
  driverToken,
  expect,
  expectAccessible,
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
 * Journeys across remotes (issue 20), against the sandbox, through the Node server and nginx
 * (a shell-*.spec.ts: the nginx pass runs it too). A driver changes each document from My
 * account (the account remote) through the onboarding remote's screens and comes back to the
 * same list, at the same origin, with the document's new status: at the host, and at the account
 * remote's own URL, where the native app deep-links. The edit flow from a rejection goes through
 * the photo, the data form and the review.
 */

const ID = ONBOARDING_DRIVER.id;
const TOKEN = driverToken(ID);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

test.use({ launchOptions: fakeCameraLaunch(), permissions: ['camera'] });

async function sandboxCall(path: string, method: 'POST' | 'PUT' = 'POST') {
  const response = await fetch(`${SANDBOX}/${path}`, { method });
  expect(response.ok, `${method} ${path}: ${response.status} ${await response.clone().text()}`).toBe(true);
}

/** The driver of a modality with every document sent and then refused (illegible), and the licence and vehicle data sent. */
async function everyDocumentRefused(modalityType: number, types: readonly number[]) {
  await sandboxCall(`register/api/1.0/driver/${ID}/modality/${modalityType}/`, 'PUT');
  for (const type of types) await sandboxCall(`__sandbox/onboarding/documents/${ID}/${type}/rejected/1`);
  await sendLicenceAndVehicle(ID);
}

/** The account's names of the documents, and the onboarding's title of each one's screens. */
const DOCUMENTS: Record<number, { account: string; onboarding: string }> = {
  0: { account: 'CNH (com EAR)', onboarding: 'CNH (Carteira Nacional de Habilitação) com EAR' },
  1: { account: 'Comprovante de endereço', onboarding: 'Comprovante de residência' },
  2: { account: 'Foto de perfil', onboarding: 'Foto do rosto (selfie)' },
  3: { account: 'Permissão de motorista de táxi', onboarding: 'Permissão para motorista de táxi' },
  4: { account: 'CRLV (documento do veículo)', onboarding: 'CRLV (documento do veículo)' },
  5: { account: 'Permissão do veículo', onboarding: 'Licença do veículo' },
};

const documentRow = (page: Page, type: number) =>
  page.getByRole('list', { name: 'Documentos' }).getByRole('link', { name: new RegExp(`^${escape(DOCUMENTS[type]!.account)}`) });
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** From a document's instructions (the onboarding's screen the journey opens), its capture and, for the licence and the CRLV, their data. */
async function sendAgain(page: Page, type: number, modalityType: number) {
  await expect(page.getByRole('heading', { level: 1, name: DOCUMENTS[type]!.onboarding })).toBeVisible();
  await expect(page.getByText('Não foi possível identificar o seu cadastro')).toHaveCount(0);
  if (type === 4) {
    await page.getByRole('link', { name: 'Escolher o PDF' }).click();
    await page.getByLabel('Escolher o PDF do CRLV').setInputFiles({ name: 'crlv.pdf', mimeType: 'application/pdf', buffer: PDF });
    await page.getByRole('button', { name: 'Enviar documento' }).click();
    // A new CRLV is a vehicle's data to confirm, not the old data reviewed again.
    await expect(page.getByRole('heading', { level: 1, name: 'Dados do veículo' })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe(`/register/crlv/edit/${modalityType}`);
    await fillVehicle(page, THIS_YEAR - 1);
    await page.getByRole('button', { name: 'Continuar' }).click();
    return;
  }
  await page.getByRole('link', { name: 'Tirar foto' }).click();
  if (type === 0) {
    for (const side of ['frente', 'verso']) {
      await page.getByRole('button', { name: 'Tirar foto' }).click();
      await expect(page.getByRole('img', { name: `Foto: ${side} da CNH` })).toBeVisible();
      await page.getByRole('button', { name: 'Continuar' }).click();
    }
    await page.getByRole('button', { name: 'Enviar fotos' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Dados da CNH' })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe(`/register/cnh/edit/${modalityType}`);
    await fillLicence(page);
    await page.getByRole('button', { name: 'Continuar' }).click();
    return;
  }
  await page.getByRole('button', { name: 'Tirar foto' }).click();
  if (type === 2) {
    await expect(page.getByRole('img', { name: 'Foto: seu rosto' })).toBeVisible();
    await page.getByRole('checkbox', { name: 'Li e aceito a política de reconhecimento facial' }).check();
    await page.getByRole('button', { name: 'ENVIAR FOTO' }).click();
    return;
  }
  await expect(page.getByRole('img', { name: `Foto: ${DOCUMENTS[type]!.onboarding}` })).toBeVisible();
  await page.getByRole('button', { name: 'Enviar foto' }).click();
}

/** The token never appears in an address the tab opened after the native app's, nor in any request's. */
function expectTokenOnlyInTheFirstAddress(page: Page, requests: Request[], addresses: string[]) {
  expect(addresses.slice(1).filter((address) => address.includes(TOKEN))).toEqual([]);
  expect(requests.filter((request) => request.url().includes(TOKEN)).map((request) => request.url())).toHaveLength(1);
  expect(page.url()).not.toContain(TOKEN);
}

function recordAddresses(page: Page): string[] {
  const addresses: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) addresses.push(frame.url());
  });
  return addresses;
}

const ENTRIES = [
  { where: 'at the host', origin: HOST },
  { where: "at the account remote's own URL", origin: REMOTE_ORIGINS.account },
] as const;

for (const { where, origin } of ENTRIES) {
  test(`taxi ${where}: every document changed from "Meus documentos" comes back there, same origin, with its new status`, async ({
    page,
  }) => {
    test.setTimeout(240_000);
    const TAXI = [0, 1, 2, 3, 5, 4];
    await everyDocumentRefused(0, TAXI);
    const requests = recordRequests(page);
    const addresses = recordAddresses(page);
    // The list at the very address the native app opened (its driverId query too), at the same origin.
    const list = new RegExp(`^${escape(origin)}/my-account/change-docs/${ID}(\\?driverId=${ID})?$`);
    await page.goto(withToken(`/my-account/change-docs/${ID}?driverId=${ID}`, origin, TOKEN));
    await expect(page.getByRole('heading', { level: 1, name: 'Meus documentos' })).toBeVisible();
    for (const type of TAXI) await expect(documentRow(page, type)).toContainText('Recusado: envie de novo');
    await expectAccessible(page);

    for (const type of TAXI) {
      await documentRow(page, type).click();
      // The onboarding's screens open at the host, the driver known and signed in there.
      await expect(page).toHaveURL(new RegExp(`^${escape(HOST)}/register/details-picture/0/${type}\\?`));
      await sendAgain(page, type, 0);
      await expect(page).toHaveURL(list);
      await expect(page.getByRole('heading', { level: 1, name: 'Meus documentos' })).toBeVisible();
      await expect(documentRow(page, type)).toContainText('Em análise');
    }
    await expectAccessible(page);
    // Change-document mode returns to My account: the review queue is not restarted.
    expect(requests.filter((request) => request.url().endsWith('/send-queue-workflow'))).toHaveLength(0);
    expectTokenOnlyInTheFirstAddress(page, requests, addresses);
    // Still signed in where the journey started: the account's own data loads.
    await page.locator('header').getByRole('link', { name: 'Voltar' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Minha conta' })).toBeVisible();
  });

  test(`taxi to private car ${where}: every document of the new modality, the CRLV through the vehicle form, back to the modality's documents`, async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await everyDocumentRefused(0, [0, 1, 2, 3, 5, 4]);
    await page.goto(withToken(`/my-account/change-modality?driverId=${ID}`, origin, TOKEN));
    await page.getByRole('radio', { name: 'Carro Particular' }).check();
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.getByRole('button', { name: 'Confirmar alteração' }).click();
    const list = `${origin}/my-account/change-modality-docs/1`;
    await expect(page).toHaveURL(list);
    await expect(page.getByRole('heading', { level: 1, name: 'Documentos da modalidade' })).toBeVisible();
    await expect(documentRow(page, 4)).toContainText('Recusado: envie de novo');
    for (const type of [4, 0, 1, 2]) {
      await documentRow(page, type).click();
      await sendAgain(page, type, 1);
      await expect(page).toHaveURL(list);
      await expect(documentRow(page, type)).toContainText('Em análise');
    }
    await expectAccessible(page);
  });
}

/** Every document of the modality sent, the data sent, submitted for analysis; then the review refuses `refused` (type, reason). */
async function underReview(modalityType: number, types: readonly number[], refused: Array<[number, number]>) {
  await sandboxCall(`register/api/1.0/driver/${ID}/modality/${modalityType}/`, 'PUT');
  for (const type of types) await sandboxCall(`__sandbox/onboarding/documents/${ID}/${type}/created`);
  await sendLicenceAndVehicle(ID, modalityType);
  await sandboxCall(`register/api/2.0/driver/${ID}/modality/${modalityType}/send-queue-workflow`, 'PUT');
  for (const [type, reason] of refused) await sandboxCall(`__sandbox/documents/${ID}/${type}/reject/${reason}`);
}

const queueRestarts = (requests: Request[]) =>
  requests.filter((request) => request.method() === 'PUT' && request.url().endsWith('/send-queue-workflow'));

for (const { type, reason, modalityType, text } of [
  { type: 0, reason: 8, modalityType: 0, text: 'Sua CNH está vencida.' },
  { type: 4, reason: 10, modalityType: 1, text: 'O veículo tem 8 anos ou mais de fabricação' },
]) {
  test(`the edit flow from a rejection (document ${type}, reason ${reason}): the photo, its data form, then the review restarts`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await underReview(modalityType, modalityType === 0 ? [0, 1, 2, 3, 4, 5] : [0, 1, 2, 4], [[type, reason]]);
    const requests = recordRequests(page);
    await page.goto(withToken(`/register/review-docs/${ID}?driverId=${ID}`, HOST, TOKEN));
    await page.getByRole('list', { name: 'Documentos' }).getByRole('link', { name: 'Reenviar documento' }).click();
    await expect(page.getByText(text)).toBeVisible();
    await page.getByRole('link', { name: 'Enviar novamente' }).click();
    // The edit flow's capture: back leads to the review, the reason is shown.
    await expect(page.getByRole('note', { name: 'Motivo da recusa' })).toContainText(text);
    if (type === 4) {
      await page.getByLabel('Escolher o PDF do CRLV').setInputFiles({ name: 'crlv.pdf', mimeType: 'application/pdf', buffer: PDF });
      await page.getByRole('button', { name: 'Enviar documento' }).click();
      await expect(page).toHaveURL(`${HOST}/register/crlv/edit/${modalityType}`);
      expect(queueRestarts(requests)).toHaveLength(0);
      await fillVehicle(page, THIS_YEAR - 1);
    } else {
      for (const side of ['frente', 'verso']) {
        await page.getByRole('button', { name: 'Tirar foto' }).click();
        await expect(page.getByRole('img', { name: `Foto: ${side} da CNH` })).toBeVisible();
        await page.getByRole('button', { name: 'Continuar' }).click();
      }
      await page.getByRole('button', { name: 'Enviar fotos' }).click();
      await expect(page).toHaveURL(`${HOST}/register/cnh/edit/${modalityType}`);
      expect(queueRestarts(requests)).toHaveLength(0);
      await fillLicence(page);
    }
    await page.getByRole('button', { name: 'Continuar' }).click();
    await expect(page).toHaveURL(`${HOST}/register/review-docs/${ID}`);
    await expect(page.getByRole('link', { name: 'Reenviar documento' })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Para a análise continuar, falta:' })).toHaveCount(0);
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    expect(queueRestarts(requests)).toHaveLength(1);
    await expectAccessible(page);
  });
}

test('resending one of two rejected documents: no error; the review names the one left, with the way to it', async ({ page }) => {
  test.setTimeout(90_000);
  await underReview(
    0,
    [0, 1, 2, 3, 4, 5],
    [
      [1, 1],
      [3, 1],
    ],
  );
  const requests = recordRequests(page);
  await page.goto(withToken(`/register/details-doc-rejected/1/0/1?driverId=${ID}`, HOST, TOKEN));
  await page.getByRole('link', { name: 'Enviar novamente' }).click();
  await page.getByRole('button', { name: 'Tirar foto' }).click();
  await page.getByRole('button', { name: 'Enviar foto' }).click();
  await expect(page).toHaveURL(`${HOST}/register/review-docs/${ID}`);
  const remaining = page.getByRole('region', { name: 'Para a análise continuar, falta:' });
  await expect(remaining.getByRole('link', { name: 'Permissão para motorista de táxi' })).toHaveAttribute(
    'href',
    '/register/details-doc-rejected/1/0/3',
  );
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveCount(0);
  expect(queueRestarts(requests)).toHaveLength(0);
  await expectAccessible(page);
});

test("a page outside the portal's site cannot hand a session in: not by the tab's name, not by a forged code", async ({ page }) => {
  // Issue 29: the session crosses origins only as a one-time code the portal's own server minted
  // for a portal page of this browser; a tab name or a made-up code gives nothing.
  await page.route('http://stranger.example/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>x</title><p>x</p>' }));
  await page.goto('http://stranger.example/');
  await page.evaluate((host) => {
    window.name = `driver-portal-session:${JSON.stringify({ to: host, from: 'http://localhost:3003', token: 'attacker-token', driverId: 'x', expires: Date.now() + 10_000 })}`;
    window.location.href = `${host}/App#portal-handoff=${'F'.repeat(43)}`;
  }, HOST);
  await expect(page.getByRole('heading', { level: 1, name: 'Portal do Motorista' })).toBeVisible();
  expect(await page.evaluate(() => window.sessionStorage.getItem('driver-portal:token'))).toBeNull();
  expect(new URL(page.url()).hash).toBe('');
});
