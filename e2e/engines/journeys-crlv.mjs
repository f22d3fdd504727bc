// The CRLV-e read on the phone in every engine (issue 47, decision 0029): the test documents of
// e2e/fixtures/crlv chosen on the CRLV's capture screen, pdf.js and its worker downloaded only
// then, the vehicle form filled and marked, confirmed with one field typed, and the vehicle that
// goes out; a scanned and a broken PDF fill nothing and say so once. WebKitGTK's WebDriver
// intercepts no request, so the page records what it sends (XMLHttpRequest: the portal's axios).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { HOST as HOST_APP } from '../../build-preset/apps.cjs';
import { ONBOARDING_DRIVER, driverToken } from '../../sandbox-api/src/constants.ts';
import { CRLV_FIXTURES, VEHICLES, filledFields, vehicleSent } from '../fixtures/crlv/vehicles.ts';

const HOST = `http://localhost:${HOST_APP.port}`;
const SANDBOX = 'http://localhost:4000';
const FIXTURES = CRLV_FIXTURES;
const ID = ONBOARDING_DRIVER.id;
const READ_MARK = 'Lido do CRLV-e: confira.';

async function chooseModality(modalityType) {
  const response = await fetch(`${SANDBOX}/register/api/1.0/driver/${ID}/modality/${modalityType}/`, { method: 'PUT' });
  if (!response.ok) throw new Error(`modality ${modalityType}: ${response.status}`);
}

/** Every request the page sends from now on (method, address, body), kept in window.__sent. */
const RECORD_SENT = `
  var sent = (window.__sent = []);
  var open = XMLHttpRequest.prototype.open, send = XMLHttpRequest.prototype.send;
  XMLHttpRequest.prototype.open = function (method, url) { this.__call = { method: String(method).toUpperCase(), url: String(url) }; return open.apply(this, arguments); };
  XMLHttpRequest.prototype.send = function (body) { if (this.__call) sent.push({ method: this.__call.method, url: this.__call.url, body: typeof body === 'string' ? body : null }); return send.apply(this, arguments); };
  var fetchOf = window.fetch;
  window.fetch = function (input, init) { sent.push({ method: String((init && init.method) || 'GET').toUpperCase(), url: String(input && input.url ? input.url : input), body: init && typeof init.body === 'string' ? init.body : null }); return fetchOf.apply(this, arguments); };
  return true;
`;
/** The reader's files the page has downloaded so far (resource timing): pdf.js's library and the reader's chunk. */
const READER_FILES =
  'return performance.getEntriesByType("resource").map(function (e) { return e.name; }).filter(function (n) { return /pdf(\\.worker)?\\.min|crlv-reader/.test(n); });';

/** The capture screen of the CRLV (the edit flow: the form follows the upload), the PDF chosen and sent. */
async function chooseAndSend(page, modalityType, file) {
  await chooseModality(modalityType);
  await page.open(`${HOST}/register/camera/edit/${modalityType}/4?driverId=${ID}&token=${driverToken(ID)}`);
  await page.heading('CRLV (documento do veículo)');
  await page.run(RECORD_SENT);
  const before = await page.run(READER_FILES);
  page.check('no screen downloads the reader before a PDF is chosen', before.length === 0, before.join(' '));
  await page.upload('Escolher o PDF do CRLV', join(FIXTURES, file));
  await page.text(`PDF escolhido: ${file}`);
  await page.click('button', 'Enviar documento');
  await page.heading('Dados do veículo', 20_000);
}

/** The value of the field labelled `label` and the text that describes it (its hint, its error). */
const FIELD_STATE =
  'var el = labelled(arguments[0]); if (!el) return null; var ids = (el.getAttribute("aria-describedby") || "").split(" ").filter(Boolean); return { value: el.tagName === "SELECT" ? norm(el.options[el.selectedIndex] ? el.options[el.selectedIndex].text : "") : el.value, described: norm(ids.map(function (id) { var d = document.getElementById(id); return d ? d.textContent : ""; }).join(" ")) };';

export const CRLV_JOURNEYS = [
  [
    'CRLV-e: the taxi’s PDF fills the vehicle form, confirmed with one field typed, the vehicle sent as read',
    async (page) => {
      const taxi = VEHICLES.taxi;
      await chooseAndSend(page, 0, 'crlv-taxi-aluguel.pdf');
      const summary = 'Lemos 17 campos do seu CRLV-e. Confira-os; preencha o que falta: Observações.';
      page.check('the one message says what was read and what is left', await page.text(summary, 30_000));
      const reader = await page.run(READER_FILES);
      page.check(
        'pdf.js was downloaded once a PDF was chosen',
        reader.some((name) => /pdf\.min/.test(name)),
        reader.join(' '),
      );
      // The selects too, by the text of their chosen option (FIELD_STATE reads a select's).
      const expected = [...filledFields(taxi), ['Marca', 'Fiat'], ['Modelo', 'Argo 1.0']];
      // The model's list arrives after the brand's: wait for it before reading every field.
      await page.waitFor('the model matched', 'var s = labelled("Modelo"); return s && !s.disabled && s.value !== "";', [], 20_000);
      for (const [label, value] of expected) {
        const state = await page.run(FIELD_STATE, label);
        page.check(
          `"${label}" filled from the document and marked`,
          state && state.value === value && state.described === READ_MARK,
          JSON.stringify(state),
        );
      }
      const remark = await page.run(FIELD_STATE, 'Observações');
      page.check('"Observações" is left to the driver', remark && remark.value === '' && remark.described === '', JSON.stringify(remark));
      await page.type('Observações', 'Nada consta');
      await page.enabled('button', 'Continuar');
      await page.click('button', 'Continuar');
      await page.waitFor('the review', 'return location.pathname.indexOf("/register/review-docs/") === 0;', [], 20_000);
      const sent = await page.run('return window.__sent;');
      const upload = sent.filter((call) => call.method === 'POST' && /\/modality\/0\/documents\/4$/.test(call.url));
      page.check(
        'the upload is the PDF itself, as before',
        upload.length === 1 &&
          JSON.parse(upload[0].body).content === readFileSync(join(FIXTURES, 'crlv-taxi-aluguel.pdf')).toString('base64'),
        JSON.stringify(upload.map((call) => call.url)),
      );
      const vehicle = sent.filter((call) => call.method === 'POST' && call.url.endsWith(`/api/1.0/driver/${ID}/vehicle`));
      const body = vehicle.length === 1 ? JSON.parse(vehicle[0].body) : undefined;
      const wanted = vehicleSent(taxi, { brand: 2, model: 203, remark: 'Nada consta' });
      // Compared field by field: the order of a JSON object's keys is no part of what is sent.
      const differs = Object.keys({ ...wanted, ...body }).filter((key) => body?.[key] !== wanted[key]);
      page.check('the vehicle sent is the document’s, as confirmed', body !== undefined && differs.length === 0, JSON.stringify(body));
      const elsewhere = sent.filter((call) => !vehicle.includes(call)).map((call) => `${call.url} ${call.body ?? ''}`);
      const leaked = [taxi.renavam, taxi.chassis, taxi.ownerName, taxi.plate].filter((value) =>
        elsewhere.some((line) => line.includes(value)),
      );
      page.check('nothing read leaves the phone but in the vehicle confirmed', leaked.length === 0, leaked.join(' '));
    },
  ],
  ...[
    ['scanned.pdf', 'Este PDF é uma imagem digitalizada, sem texto para ler: preencha os campos do veículo.'],
    ['broken.pdf', 'Este PDF parece danificado e não pôde ser lido: preencha os campos do veículo.'],
  ].map(([file, message]) => [
    `CRLV-e: ${file} is sent as before, fills nothing and says so once`,
    async (page) => {
      await chooseAndSend(page, 1, file);
      page.check(`"${message}"`, await page.text(message, 30_000));
      const times = await page.run(
        'var m = arguments[0]; return Array.prototype.filter.call(document.querySelectorAll("p,div,span"), function (e) { return e.children.length === 0 && norm(e.textContent) === m; }).length;',
        message,
      );
      page.check('said once', times === 1, String(times));
      const plate = await page.run(FIELD_STATE, 'Placa');
      const renavam = await page.run(FIELD_STATE, 'RENAVAM');
      page.check('nothing filled', plate?.value === '' && renavam?.value === '', JSON.stringify([plate, renavam]));
      page.check('no field marked as read', !(await page.run('return document.body.innerText.indexOf(arguments[0]) >= 0;', READ_MARK)));
      const sent = await page.run('return window.__sent;');
      const upload = sent.filter((call) => call.method === 'POST' && /\/modality\/1\/documents\/4$/.test(call.url));
      page.check(
        'the upload is the PDF itself, as before',
        upload.length === 1 && JSON.parse(upload[0].body).content === readFileSync(join(FIXTURES, file)).toString('base64'),
      );
    },
  ]),
];
