// The session without storage in every engine (issue 44, 5; docs/session.md, "Without storage"):
// each journey opens the portal in a session whose storage is taken away before the page's
// scripts run (the engine session's initScript, drivers.mjs): null, as Android's WebView leaves
// DOM storage by default, or throwing a SecurityError when read, as Chromium with cookies blocked
// and Safari do. The driver must see the screens with data, never "Sessão expirada", from the
// host's address and across origins (the session handoff), there and back.
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HOST as HOST_APP, REMOTES } from '../../build-preset/apps.cjs';
import { DEMO_DRIVER_ID, DEMO_TOKEN, ONBOARDING_DRIVER, driverToken } from '../../sandbox-api/src/constants.ts';
import { STORAGE_WRITE_PROBE, storageOffScript, TOKEN_IN_PAGE_MEMORY } from '../tests/storage-off-support.ts';

const HOST = `http://localhost:${HOST_APP.port}`;
const SANDBOX = 'http://localhost:4000';
const ACCOUNT_ORIGIN = `http://localhost:${REMOTES.find((remote) => remote.prefixes.includes('/my-account')).port}`;
const EXPIRED = 'Sessão expirada';
const withToken = (path, origin, token) => `${origin}${path}${path.includes('?') ? '&' : '?'}token=${token}`;

async function sandbox(path, method = 'POST') {
  const response = await fetch(`${SANDBOX}/${path}`, { method });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
}

/** The checks every screen of these journeys shares: the storage really is off, the session is not expired, no token in the address. */
async function signedInWithoutStorage(page, where, token) {
  const write = await page.run(`return ${STORAGE_WRITE_PROBE};`);
  page.check(`${where}: the page has no storage (a write gives ${write})`, write !== 'works', write);
  page.check(`${where}: the session is held in the page's memory`, (await page.run(`return ${TOKEN_IN_PAGE_MEMORY};`)) === token);
  const expired = await page.run('return norm(document.body.innerText).indexOf(arguments[0]) >= 0;', EXPIRED);
  page.check(`${where}: no "${EXPIRED}"`, !expired);
  const url = await page.url();
  page.check(`${where}: no token or handoff code in the address`, !url.includes('token=') && !url.includes('portal-handoff'), url);
}

/** A photo of a printed page, drawn in the page: a JPEG the capture's quality check accepts. */
async function documentPhoto(page) {
  const base64 = await page.run(
    'var c = document.createElement("canvas"); c.width = 1200; c.height = 1600; var x = c.getContext("2d"); x.fillStyle = "#d8d8d4"; x.fillRect(0, 0, 1200, 1600); x.fillStyle = "#282828"; var s = 5; for (var y = 120; y < 1500; y += 60) for (var z = 80; z < 1100; z += 30) { s = (s * 9301 + 49297) % 233280; if (s / 233280 > 0.25) x.fillRect(z, y, 8 + (s % 16), 28); } return c.toDataURL("image/jpeg", 0.9).split(",")[1];',
  );
  const file = join(tmpdir(), `comprovante-${process.pid}-${Date.now()}.jpg`);
  writeFileSync(file, Buffer.from(base64, 'base64'));
  return file;
}

const MODES = [
  ['storage null', 'null'],
  ['storage throwing', 'blocked'],
];

/** The journeys, each in a session of its own storage setting: [name, run(page), { initScript }]. */
export const STORAGE_JOURNEYS = MODES.flatMap(([label, mode]) => [
  [
    `without storage (${label}): the host opened with a token lists the notifications, screen to screen`,
    async (page) => {
      await page.open(withToken(`/notifications/list/?driverId=${DEMO_DRIVER_ID}`, HOST, DEMO_TOKEN));
      const count = await page.waitFor(
        'the notifications',
        'var l = document.querySelector("[aria-label=\'Notificações\']"); return l && l.querySelectorAll("li").length;',
      );
      page.check('the notifications are listed', count > 0, String(count));
      await signedInWithoutStorage(page, 'the list', DEMO_TOKEN);
      await page.click('link', 'Voltar');
      await page.heading('Portal do Motorista');
      await page.click('link', 'Depósitos');
      await page.heading('Depósitos');
      await signedInWithoutStorage(page, 'another remote’s screen', DEMO_TOKEN);
    },
    { initScript: storageOffScript(mode) },
  ],
  [
    `without storage (${label}): a journey across remotes keeps the session, there and back`,
    async (page) => {
      const id = ONBOARDING_DRIVER.id;
      const token = driverToken(id);
      await sandbox(`register/api/1.0/driver/${id}/modality/0/`, 'PUT');
      await sandbox(`__sandbox/onboarding/documents/${id}/1/rejected/1`);
      await page.open(withToken(`/my-account/change-docs/${id}?driverId=${id}`, ACCOUNT_ORIGIN, token));
      await page.heading('Meus documentos');
      await signedInWithoutStorage(page, 'My account’s own URL', token);
      await page.click('link', 'Comprovante de endereço');
      await page.heading('Comprovante de residência');
      const there = await page.url();
      page.check('the onboarding’s screen opened at the host', there.startsWith(`${HOST}/register/details-picture/0/1`), there);
      await signedInWithoutStorage(page, 'the host, after the handoff', token);
      await page.click('link', 'Tirar foto');
      await page.upload('Usar a câmera do celular ou escolher uma foto', await documentPhoto(page));
      await page.waitFor('the preview', 'return !!document.querySelector("img[alt=\'Foto: Comprovante de residência\']");', [], 20_000);
      await page.click('button', 'Enviar foto');
      await page.heading('Meus documentos', 20_000);
      const back = await page.url();
      page.check(
        'back on "Meus documentos" at the account’s own URL',
        back.startsWith(`${ACCOUNT_ORIGIN}/my-account/change-docs/${id}`),
        back,
      );
      page.check('the document is now in review', await page.text('Em análise'));
      await signedInWithoutStorage(page, 'back at My account’s own URL', token);
      await page.click('link', 'Voltar');
      await page.heading('Minha conta');
      await signedInWithoutStorage(page, 'My account (the driver’s own data)', token);
    },
    { initScript: storageOffScript(mode) },
  ],
]);
