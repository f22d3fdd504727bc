// One set of journeys for every engine (issue 29). Each check is counted: the runner prints,
// per engine, how many passed and failed.
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { APPS, HOST as HOST_APP, REMOTES } from '../../build-preset/apps.cjs';
import { DEMO_DRIVER, DEMO_DRIVER_ID, DEMO_TOKEN, ONBOARDING_DRIVER, SMS_CODE, driverToken } from '../../sandbox-api/src/constants.ts';
import { HELPERS, OFFLINE_ONCE } from './page-helpers.mjs';
import { STORAGE_JOURNEYS } from './journeys-storage.mjs';
import { FLOOR_JOURNEYS } from './journeys-floor.mjs';
import { vehicleTyped } from '../tests/vehicle-values.ts';

export const HOST = `http://localhost:${HOST_APP.port}`;
export const SANDBOX = 'http://localhost:4000';
const ACCOUNT = REMOTES.find((remote) => remote.prefixes.includes('/my-account'));
const ACCOUNT_ORIGIN = `http://localhost:${ACCOUNT.port}`;
const originOf = (path) => {
  const remote = REMOTES.find((candidate) => candidate.prefixes.some((prefix) => path.toLowerCase().startsWith(prefix.toLowerCase())));
  return remote ? `http://localhost:${remote.port}` : HOST;
};
const withToken = (path, origin = HOST, token = DEMO_TOKEN) => `${origin}${path}${path.includes('?') ? '&' : '?'}token=${token}`;
export const FOREIGN_SITE = 'http://127.0.0.1:5556';
export const SAME_HOST_OTHER_PORT = 'http://localhost:5555';
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const PDF = '%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n';

/** A journey's page: the engine's session with the helpers below. */
export function driverFor(session, report) {
  const run = (body, ...args) => session.run(`${HELPERS}\n${body}`, ...args);
  const waitFor = async (what, body, args = [], timeout = 15_000) => {
    const end = Date.now() + timeout;
    let last;
    while (Date.now() < end) {
      try {
        last = await run(body, ...args);
        if (last) return last;
      } catch {
        // a navigation in between: ask again
      }
      await sleep(150);
    }
    throw new Error(`timed out waiting for ${what} (last: ${JSON.stringify(last)})`);
  };
  const markOf = (kind, name, timeout) => waitFor(`${kind} "${name}"`, 'return mark(arguments[0], arguments[1]);', [kind, name], timeout);
  const self = {
    session,
    run,
    waitFor,
    open: (url) => session.open(url),
    url: () => session.url(),
    heading: (name, timeout) =>
      waitFor(
        `heading "${name}"`,
        'var h = find("heading", arguments[0]); return !!h && !document.querySelector(".loading-state");',
        [name],
        timeout,
      ),
    settled: () =>
      waitFor(
        'a settled screen',
        'var h = document.querySelector("h1"); return h && !document.querySelector(".loading-state") ? norm(h.textContent) : null;',
      ),
    text: (text, timeout) => waitFor(`text "${text}"`, 'return norm(document.body.innerText).indexOf(arguments[0]) >= 0;', [text], timeout),
    click: async (kind, name) => {
      const css = await markOf(kind, name);
      // In the middle of the screen: a sticky header or footer never covers what is tapped.
      await run('document.querySelector(arguments[0]).scrollIntoView({ block: "center" });', css);
      if (process.env.E2E_DEBUG)
        console.log(
          `    click ${kind} "${name}"`,
          await run(
            'var e = document.querySelector(arguments[0]); var r = e.getBoundingClientRect(); var top = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2); return [e.outerHTML.slice(0, 160), JSON.stringify(r), top && top.outerHTML.slice(0, 160)];',
            css,
          ),
        );
      await session.click(css);
    },
    type: async (label, text) => session.type(await markOf('label', label), text),
    retype: async (label, text) => {
      if (process.env.E2E_DEBUG) console.log(`    retype "${label}"`);
      const css = await markOf('label', label);
      await run('var el = document.querySelector(arguments[0]); el.focus(); el.select && el.select();', css);
      await session.type(css, text);
    },
    select: async (label, value) => {
      if (process.env.E2E_DEBUG) console.log(`    select "${label}" ${value}`);
      await session.select(await markOf('label', label), value);
    },
    upload: async (label, file) => session.upload(await markOf('label', label), file),
    enabled: (kind, name) =>
      waitFor(`${name} enabled`, 'var el = find(arguments[0], arguments[1]); return !!el && !el.disabled;', [kind, name]),
    storage: (key) => run('return window.sessionStorage.getItem(arguments[0]);', key),
    check: (name, ok, detail = '') => report(name, Boolean(ok), detail),
    /** No blank screen, no fallback or not-found page, nothing wider than the screen. */
    async screenIsFine(where) {
      const title = await self.settled();
      const state = await run(
        'return { notFound: norm(document.querySelector("h1").textContent) === "Página não encontrada", error: !!document.querySelector(".dialog-error"), unknown: /Não foi possível identificar o seu cadastro/.test(document.body.innerText), wide: document.documentElement.scrollWidth > window.innerWidth + 1, width: document.documentElement.scrollWidth };',
      );
      report(
        `${where}: "${title}" opens, no fallback, no error, fits 360 px`,
        !state.notFound && !state.error && !state.unknown && !state.wide,
        JSON.stringify(state),
      );
      return title;
    },
  };
  return self;
}

async function sandbox(path, method = 'POST', body) {
  const response = await fetch(`${SANDBOX}/${path}`, {
    method,
    headers: body ? { 'Content-Type': 'application/json' } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
}

/** The journeys, each on a fresh session of the engine: [name, run(page), session options?]. */
export const JOURNEYS = [
  [
    'the route table at the host and at each remote’s own URL',
    async (page) => {
      await page.open(withToken(`/App?driverId=${DEMO_DRIVER_ID}`));
      await page.heading('Portal do Motorista');
      page.check('the token left the host’s address', !(await page.url()).includes('token='));
      // The home's tiles: every remote's navigation.json (apps.json's remotes), at their real paths.
      const paths = await page.run(
        'return Array.prototype.slice.call(document.querySelectorAll("main a[href]")).map(function (a) { return a.getAttribute("href"); }).filter(function (h) { return h && h[0] === "/" && h[1] !== "/" && !/^\\/(sair|login)/i.test(h); });',
      );
      const unique = [...new Set(paths)];
      page.check(
        'the home lists a screen of every remote',
        REMOTES.every((remote) => unique.some((path) => originOf(path) === `http://localhost:${remote.port}`)),
        unique.join(' '),
      );
      for (const path of unique) {
        await page.open(`${HOST}${path}`);
        await page.screenIsFine(`host ${path}`);
      }
      const opened = new Set();
      for (const path of unique) {
        const origin = originOf(path);
        await page.open(opened.has(origin) ? `${origin}${path}` : withToken(path, origin));
        opened.add(origin);
        await page.screenIsFine(`${origin} ${path}`);
        page.check(`${origin}${path}: no token in the address`, !(await page.url()).includes('token='));
      }
    },
  ],
  [
    'e-mail change, then back leaves it',
    async (page) => {
      await page.open(`${HOST}/App`);
      await page.open(withToken(`/my-account/init/${DEMO_DRIVER_ID}`));
      await page.heading('Minha conta');
      await page.text(DEMO_DRIVER.email);
      await page.click('link', 'Alterar e-mail');
      await page.heading('Alterar e-mail');
      await page.type('Novo e-mail', 'maria.nova@example.com');
      await page.enabled('button', 'Alterar');
      await page.click('button', 'Alterar');
      await page.text('Enviamos um código de 6 dígitos para maria.nova@example.com.');
      await page.type('Código', SMS_CODE);
      await page.enabled('button', 'Confirmar');
      await page.click('button', 'Confirmar');
      await page.text('E-mail alterado com sucesso!');
      await page.click('button', 'OK');
      await page.heading('Minha conta');
      page.check('My account shows the new e-mail', await page.text('maria.nova@example.com'));
      page.check(
        'back at My account, at its address',
        (await page.url()) === `${HOST}/my-account/init/${DEMO_DRIVER_ID}`,
        await page.url(),
      );
      await page.session.back();
      await sleep(500);
      const title = await page.run('var h = document.querySelector("h1"); return h ? norm(h.textContent) : location.href;');
      page.check('back leaves the finished change (not "Alterar e-mail")', title !== 'Alterar e-mail', title);
    },
  ],
  ...[
    ['at the host', HOST],
    ['at the account’s own URL', ACCOUNT_ORIGIN],
  ].map(([where, origin]) => [
    `a document (CRLV) changed from My account ${where}, back to "Meus documentos"`,
    async (page) => {
      const id = ONBOARDING_DRIVER.id;
      await sandbox(`register/api/1.0/driver/${id}/modality/0/`, 'PUT');
      await sandbox(`__sandbox/onboarding/documents/${id}/4/rejected/1`);
      const pdf = join(tmpdir(), `crlv-${process.pid}.pdf`);
      writeFileSync(pdf, PDF);
      await page.open(withToken(`/my-account/init/${id}?driverId=${id}`, origin, driverToken(id)));
      await page.heading('Minha conta');
      await page.open(`${origin}/my-account/change-docs/${id}`);
      await page.heading('Meus documentos');
      await page.click('link', 'CRLV (documento do veículo)');
      await page.heading('CRLV (documento do veículo)');
      const url = await page.url();
      page.check(
        'the onboarding screen opened at the host, no token or code in the address',
        url.startsWith(`${HOST}/register/`) && !url.includes('token') && !url.includes('portal-handoff'),
        url,
      );
      page.check('the host holds the driver’s token after the handoff', (await page.storage('driver-portal:token')) === driverToken(id));
      page.check('window.name is empty', (await page.run('return window.name;')) === '');
      await page.click('link', 'Escolher o PDF');
      await page.upload('Escolher o PDF do CRLV', pdf);
      await page.click('button', 'Enviar documento');
      await page.heading('Dados do veículo');
      const year = new Date().getUTCFullYear();
      for (const [label, value] of vehicleTyped(year, year - 1)) await page.retype(label, value);
      await page.select(
        'Marca',
        await page.waitFor(
          'brand option',
          'var s = labelled("Marca"); var o = s && Array.prototype.find.call(s.options, function (x) { return x.text === "Chevrolet"; }); return o ? o.value : null;',
        ),
      );
      await page.select(
        'Modelo',
        await page.waitFor(
          'model option',
          'var s = labelled("Modelo"); var o = s && !s.disabled && Array.prototype.find.call(s.options, function (x) { return x.text === "Spin LTZ 1.8"; }); return o ? o.value : null;',
        ),
      );
      await page.select('Combustível', 'ALCOOL/GASOLINA');
      await page.select('UF', 'SP');
      await page.click('radio', 'Pessoa jurídica (CNPJ)');
      await page.retype('CNPJ do proprietário', '11222333000181');
      const invalid = await page.run(
        'return Array.prototype.slice.call(document.querySelectorAll("[aria-invalid=true]")).map(function (e) { return e.id + ":" + (e.getAttribute("aria-describedby") ? norm((document.getElementById(e.getAttribute("aria-describedby").split(" ")[0]) || {}).textContent) : ""); });',
      );
      page.check('the vehicle form takes a valid emission date (no "Data invalida")', invalid.length === 0, JSON.stringify(invalid));
      await page.click('button', 'Continuar');
      await page.heading('Meus documentos', 20_000);
      const back = await page.url();
      page.check(`back on "Meus documentos" at ${origin}`, back.startsWith(`${origin}/my-account/change-docs/${id}`), back);
      page.check('the CRLV is now in review', await page.text('Em análise'));
      page.check('no token or code left in the address', !back.includes('token') && !back.includes('portal-handoff'));
    },
  ]),
  [
    'invoices: a period up to today in Brazil',
    async (page) => {
      const day = Object.fromEntries(
        new Intl.DateTimeFormat('en-US', { timeZone: 'America/Sao_Paulo', year: 'numeric', month: '2-digit', day: '2-digit' })
          .formatToParts(new Date())
          .map((part) => [part.type, part.value]),
      );
      await page.open(withToken('/my-account/take-nf'));
      await page.heading('Notas fiscais');
      await page.type('CPF', DEMO_DRIVER.cpf);
      await page.type('Data de nascimento', '12031985');
      await page.type('Data inicial', '01012020');
      await page.type('Data final', `${day.day}${day.month}${day.year}`);
      const invalid = await page.run(
        'return norm(document.body.innerText).indexOf("Data invalida") >= 0 || norm(document.body.innerText).indexOf("Data fora do período") >= 0;',
      );
      page.check('today is a valid end date (no "Data invalida")', !invalid);
      await page.enabled('button', 'Continuar');
      await page.click('button', 'Continuar');
      const count = await page.waitFor(
        'twelve invoices',
        'var l = document.querySelector("[aria-label=\'Notas fiscais\']"); return l && l.querySelectorAll("li").length;',
      );
      page.check('twelve invoices listed', count === 12, String(count));
    },
  ],
  [
    'the insurance wizard, with an additional driver',
    async (page) => {
      await page.open(withToken(`/car-insurance/init/${DEMO_DRIVER_ID}`));
      await page.heading('Seguro auto');
      await page.click('link', 'Contratar');
      await page.heading('Antes de contratar');
      await page.click('link', 'Continuar');
      await page.heading('Dados complementares');
      await page.select('Estado civil', 'Casado');
      await page.type('RG', '12.345.678-9');
      await page.select('Estado emissor do RG', 'SP');
      await page.type('Data de emissão do RG', '10052010');
      await page.click('button', 'Continuar');
      await page.heading('Dados financeiros');
      page.check('the complement step accepts its date', true);
      await page.select('Banco', '341');
      await page.type('Agência', '1234');
      await page.type('Conta', '56789');
      // Itaú's modulus 10 over 1234 56789 gives 7.
      await page.type('Dígito da conta', '7');
      await page.click('button', 'Continuar');
      await page.heading('Proprietário do veículo');
      await page.click('radio', 'Sim');
      await page.click('button', 'Continuar');
      await page.heading('Condutores adicionais');
      await page.type('Nome do condutor', 'Ana Lima');
      await page.type('Data de nascimento', '01021990');
      await page.type('CPF do condutor', '11144477735');
      await page.click('button', 'Adicionar condutor');
      page.check('the additional driver is added (birth date accepted)', await page.text('Ana Lima'));
      await page.click('button', 'Continuar');
      await page.heading('Revise seus dados');
      await page.click('button', 'Continuar');
      await page.heading('Termos e condições');
      await page.click('radio', 'Li e aceito os termos e condições do seguro');
      await page.enabled('button', 'Contratar');
      await page.click('button', 'Contratar');
      page.check('the contract is made', await page.text('Que bom ter você como cliente!'));
      await page.click('button', 'OK');
      await page.heading('Seguro auto');
    },
  ],
  [
    'signup to the address, then a photo through the file input',
    async (page) => {
      const mobile = '21987650000';
      await page.open(withToken('/register/send-code/'));
      await page.heading('Confirme seu celular');
      await page.type('Celular', mobile);
      await page.click('button', 'Enviar código');
      await page.type('Código', SMS_CODE);
      await page.enabled('button', 'Continuar');
      await page.click('button', 'Continuar');
      await page.heading('Criar conta');
      await page.type('Nome completo', 'Ana Souza');
      await page.type('CPF', '39053344705');
      await page.type('E-mail', 'ana.souza@example.com');
      await page.type('Senha', 'abcd1234');
      await page.click('radio', 'Feminino');
      const boxes = await page.run(
        'return Array.prototype.slice.call(document.querySelectorAll("input[type=checkbox]")).map(function (b, i) { b.setAttribute("data-e2e", "box" + i); return "[data-e2e=box" + i + "]"; });',
      );
      for (const box of boxes) await page.session.click(box);
      await page.click('button', 'Continuar');
      await page.heading('Modalidade');
      await page.click('radio', 'Motorista/Taxista');
      await page.click('button', 'Continuar');
      await page.heading('Sobre você');
      await page.click('groupradio', 'Você é contribuinte do INSS? › Sim');
      await page.click('groupradio', 'Você fez o curso de condutor? › Não');
      await page.click('button', 'Continuar');
      await page.heading('Tenha seus documentos em mãos');
      await page.click('button', 'Continuar');
      await page.heading('Endereço');
      await page.type('CEP', '01310100');
      const found = await page.waitFor('the CEP’s address', 'var a = labelled("Endereço"); return a && a.value === "Avenida Paulista";');
      page.check('the CEP fills the address', found);
      await page.type('Número', '1000');
      await page.click('button', 'Continuar');
      await page.waitFor('the next step', 'return location.pathname === "/register/upload-picture/0";', [], 20_000);
      page.check('the address is saved and the documents follow', true);

      // A photo through the file input (a webview that gives the page no camera, or the driver's choice).
      await page.open(`${HOST}/register/camera/new/0/1`);
      await page.heading('Comprovante de residência');
      const base64 = await page.run(
        'var c = document.createElement("canvas"); c.width = 1200; c.height = 1600; var x = c.getContext("2d"); x.fillStyle = "#d8d8d4"; x.fillRect(0, 0, 1200, 1600); x.fillStyle = "#282828"; var s = 5; for (var y = 120; y < 1500; y += 60) for (var z = 80; z < 1100; z += 30) { s = (s * 9301 + 49297) % 233280; if (s / 233280 > 0.25) x.fillRect(z, y, 8 + (s % 16), 28); } return c.toDataURL("image/jpeg", 0.9).split(",")[1];',
      );
      const photo = join(tmpdir(), `conta-${process.pid}.jpg`);
      writeFileSync(photo, Buffer.from(base64, 'base64'));
      await page.upload('Usar a câmera do celular ou escolher uma foto', photo);
      await page.waitFor('the preview', 'return !!document.querySelector("img[alt=\'Foto: Comprovante de residência\']");', [], 20_000);
      await page.click('button', 'Enviar foto');
      await page.waitFor('the upload', 'return location.pathname === "/register/upload-picture/0";', [], 20_000);
      page.check('the photo is sent', true);
    },
  ],
  [
    '/Sair, then back',
    async (page) => {
      await page.open(withToken(`/App?driverId=${DEMO_DRIVER_ID}`));
      await page.heading('Portal do Motorista');
      await page.click('link', 'Sair');
      await page.text('Sua sessão foi encerrada.', 30_000);
      page.check('/Sair ends on /Login', (await page.url()) === `${HOST}/Login`, await page.url());
      page.check(
        'no portal key left',
        (await page.run(
          'return Object.keys(sessionStorage).filter(function (k) { return k.indexOf("driver-portal:") === 0; }).length;',
        )) === 0,
      );
      await page.session.back();
      await sleep(800);
      const state = await page.run('return { token: sessionStorage.getItem("driver-portal:token"), text: document.body.innerText };');
      page.check('back after /Sair shows no session', state.token === null, JSON.stringify(state.token));
    },
  ],
  [
    'handoff probe: a foreign site’s popup race reads nothing',
    async (page) => {
      // The driver signed in at the account's own URL, then another site opens in the same tab.
      await page.open(withToken(`/my-account/init/${DEMO_DRIVER_ID}?driverId=${DEMO_DRIVER_ID}`, ACCOUNT_ORIGIN));
      await page.heading('Minha conta');
      // A path the host owns: the account page hands the session over as it loads.
      const target = `${ACCOUNT_ORIGIN}/notifications/list/?driverId=${DEMO_DRIVER_ID}`;
      await page.open(`${FOREIGN_SITE}/race.html?target=${encodeURIComponent(target)}`);
      await page.text('race page');
      // One tap opens the account remote in a popup; the page polls it for 1.5 s.
      await page.click('button', 'abrir');
      const seen = await page.waitFor('the race to end', 'return window.__raceDone ? window.__raceSeen : null;', [], 10_000);
      page.check(
        'the foreign page read no token, code or session from the popup',
        !/token|portal-handoff|demo/.test(JSON.stringify(seen)),
        JSON.stringify(seen),
      );
      page.check('the popup did open (the race ran)', await page.run('return window.__raceOpened === true;'));
      page.check('COOP: the foreign page keeps no handle on the portal popup', await page.run('return window.__raceSevered === true;'));
    },
  ],
  [
    'handoff probe: a same-host other-port page gets nothing and forges nothing',
    async (page) => {
      await page.open(`${SAME_HOST_OTHER_PORT}/forge.html`);
      await page.text('forge page');
      const mint = await page.waitFor('the mint attempt', 'return window.__mint || null;');
      page.check('minting from another port is refused (no code)', !/"code"/.test(mint), mint);
      // The forged handoff: its own cookie and tab name, and a made-up code in the host's address.
      await page.run(
        'document.cookie = "portal_handoff_FFFFFFFFFFFF=forged; Path=/session-handoff/"; window.name = "driver-portal-session:" + JSON.stringify({ to: arguments[0], from: location.origin, token: "forged-token", driverId: "x", expires: Date.now() + 10000 }); location.href = arguments[0] + "/App#portal-handoff=" + "F".repeat(43);',
        HOST,
      );
      await page.heading('Portal do Motorista');
      page.check('the host adopted no forged session', (await page.storage('driver-portal:token')) === null);
      page.check('the forging page is no trusted origin', !String(await page.storage('driver-portal:handoffOrigins')).includes('5555'));
      page.check('the code left the address', !(await page.url()).includes('portal-handoff'));
    },
  ],
  [
    'handoff probe: replay and expiry refused; the token never in an address, Referer or window.name',
    async (page) => {
      await page.open(withToken(`/my-account/init/${DEMO_DRIVER_ID}?driverId=${DEMO_DRIVER_ID}`, ACCOUNT_ORIGIN));
      await page.heading('Minha conta');
      const mint = () =>
        page.run(
          'return fetch("/session-handoff/mint", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ to: arguments[0], token: sessionStorage.getItem("driver-portal:token"), driverId: sessionStorage.getItem("driver-portal:driverId") }) }).then(function (r) { return r.json(); }).then(function (b) { return b.code; });',
          HOST,
        );
      const code = await mint();
      await page.open(`${HOST}/App#portal-handoff=${code}`);
      await page.heading('Portal do Motorista');
      page.check('a fresh code hands the session over', (await page.storage('driver-portal:token')) === DEMO_TOKEN);
      page.check(
        'the origin is proven and remembered',
        String(await page.storage('driver-portal:handoffOrigins')).includes(ACCOUNT_ORIGIN),
      );
      page.check('window.name holds nothing', (await page.run('return window.name;')) === '');
      page.check('the Referer policy sends none', (await page.run('return document.referrer;')) === '');
      // Replay: the same code again, into a session emptied first.
      await page.run('sessionStorage.clear();');
      // Another address than the page's (a fragment change alone would load nothing).
      await page.open(`${HOST}/App?again=1#portal-handoff=${code}`);
      await page.heading('Portal do Motorista');
      page.check('a replayed code gives nothing', (await page.storage('driver-portal:token')) === null);
      // Expiry: the exchange's lifetime in this run is PORTAL_HANDOFF_TTL_MS (3 s).
      await page.open(`${ACCOUNT_ORIGIN}/my-account/init/${DEMO_DRIVER_ID}`);
      await page.heading('Minha conta');
      const late = await mint();
      await sleep(Number(process.env.PORTAL_HANDOFF_TTL_MS ?? 3000) + 500);
      await page.run('return true;');
      await page.open(`${HOST}/App#portal-handoff=${late}`);
      await page.heading('Portal do Motorista');
      page.check('an expired code gives nothing', (await page.storage('driver-portal:token')) === null);
    },
  ],
  [
    'offline when the first API screen loads, back online: "Tentar novamente" shows it with no reload',
    async (page) => {
      // e2e/tests/resilience-shares.spec.ts in every engine (issue 39, 1): the platform's HTTP
      // singleton is shared lazily, downloaded by the host the first time a remote's screen needs
      // it. Its first download fails (OFFLINE_ONCE, page-helpers.mjs: this engine list has no
      // request interception in WebKitGTK); the share scope forgets the failure and the area's
      // retry loads the remote afresh, in the same document.
      // The self-service remote's first tile: a screen whose loader calls the API at once.
      const { tiles } = JSON.parse(readFileSync(join(import.meta.dirname, '../../mfe-self-service/src/navigation.json'), 'utf8'));
      const [tile] = tiles.filter((candidate) => !candidate.needsDriverId);
      await page.open(withToken('/App'));
      await page.heading('Portal do Motorista');
      await page.run(OFFLINE_ONCE, '/shared_src_http_index_ts\\.[0-9a-f]+\\.js$');
      // Into the area from the home without a new document (a reload would hide the bug).
      await page.run(
        'window.__sameDocument = true; window.history.pushState(null, "", arguments[0]); window.dispatchEvent(new PopStateEvent("popstate")); return true;',
        tile.path,
      );
      await page.waitFor('"Tentar novamente"', 'return !!find("button", "Tentar novamente");', [], 20_000);
      const before = await page.run('return window.__offlineOnce;');
      page.check(
        'the HTTP singleton was asked for once, and that download failed',
        before.asked === 1 && before.failed.length === 1,
        JSON.stringify(before),
      );
      await page.click('button', 'Tentar novamente');
      // The error screen stays until the area's routes are replaced: wait for a heading that is not it.
      const title = await page
        .waitFor(
          'a screen other than the fallback',
          'var h = document.querySelector("h1"); var t = h && !document.querySelector(".loading-state") ? norm(h.textContent) : ""; return t && !/indisponível|não encontrada|Algo deu errado/.test(t) && !find("button", "Tentar novamente") ? t : null;',
          [],
          15_000,
        )
        .catch((error) => `none (${error.message})`);
      page.check(`the retry shows the screen ("${title}"), not a fallback`, !title.startsWith('none ('), title);
      const after = await page.run(
        'return { asked: window.__offlineOnce && window.__offlineOnce.asked, same: window.__sameDocument === true };',
      );
      page.check('downloaded again by the retry, in the same document (no reload)', after.asked === 2 && after.same, JSON.stringify(after));
      // Firefox reports the failed download itself on the console (the 404's text/plain "blocked due
      // to MIME type", as it reports a script that failed offline): the simulated failure, not an
      // error of the page's. Any other error still fails the run's "no uncaught error" check.
      const failed = before.failed[0];
      const others = page.session.errors.filter((error) => !failed || !error.includes(failed));
      page.session.errors.splice(0, page.session.errors.length, ...others);
    },
  ],
  ...FLOOR_JOURNEYS,
  ...STORAGE_JOURNEYS,
];

export { APPS };
