// The browser floor's fallbacks in every engine (docs/browsers.md, "How the floor is proven"):
// each journey removes or breaks a Web API before the page's scripts run (the engine session's
// initScript, drivers.mjs), as a webview of the floor has it, and does what a driver does there.
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HOST as HOST_APP } from '../../build-preset/apps.cjs';
import { DEMO_TOKEN, ONBOARDING_DRIVER } from '../../sandbox-api/src/constants.ts';

const HOST = `http://localhost:${HOST_APP.port}`;
const GUID = ONBOARDING_DRIVER.id;

/**
 * Records, in sessionStorage (the upload moves the screen on), what each document upload sent:
 * the URL, and the JPEG's size from its frame header and whether an Exif block is left in it.
 * Through XMLHttpRequest (the portal's HTTP client) and fetch, whichever carries it.
 */
const RECORD_UPLOADS = `
(function () {
  var KEY = 'e2e-floor-uploads';
  function jpegOf(body) {
    try {
      var content = JSON.parse(body).content;
      var bytes = atob(content);
      var at = function (i) { return bytes.charCodeAt(i); };
      var size = null;
      for (var i = 2; i + 9 < bytes.length && at(i) === 0xff; ) {
        var marker = at(i + 1);
        if (marker >= 0xc0 && marker <= 0xc3) { size = { height: (at(i + 5) << 8) | at(i + 6), width: (at(i + 7) << 8) | at(i + 8) }; break; }
        i += 2 + ((at(i + 2) << 8) | at(i + 3));
      }
      return { jpeg: bytes.charCodeAt(0) === 0xff && bytes.charCodeAt(1) === 0xd8, size: size, exif: bytes.indexOf('Exif') >= 0, bytes: bytes.length };
    } catch (error) {
      return { error: String(error) };
    }
  }
  function record(url, body) {
    if (!/\\/documents\\//.test(String(url)) || typeof body !== 'string') return;
    var list = JSON.parse(sessionStorage.getItem(KEY) || '[]');
    var entry = jpegOf(body);
    entry.url = String(url);
    list.push(entry);
    sessionStorage.setItem(KEY, JSON.stringify(list));
  }
  var open = XMLHttpRequest.prototype.open;
  var send = XMLHttpRequest.prototype.send;
  XMLHttpRequest.prototype.open = function (method, url) {
    this.__e2eUrl = url;
    return open.apply(this, arguments);
  };
  XMLHttpRequest.prototype.send = function (body) {
    record(this.__e2eUrl, body);
    return send.apply(this, arguments);
  };
  var realFetch = window.fetch;
  window.fetch = function (input, init) {
    record(typeof input === 'string' ? input : input && input.url, init && init.body);
    return realFetch.apply(this, arguments);
  };
})();
`;

/** A webview with no createImageBitmap at all. */
const WITHOUT_CREATE_IMAGE_BITMAP = `
delete window.createImageBitmap;
if (typeof Window !== 'undefined') delete Window.prototype.createImageBitmap;
`;

/**
 * Chromium 105-111: createImageBitmap exists but knows only 'none' and 'flipY' for
 * imageOrientation, and rejects 'from-image' with a TypeError (WebIDL's enum conversion).
 */
const CHROMIUM_111_CREATE_IMAGE_BITMAP = `
(function () {
  var real = window.createImageBitmap;
  window.__e2eFloor = { calls: 0, refused: 0 };
  window.createImageBitmap = function () {
    window.__e2eFloor.calls++;
    var options = arguments.length === 2 || arguments.length === 3 ? arguments[arguments.length - 1] : arguments[5];
    if (options && options.imageOrientation === 'from-image') {
      window.__e2eFloor.refused++;
      return Promise.reject(new TypeError("Failed to execute 'createImageBitmap' on 'Window': The provided value 'from-image' is not a valid enum value of type ImageOrientation."));
    }
    return real.apply(this, arguments);
  };
})();
`;

/** The Exif APP1 segment of a photo taken sideways: Orientation 6 (rotate 90° clockwise) and a camera make. */
function withOrientation6(jpeg) {
  const tiff = [
    0x49, 0x49, 0x2a, 0, 8, 0, 0, 0, 2, 0, 0x12, 0x01, 3, 0, 1, 0, 0, 0, 6, 0, 0, 0, 0x0f, 0x01, 2, 0, 6, 0, 0, 0, 38, 0, 0, 0, 0, 0, 0, 0,
    0x43, 0x61, 0x6d, 0x65, 0x72, 0,
  ];
  const payload = [0x45, 0x78, 0x69, 0x66, 0, 0, ...tiff];
  const segment = Buffer.from([0xff, 0xe1, (payload.length + 2) >> 8, (payload.length + 2) & 0xff, ...payload]);
  return Buffer.concat([jpeg.subarray(0, 2), segment, jpeg.subarray(2)]);
}

/**
 * On the licence's capture screen, a driver chooses a document photographed sideways (stored
 * 1600x1200, EXIF orientation 6): it is previewed, not refused, sent, and what went out is the
 * page upright (taller than wide), without its Exif.
 */
async function sidewaysPhotoIsSent(page, fallbackInEffect) {
  await page.open(`${HOST}/register/camera/new/0/5?driverId=${GUID}&token=${DEMO_TOKEN}`);
  await page.heading('Licença do veículo');
  page.check(...(await fallbackInEffect(page)));
  const base64 = await page.run(
    'var c = document.createElement("canvas"); c.width = 1600; c.height = 1200; var x = c.getContext("2d"); x.fillStyle = "#d8d8d4"; x.fillRect(0, 0, 1600, 1200); x.fillStyle = "#282828"; var s = 5; for (var y = 120; y < 1100; y += 60) for (var z = 80; z < 1500; z += 30) { s = (s * 9301 + 49297) % 233280; if (s / 233280 > 0.25) x.fillRect(z, y, 8 + (s % 16), 28); } return c.toDataURL("image/jpeg", 0.95).split(",")[1];',
  );
  const photo = join(tmpdir(), `licenca-deitada-${process.pid}.jpg`);
  writeFileSync(photo, withOrientation6(Buffer.from(base64, 'base64')));
  await page.upload('Usar a câmera do celular ou escolher uma foto', photo);
  await page.waitFor(
    'the preview or a refusal',
    'return !!document.querySelector("img[alt=\'Foto: Licença do veículo\']") || norm(document.body.innerText).indexOf("Não foi possível abrir esta foto") >= 0;',
    [],
    20_000,
  );
  const refused = await page.run('return norm(document.body.innerText).indexOf("Não foi possível abrir esta foto") >= 0;');
  page.check('the photo is accepted: previewed, not "Não foi possível abrir esta foto..."', !refused);
  if (refused) return;
  page.check(...(await fallbackInEffect(page, 'after')));
  await page.click('button', 'Enviar foto');
  await page.waitFor('the upload', 'return location.pathname === "/register/upload-picture/0";', [], 20_000);
  const uploads = JSON.parse((await page.run('return sessionStorage.getItem("e2e-floor-uploads");')) ?? '[]');
  const sent = uploads.at(-1) ?? {};
  page.check(
    'the photo is uploaded as a JPEG, upright (taller than wide), at most 1800 px, without its Exif',
    uploads.length === 1 &&
      sent.url.includes(`/driver/${GUID}/modality/0/documents/5`) &&
      sent.jpeg &&
      sent.size?.height > sent.size?.width &&
      Math.max(sent.size.height, sent.size.width) <= 1800 &&
      !sent.exif,
    JSON.stringify(uploads),
  );
}

/** The journeys, as JOURNEYS holds them: [name, run(page), session options]. */
export const FLOOR_JOURNEYS = [
  [
    'floor fallback: a photo with EXIF orientation 6 where createImageBitmap is missing',
    (page) =>
      sidewaysPhotoIsSent(page, async (at, when = 'before') => [
        `createImageBitmap is missing from the page (${when} the photo)`,
        (await at.run('return typeof window.createImageBitmap;')) === 'undefined',
      ]),
    { initScript: `${WITHOUT_CREATE_IMAGE_BITMAP}\n${RECORD_UPLOADS}` },
  ],
  [
    'floor fallback: a photo with EXIF orientation 6 where createImageBitmap rejects imageOrientation (Chromium 105-111)',
    (page) =>
      sidewaysPhotoIsSent(page, async (at, when = 'before') => {
        const floor = await at.run('return window.__e2eFloor || null;');
        return when === 'before'
          ? ['the page has Chromium 111’s createImageBitmap from its first script', floor?.calls === 0, JSON.stringify(floor)]
          : [
              'the page asked createImageBitmap for "from-image" and was refused with a TypeError',
              floor?.refused >= 1,
              JSON.stringify(floor),
            ];
      }),
    { initScript: `${CHROMIUM_111_CREATE_IMAGE_BITMAP}\n${RECORD_UPLOADS}` },
  ],
];
