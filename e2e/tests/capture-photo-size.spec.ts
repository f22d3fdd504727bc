import { ONBOARDING_DRIVER } from '@driver-portal/sandbox-api/constants';
import { expect, HOST, recordRequests, test, withToken, proxiedService, type Page } from './support';
import { hasExif, isJpeg, jpegQuality, jpegSize } from './capture-support';

/*
 * Light uploads (docs/product-rules.md, "Documents and capture") on a photo the size a phone
 * takes: 12 MP (4000x3000), made in the page at test time (no multi-MB fixture): a document on a
 * table, with print, a fine security pattern, a photo box, vignetting and sensor noise, encoded
 * at a phone's quality with a phone's Exif block, so it weighs what a real one does (3-6 MB).
 * Through the file input (a webview without a camera), what goes out must be a JPEG of at most
 * 700 KB, longest side 1600-2000 px, without Exif. The sizes and the time the pipeline took are
 * logged for the closing note; so is a worst case (quality 0.95, heavy noise).
 * (A "capture" spec: the nginx pass runs it too, see playwright.config.ts.)
 */

const ID = ONBOARDING_DRIVER.id;
const REGISTER = proxiedService('register');
const UPLOAD = `${REGISTER}api/2.0/driver/${ID}/modality/0/documents/3`;
const open = (path: string) => withToken(`${path}${path.includes('?') ? '&' : '?'}driverId=${ID}`);
const chooser = (page: Page) => page.getByLabel('Usar a câmera do celular ou escolher uma foto');

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => Object.defineProperty(navigator, 'mediaDevices', { value: undefined, configurable: true }));
});

/**
 * A 4000x3000 photo of a licence-like document on a wooden table, made with a canvas; `noise` is
 * the sensor noise's amplitude in levels (a triangular spread, about noise/2.4 standard
 * deviation), `quality` the JPEG encoder's. An Exif block (orientation 1, camera make, model)
 * follows SOI, as a phone writes it.
 */
async function phonePhoto(page: Page, { noise, quality }: { noise: number; quality: number }): Promise<Buffer> {
  const base64 = await page.evaluate(
    async ({ noise, quality }) => {
      const width = 4000;
      const height = 3000;
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      const context = canvas.getContext('2d');
      if (!context) throw new Error('no canvas');
      let seed = 7;
      const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
      // The table: a gradient with grain.
      const wood = context.createLinearGradient(0, 0, width, height);
      wood.addColorStop(0, '#5a4632');
      wood.addColorStop(1, '#3b2d20');
      context.fillStyle = wood;
      context.fillRect(0, 0, width, height);
      for (let i = 0; i < 1500; i++) {
        context.strokeStyle = `rgba(${30 + random() * 40},${20 + random() * 30},${10 + random() * 20},0.35)`;
        context.lineWidth = 1 + random() * 3;
        const y = random() * height;
        context.beginPath();
        context.moveTo(0, y);
        context.bezierCurveTo(width / 3, y + random() * 60 - 30, (2 * width) / 3, y + random() * 60 - 30, width, y + random() * 40 - 20);
        context.stroke();
      }
      // The document, slightly turned, filling most of the frame.
      const paperWidth = 3400;
      const paperHeight = 2400;
      context.save();
      context.translate(width / 2, height / 2);
      context.rotate(-0.03);
      context.translate(-paperWidth / 2, -paperHeight / 2);
      const paper = context.createLinearGradient(0, 0, paperWidth, paperHeight);
      paper.addColorStop(0, '#e4e6dc');
      paper.addColorStop(1, '#cfd3c4');
      context.fillStyle = paper;
      context.fillRect(0, 0, paperWidth, paperHeight);
      // The security pattern: fine wavy lines over the whole document.
      context.strokeStyle = 'rgba(90,140,110,0.35)';
      context.lineWidth = 1.2;
      for (let k = 0; k < 140; k++) {
        context.beginPath();
        for (let x = 0; x <= paperWidth; x += 6) context.lineTo(x, 40 + k * 17 + Math.sin(x / (37 + (k % 7)) + k) * 14);
        context.stroke();
      }
      const face = context.createRadialGradient(500, 900, 50, 500, 900, 420);
      face.addColorStop(0, '#c79a7a');
      face.addColorStop(1, '#5d4a40');
      context.fillStyle = face;
      context.fillRect(180, 500, 640, 860);
      context.fillStyle = '#1d2330';
      context.font = 'bold 96px sans-serif';
      context.fillText('REPÚBLICA FEDERATIVA DO BRASIL', 200, 200);
      context.font = '64px sans-serif';
      context.fillText('CARTEIRA NACIONAL DE HABILITAÇÃO', 200, 330);
      const words = ['NOME', 'MARIA', 'APARECIDA', 'DOS', 'SANTOS', 'DOC', 'IDENTIDADE', 'EMISSOR', 'CPF', 'DATA', 'NASCIMENTO'];
      words.push('FILIAÇÃO', 'PERMISSÃO', 'ACC', 'CAT', 'HAB', 'Nº', 'REGISTRO', 'VALIDADE', 'OBSERVAÇÕES', 'EAR', 'SÃO', 'PAULO');
      for (let line = 0; line < 44; line++) {
        context.font = `${line % 5 === 0 ? 'bold ' : ''}${30 + (line % 3) * 6}px sans-serif`;
        for (let x = 900; x < paperWidth - 200;) {
          const word = `${words[Math.floor(random() * words.length)] ?? ''}${random() > 0.6 ? ` ${Math.floor(random() * 1e6)}` : ''}`;
          context.fillText(word, x, 520 + line * 42);
          x += context.measureText(word).width + 24;
        }
      }
      context.restore();
      // Vignetting and sensor noise (luminance, with some colour noise).
      const image = context.getImageData(0, 0, width, height);
      const data = image.data;
      let state = 12345;
      for (let y = 0; y < height; y++) {
        const dy = (y - height / 2) / (height / 2);
        for (let x = 0; x < width; x++) {
          const dx = (x - width / 2) / (width / 2);
          const light = 1 - 0.18 * (dx * dx + dy * dy);
          state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
          const luma = (((state & 0xffff) + (state >>> 16)) / 65536 - 1) * noise;
          state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
          const colour = (((state & 0xff) - 128) / 128) * noise * 0.5;
          const i = (y * width + x) * 4;
          data[i] = (data[i] ?? 0) * light + luma + colour;
          data[i + 1] = (data[i + 1] ?? 0) * light + luma;
          data[i + 2] = (data[i + 2] ?? 0) * light + luma - colour;
        }
      }
      context.putImageData(image, 0, 0);
      const blob = await new Promise<Blob>((resolve) => canvas.toBlob((made) => resolve(made as Blob), 'image/jpeg', quality));
      const jpeg = new Uint8Array(await blob.arrayBuffer());
      // APP1 Exif: IFD0 with Orientation 1, Make "Camer", Model "Phone12".
      const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));
      const tiff = [0x49, 0x49, 0x2a, 0, 8, 0, 0, 0, 3, 0];
      tiff.push(0x12, 0x01, 3, 0, 1, 0, 0, 0, 1, 0, 0, 0);
      tiff.push(0x0f, 0x01, 2, 0, 6, 0, 0, 0, 50, 0, 0, 0);
      tiff.push(0x10, 0x01, 2, 0, 8, 0, 0, 0, 56, 0, 0, 0);
      tiff.push(0, 0, 0, 0, ...ascii('Camer'), 0, ...ascii('Phone12'), 0);
      const payload = [...ascii('Exif'), 0, 0, ...tiff];
      const segment = [0xff, 0xe1, (payload.length + 2) >> 8, (payload.length + 2) & 0xff, ...payload];
      const bytes = new Uint8Array(jpeg.length + segment.length);
      bytes.set(jpeg.subarray(0, 2));
      bytes.set(segment, 2);
      bytes.set(jpeg.subarray(2), 2 + segment.length);
      let binary = '';
      for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      return btoa(binary);
    },
    { noise, quality },
  );
  return Buffer.from(base64, 'base64');
}

/** From choosing the file to its preview ready (decode, quality check, resize, re-encode, kept in IndexedDB), in ms. */
async function pick(page: Page, photo: Buffer): Promise<number> {
  const started = performance.now();
  await chooser(page).setInputFiles({ name: 'IMG_20261123_101500.jpg', mimeType: 'image/jpeg', buffer: photo });
  const preview = page.getByRole('img', { name: 'Foto: Permissão para motorista de táxi' });
  await expect.poll(() => preview.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0)).toBe(true);
  return Math.round(performance.now() - started);
}

/** Sends the photo in review and returns what went out, checked: a JPEG without Exif, at most 700 KB. */
async function sendAndRead(page: Page, requests: ReturnType<typeof recordRequests>) {
  await page.getByRole('button', { name: 'Enviar foto' }).click();
  await expect(page).toHaveURL(`${HOST}/register/upload-picture/0`);
  const uploads = requests.filter((request) => request.method() === 'POST' && request.url() === UPLOAD);
  expect(uploads).toHaveLength(1);
  const sent = Buffer.from((uploads[0]?.postDataJSON() as { content: string }).content, 'base64');
  expect(isJpeg(sent)).toBe(true);
  expect(hasExif(sent)).toBe(false);
  expect(sent.includes(Buffer.from('Camer'))).toBe(false);
  return { bytes: sent.length, quality: jpegQuality(sent), ...jpegSize(sent) };
}

const kb = (bytes: number) => `${Math.round(bytes / 1024)} KB`;

test('a 12 MP phone photo (3-6 MB) goes out as a JPEG of at most 700 KB, 1600-2000 px, without Exif', async ({ page }) => {
  test.setTimeout(90_000);
  const requests = recordRequests(page);
  await page.goto(open('/register/camera/new/0/3'));
  await expect(page.getByRole('heading', { level: 1, name: 'Permissão para motorista de táxi' })).toBeVisible();
  const photo = await phonePhoto(page, { noise: 8, quality: 0.92 });
  expect(jpegSize(photo)).toEqual({ width: 4000, height: 3000 });
  expect(hasExif(photo)).toBe(true);
  expect(photo.length).toBeGreaterThan(3_000_000);
  expect(photo.length).toBeLessThan(6_000_000);

  const fast = await pick(page, photo);
  // Nothing flagged: a sharp, well-lit document.
  await expect(page.getByRole('alert')).toHaveCount(0);
  // Again on a low-end phone's CPU (Chromium's 4x slow-down).
  await page.getByRole('button', { name: 'Tirar outra' }).click();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const slow = await pick(page, photo);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });

  const sent = await sendAndRead(page, requests);
  expect(sent.bytes).toBeLessThanOrEqual(700 * 1024);
  expect(Math.max(sent.width, sent.height)).toBeGreaterThanOrEqual(1600);
  expect(Math.max(sent.width, sent.height)).toBeLessThanOrEqual(2000);
  // The shape is kept (4:3).
  expect(Math.abs(sent.width / sent.height - 4 / 3)).toBeLessThan(0.01);
  console.log(
    `[photo-size] 12 MP phone photo: in ${kb(photo.length)} (4000x3000, quality 0.92, noise 8) -> out ${kb(sent.bytes)} ` +
      `(${sent.width}x${sent.height}, quality about ${sent.quality}); pipeline ${fast} ms, ${slow} ms with the CPU 4x slower`,
  );
});

test('worst case: a 12 MP photo at quality 0.95 with heavy noise still goes out within 700 KB', async ({ page }) => {
  test.setTimeout(90_000);
  const requests = recordRequests(page);
  await page.goto(open('/register/camera/new/0/3'));
  const photo = await phonePhoto(page, { noise: 48, quality: 0.95 });
  expect(jpegSize(photo)).toEqual({ width: 4000, height: 3000 });
  const took = await pick(page, photo);
  // Heavy noise is no reason to refuse a photo: nothing flagged, "Enviar foto" offered.
  await expect(page.getByRole('alert')).toHaveCount(0);
  const sent = await sendAndRead(page, requests);
  expect(sent.bytes).toBeLessThanOrEqual(700 * 1024);
  console.log(
    `[photo-size] worst case: in ${kb(photo.length)} (4000x3000, quality 0.95, noise 48) -> out ${kb(sent.bytes)} ` +
      `(${sent.width}x${sent.height}, quality about ${sent.quality}); pipeline ${took} ms`,
  );
});
