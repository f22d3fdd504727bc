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
import { fillLicence, fillVehicle } from './onboarding-data';
import { documentPhoto, fakeCameraLaunch, jpegSize } from './capture-support';

/*
 * Document capture (issue 10) against the sandbox: a taxi driver (modality 0) photographs every
 * document with Chromium's fake camera fed by a document-like frame made here, and separately
 * through the file input (a webview without a camera), with photos made in the page: a dark and
 * a blurred one flagged then sent anyway, a failing upload retried without a retake, a reload
 * keeping the photo, EXIF orientation applied and metadata dropped, a non-PDF refused for the CRLV.
 */

const GUID = ONBOARDING_DRIVER.id;
const REGISTER = proxiedService('register');
const open = (path: string) => withToken(`${path}${path.includes('?') ? '&' : '?'}driverId=${GUID}`);

/** The uploads the page made: path and decoded size of each part. */
function uploads(requests: Request[]) {
  return requests
    .filter((request) => request.method() === 'POST' && request.url().startsWith(REGISTER) && request.url().includes('/documents/'))
    .map((request) => {
      const body = request.postDataJSON() as Record<string, string>;
      return {
        path: request.url().slice(REGISTER.length),
        body,
        bytes: Object.fromEntries(Object.entries(body).map(([key, value]) => [key, Math.floor((value.length * 3) / 4)])),
      };
    });
}

async function sandboxState(): Promise<{
  register: { drivers: { id: string; states: number[] }[] };
  documents: { byDriver: Record<string, { documentType: number; bytes: number[] }[]> };
}> {
  return (await (await fetch(`${SANDBOX}/__sandbox/state`)).json()) as never;
}

/** The preview shows the photo (a blob: URL the CSP allows). */
async function expectPreview(page: Page, name: string) {
  const image = page.getByRole('img', { name });
  await expect(image).toBeVisible();
  await expect(image).toHaveAttribute('src', /^blob:/);
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0)).toBe(true);
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

// The fake camera for the whole file (launch options force a worker of their own); the file-input
// tests take the camera away from the page instead.
test.use({
  launchOptions: fakeCameraLaunch(),
  permissions: ['camera'],
});

test.describe('with the camera (Chromium fake camera)', () => {
  test('a new taxi driver photographs every document, sends the CRLV PDF and submits for analysis', async ({ page }) => {
    test.setTimeout(90_000);
    const requests = recordRequests(page);
    const response = await page.goto(open('/register/upload-picture/0'));
    // Through nginx (PORTAL_SERVER=nginx) the page has a CSP: blob: only for images (the previews below load under it)
    // and for the CRLV-e reader's worker (decision 0029).
    const csp = response?.headers()['content-security-policy'];
    if (csp !== undefined) {
      expect(csp).toMatch(/img-src 'self' data: blob:/);
      expect(csp).toMatch(/worker-src 'self' blob: /);
      expect(csp.match(/blob:/g)).toHaveLength(2);
      expect(csp).not.toMatch(/media-src|unsafe-inline/);
    }
    await expect(page.getByRole('heading', { level: 1, name: 'Envie seus documentos' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Enviar para análise' })).toBeDisabled();
    await expectAccessible(page);

    // The licence: instructions, front, back, final review, one upload.
    await page.getByRole('link', { name: /CNH \(Carteira Nacional de Habilitação\) com EAR/ }).click();
    await expect(page).toHaveURL(`${HOST}/register/details-picture/0/0`);
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Tirar foto' }).click();
    await expect(page).toHaveURL(`${HOST}/register/mask-camera/new/0/0`);
    await expect(page.getByText('Passo 1 de 2: frente da CNH')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Tirar foto' })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Tirar foto' }).click();
    await expectPreview(page, 'Foto: frente da CNH');
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.getByRole('button', { name: 'Tirar foto' }).click();
    await expectPreview(page, 'Foto: verso da CNH');
    await page.getByRole('button', { name: 'Continuar' }).click();
    await expectPreview(page, 'Foto: frente da CNH');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Enviar fotos' }).click();
    await expect(page).toHaveURL(`${HOST}/register/cnh/new/0`);
    // The licence's data, then back to the checklist (the new flow).
    await fillLicence(page);
    await page.getByRole('button', { name: 'Continuar' }).click();
    await expect(page).toHaveURL(`${HOST}/register/upload-picture/0`);
    await expect(page.getByRole('link', { name: 'Dados da CNH Preenchidos' })).toHaveAttribute('href', '/register/cnh/new/0');

    // The photo of the driver, after the facial-recognition policy.
    await page.goto(open('/register/selfie/new/0/2'));
    await page.getByRole('button', { name: 'Tirar foto' }).click();
    await expectPreview(page, 'Foto: seu rosto');
    await expect(page.getByRole('button', { name: 'ENVIAR FOTO' })).toBeDisabled();
    await expectAccessible(page);
    await page.getByRole('checkbox', { name: 'Li e aceito a política de reconhecimento facial' }).check();
    await page.getByRole('button', { name: 'ENVIAR FOTO' }).click();
    await expect(page).toHaveURL(`${HOST}/register/upload-picture/0`);

    // Proof of address, taxi permit, vehicle licence: one photo each, from the checklist.
    for (const name of ['Comprovante de residência', 'Permissão para motorista de táxi', 'Licença do veículo']) {
      await page.getByRole('link', { name: new RegExp(name) }).click();
      await page.getByRole('link', { name: 'Tirar foto' }).click();
      await page.getByRole('button', { name: 'Tirar foto' }).click();
      await expectPreview(page, `Foto: ${name}`);
      await page.getByRole('button', { name: 'Enviar foto' }).click();
      await expect(page).toHaveURL(`${HOST}/register/upload-picture/0`);
    }

    // The CRLV: a PDF.
    await page.getByRole('link', { name: /CRLV/ }).click();
    await page.getByRole('link', { name: 'Escolher o PDF' }).click();
    await expectAccessible(page);
    await page.getByLabel('Escolher o PDF do CRLV').setInputFiles({ name: 'crlv.pdf', mimeType: 'application/pdf', buffer: PDF });
    await page.getByRole('button', { name: 'Enviar documento' }).click();
    await expect(page).toHaveURL(`${HOST}/register/upload-picture/0`);

    await expect(page.getByRole('region', { name: 'Seus documentos' }).getByText('Aguarde...')).toHaveCount(3);
    // Every document sent: the submit still waits for the vehicle's data, and says so.
    const vehicleData = page.getByRole('link', { name: 'Dados do veículo Não preenchidos' });
    await expect(vehicleData).toHaveAttribute('href', '/register/crlv/new/0');
    await expect(page.getByRole('button', { name: 'Enviar para análise' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Enviar para análise' })).toHaveAccessibleDescription(
      'Pendências para enviar para análise: Dados do veículo.',
    );
    await expectAccessible(page);
    // The vehicle's data, then back to the checklist, and the submit for analysis.
    await vehicleData.click();
    await fillVehicle(page);
    await page.getByRole('button', { name: 'Continuar' }).click();
    await expect(page).toHaveURL(`${HOST}/register/upload-picture/0`);
    await page.getByRole('button', { name: 'Enviar para análise' }).click();
    await expect(page).toHaveURL(`${HOST}/register/next-steps/`);
    const driver = (await sandboxState()).register.drivers.find((item) => item.id === GUID);
    expect(driver?.states).toContain(ONBOARDING_STATES.sentForAnalysis);

    const sent = uploads(requests);
    expect(sent.map((item) => item.path)).toEqual([
      `api/2.0/driver/${GUID}/documents/0`,
      `api/2.0/driver/${GUID}/documents/2`,
      `api/1.0/driver/${GUID}/documents/1`,
      `api/2.0/driver/${GUID}/modality/0/documents/3`,
      `api/2.0/driver/${GUID}/modality/0/documents/5`,
      `api/2.0/driver/${GUID}/modality/0/documents/4`,
    ]);
    expect(Object.keys(sent[0]?.body ?? {}).sort()).toEqual(['Back', 'Front']);
    for (const item of sent) for (const bytes of Object.values(item.bytes)) expect(bytes).toBeLessThanOrEqual(700 * 1024);
    console.log(
      '[capture] upload sizes (bytes):',
      JSON.stringify(sent.map((item) => ({ path: item.path.replace(GUID, '<guid>'), ...item.bytes }))),
    );
  });
});

test.describe('without a camera (the file input)', () => {
  // A webview that gives the page no camera: the file input (with capture) is the way in.
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => Object.defineProperty(navigator, 'mediaDevices', { value: undefined, configurable: true }));
  });

  const photo = documentPhoto;

  const chooser = (page: Page) => page.getByLabel('Usar a câmera do celular ou escolher uma foto');

  test('a dark and a blurred photo are flagged, then sent anyway; EXIF orientation applied, metadata dropped', async ({ page }) => {
    test.setTimeout(60_000);
    const requests = recordRequests(page);
    await page.goto(open('/register/camera/new/0/3'));
    await expect(page.getByRole('heading', { level: 1, name: 'Permissão para motorista de táxi' })).toBeVisible();
    await expect(page.getByText('Camera não suportada')).toHaveCount(0);
    await expect(chooser(page)).toHaveAttribute('capture', 'environment');
    await expectAccessible(page);
    await chooser(page).setInputFiles({ name: 'escura.jpg', mimeType: 'image/jpeg', buffer: await photo(page, 'dark') });
    await expect(page.getByText('A foto ficou escura. Procure um lugar com mais luz.')).toBeVisible();
    await expect(page.getByRole('button', { name: /Enviar/ })).toHaveCount(0);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Tirar outra' }).click();
    await chooser(page).setInputFiles({ name: 'borrada.jpg', mimeType: 'image/jpeg', buffer: await photo(page, 'blurred') });
    await expect(page.getByText(/A foto ficou desfocada/)).toBeVisible();
    await page.getByRole('button', { name: 'Enviar mesmo assim' }).click();
    await expect(page).toHaveURL(`${HOST}/register/upload-picture/0`);

    // A sharp photo taken sideways with EXIF orientation 6: sent upright, without its EXIF.
    await page.goto(open('/register/camera/new/0/5'));
    const rotated = await photo(page, 'sharp', { rotated: true });
    expect(jpegSize(rotated)).toEqual({ width: 1600, height: 1200 });
    await chooser(page).setInputFiles({ name: 'licenca.jpg', mimeType: 'image/jpeg', buffer: rotated });
    await expectPreview(page, 'Foto: Licença do veículo');
    await expect(page.getByRole('alert')).toHaveCount(0);
    await page.getByRole('button', { name: 'Enviar foto' }).click();
    await expect(page).toHaveURL(`${HOST}/register/upload-picture/0`);
    const sent = uploads(requests);
    const licence = Buffer.from(sent.at(-1)?.body.content ?? '', 'base64');
    const size = jpegSize(licence);
    expect(size.height).toBeGreaterThan(size.width);
    expect(Math.max(size.width, size.height)).toBeLessThanOrEqual(1800);
    expect(licence.includes(Buffer.from('Exif'))).toBe(false);
    expect(licence.includes(Buffer.from('Camer'))).toBe(false);
    console.log('[capture] file-input uploads (bytes):', JSON.stringify(sent.map((item) => item.bytes)), 'upright size', size);
  });

  test('an upload that fails is retried without a retake; a reload before sending keeps the photo', async ({ page }) => {
    const requests = recordRequests(page);
    await page.goto(open('/register/camera/new/0/1'));
    await chooser(page).setInputFiles({ name: 'conta.jpg', mimeType: 'image/jpeg', buffer: await photo(page, 'sharp') });
    await expectPreview(page, 'Foto: Comprovante de residência');
    // The webview reloads before the photo is sent: it is still there (IndexedDB).
    await page.reload();
    await expectPreview(page, 'Foto: Comprovante de residência');
    let failures = 1;
    await page.route(`${REGISTER}api/1.0/driver/${GUID}/documents/1`, async (route) => {
      if (route.request().method() === 'POST' && failures-- > 0)
        return route.fulfill({ status: 500, json: { validations: [{ message: 'Falha.' }] } });
      return route.fallback();
    });
    await page.getByRole('button', { name: 'Enviar foto' }).click();
    await expect(page.getByText('Erro ao enviar o documento.')).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Tentar novamente' }).click();
    await expect(page).toHaveURL(`${HOST}/register/upload-picture/0`);
    const sent = uploads(requests);
    expect(sent).toHaveLength(2);
    expect(sent[1]?.body.content).toBe(sent[0]?.body.content);
    const kept = (await sandboxState()).documents.byDriver[GUID.toLowerCase()] ?? [];
    expect(kept.map((item) => item.documentType)).toEqual([1]);
  });

  test('the CRLV refuses a file that is not a PDF before sending', async ({ page }) => {
    const requests = recordRequests(page);
    await page.goto(open('/register/camera/new/0/4'));
    await expect(page.getByRole('heading', { level: 1, name: 'CRLV (documento do veículo)' })).toBeVisible();
    await page
      .getByLabel('Escolher o PDF do CRLV')
      .setInputFiles({ name: 'crlv.pdf', mimeType: 'application/pdf', buffer: await photo(page, 'sharp') });
    await expect(page.getByText('O CRLV deve ser um arquivo PDF.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Enviar documento' })).toHaveCount(0);
    await expectAccessible(page);
    expect(uploads(requests)).toEqual([]);
  });
});
