import { createServer, type Server } from 'node:http';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { rspack, type Configuration } from '@rspack/core';
import { expect, test, type Locator, type Page } from './support';
import { expectAccessible, REMOTE_ORIGINS, withToken } from './support';

/**
 * Masked fields must come out exact however the digits arrive: keys sent with no gap (a
 * machine, or an Android keyboard committing digits in bursts), paste, browser autofill into a
 * field that never had focus, on a fast machine and with the CPU slowed down 4x. A wrong CPF is
 * worse than an empty one, so every case checks the field and what the form submits.
 *
 * Only the CPF has a real screen so far (/password/resend); the other masks are tested through
 * the platform's real FormField on a test page (e2e/fixtures/masked-form) that this file builds
 * with the suite's build preset and serves itself: nothing of it ships in an app.
 */

const ROUNDS = 5;
const FIXTURE_DIR = join(__dirname, '..', 'fixtures', 'masked-form');

interface MaskCase {
  label: string;
  name: string;
  typed: string;
  shown: string;
}

/** Labels and field names of the test page; typed keys and the exact value expected. */
const DRIVER_MASKS: MaskCase[] = [
  { label: 'CPF', name: 'cpf', typed: '52998224725', shown: '529.982.247-25' },
  { label: 'Celular', name: 'mobile', typed: '11987654321', shown: '(11) 9.8765.4321' },
  { label: 'CEP', name: 'cep', typed: '01310100', shown: '01310-100' },
  { label: 'Data de nascimento', name: 'date', typed: '25121990', shown: '25/12/1990' },
];
/** Same mechanism, other patterns: typed in the first round only, to keep the run short. */
const OTHER_MASKS: MaskCase[] = [
  { label: 'CEP do cartão', name: 'cardCep', typed: '04538133', shown: '04.538-133' },
  { label: 'CNPJ', name: 'cnpj', typed: '12abc34501de35', shown: '12.ABC.345/01DE-35' },
  { label: 'Código', name: 'code', typed: '483920', shown: '483920' },
];
const CASES = [...DRIVER_MASKS, ...OTHER_MASKS];
const casesOfRound = (round: number) => (round === 1 ? CASES : DRIVER_MASKS);
const EMPTY = Object.fromEntries(CASES.map(({ name }) => [name, '']));
const ALL_SHOWN = Object.fromEntries(CASES.map(({ name, shown }) => [name, shown]));

const SPEEDS = [
  ['at full speed', 1],
  ['with the CPU slowed down 4x', 4],
] as const;

let fixtureOrigin = '';
let server: Server | undefined;
let outputDir = '';

test.beforeAll(async () => {
  // Building the page takes a few seconds; the static server answers on a free port.
  test.setTimeout(120_000);
  outputDir = await mkdtemp(join(tmpdir(), 'portal-masked-form-'));
  await buildFixture(outputDir);
  server = await serve(outputDir);
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the fixture server has no port');
  fixtureOrigin = `http://127.0.0.1:${address.port}`;
});

test.afterAll(async () => {
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  if (outputDir) await rm(outputDir, { recursive: true, force: true });
});

async function buildFixture(path: string): Promise<void> {
  const createConfig = require(join(FIXTURE_DIR, 'rspack.config.cjs')) as (env: object, argv: { mode: string }) => Configuration;
  const config = createConfig({}, { mode: 'production' });
  const compiler = rspack({ ...config, devtool: false, output: { ...config.output, path } });
  await new Promise<void>((resolve, reject) =>
    compiler.run((error, stats) => {
      compiler.close(() => undefined);
      if (error) reject(error);
      else if (stats?.hasErrors()) reject(new Error(stats.toString({ all: false, errors: true })));
      else resolve();
    }),
  );
}

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json' };

/** The built page; POST /submit answers 204 (the test reads the request itself). */
function serve(root: string): Promise<Server> {
  const app = createServer(async (request, response) => {
    const path = new URL(request.url ?? '/', 'http://fixture').pathname;
    if (request.method === 'POST') {
      response.writeHead(204).end();
      return;
    }
    const file = normalize(join(root, path === '/' ? 'index.html' : path));
    try {
      if (!file.startsWith(root)) throw new Error('outside the build');
      const body = await readFile(file);
      response.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  return new Promise((resolve) => app.listen(0, '127.0.0.1', () => resolve(app)));
}

async function openFixture(page: Page, cpuSlowdown: number): Promise<void> {
  if (cpuSlowdown > 1) {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
  }
  await page.goto(fixtureOrigin);
  await expect(page.getByRole('heading', { level: 1, name: 'Campos com máscara' })).toBeVisible();
}

/** What the form posts: exactly the values Formik holds. */
async function submitted(page: Page): Promise<unknown> {
  const request = page.waitForRequest((candidate) => candidate.url().endsWith('/submit') && candidate.method() === 'POST');
  await page.getByRole('button', { name: 'Enviar' }).click();
  return (await request).postDataJSON();
}

/** Checked without retrying for long: a garbled value must count as a failure of this round. */
async function expectValue(field: Locator, value: string, round: string): Promise<void> {
  await expect.soft(field, round).toHaveValue(value, { timeout: 1_000 });
}

/** What browser autofill does: the value set natively and `input`/`change` fired, no focus, no key. */
async function autofill(field: Locator, value: string): Promise<void> {
  await field.evaluate((input: HTMLInputElement, text) => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
    input.dispatchEvent(new Event('change', { bubbles: true }));
  }, value);
}

interface SeenEvent {
  type: string;
  inputType?: string;
  data?: string | null;
}

/** Records the page's input events, to prove a case went through the browser path it claims. */
async function recordInputEvents(page: Page): Promise<() => Promise<SeenEvent[]>> {
  await page.evaluate(() => {
    const seen: SeenEvent[] = [];
    (window as unknown as { seenEvents: SeenEvent[] }).seenEvents = seen;
    document.addEventListener('beforeinput', ({ type, inputType, data }) => seen.push({ type, inputType, data }), true);
    document.addEventListener('compositionend', ({ type, data }) => seen.push({ type, data }), true);
  });
  return () => page.evaluate(() => (window as unknown as { seenEvents: SeenEvent[] }).seenEvents);
}

/** Puts text on the clipboard and pastes it with the keyboard, replacing what the field holds. */
async function paste(page: Page, field: Locator, text: string): Promise<void> {
  await page.evaluate((value) => navigator.clipboard.writeText(value), text);
  await field.focus();
  await field.press('ControlOrMeta+A');
  await field.press('ControlOrMeta+V');
}

test('a paste with more digits than the mask holds is refused with a message, not cut to its first digits (issue 25)', async ({
  page,
  context,
}) => {
  await openFixture(page, 1);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: fixtureOrigin });
  const mobile = page.getByLabel('Celular', { exact: true });
  await paste(page, mobile, '(11) 98765-4321');
  await expectValue(mobile, '(11) 9.8765.4321', 'a mobile that fits');
  // 12 digits: Maskito alone would keep (11) 9.8765.4321 of 119876543210.
  await paste(page, mobile, '119876543210');
  await expectValue(mobile, '(11) 9.8765.4321', 'the refused paste changes nothing');
  await expect(mobile).toHaveAccessibleDescription(
    'O texto colado tem 12 dígitos e este campo aceita 11: confira e digite ou cole de novo.',
  );
  const cpf = page.getByLabel('CPF', { exact: true });
  await paste(page, cpf, '529.982.247-250');
  await expectValue(cpf, '', 'a CPF with a digit too many');
  await expect(cpf).toHaveAccessibleDescription(/12 dígitos e este campo aceita 11/);
  // The next edit clears the message.
  await paste(page, cpf, '529.982.247-25');
  await expectValue(cpf, '529.982.247-25', 'a CPF that fits');
  await expect(cpf).not.toHaveAccessibleDescription(/colado/);
});

for (const [speed, cpuSlowdown] of SPEEDS) {
  test.describe(`masked fields ${speed}`, () => {
    // A 4x slower CPU on CI's 2 shared cores needs more than the default 30 s for 5 rounds.
    test.describe.configure({ timeout: cpuSlowdown > 1 ? 90_000 : 30_000 });
    test(`keys 0 ms apart, ${ROUNDS} rounds: every mask exact, and the form submits it`, async ({ page }) => {
      await openFixture(page, cpuSlowdown);
      await expectAccessible(page);
      for (let round = 1; round <= ROUNDS; round += 1) {
        for (const { label, typed, shown } of casesOfRound(round)) {
          const field = page.getByLabel(label, { exact: true });
          await field.clear();
          await field.pressSequentially(typed);
          await expectValue(field, shown, `${label}, round ${round}`);
        }
        expect.soft(await submitted(page), `submitted, round ${round}`).toEqual(ALL_SHOWN);
      }
    });

    test(`digits committed in bursts and through an input method, ${ROUNDS} rounds`, async ({ page }) => {
      await openFixture(page, cpuSlowdown);
      const cdp = await page.context().newCDPSession(page);
      const seenEvents = await recordInputEvents(page);
      for (let round = 1; round <= ROUNDS; round += 1) {
        for (const { label, typed, shown } of casesOfRound(round)) {
          const field = page.getByLabel(label, { exact: true });
          await field.clear();
          // An Android keyboard may commit several digits in one input event.
          for (const burst of typed.match(/.{1,3}/g) ?? []) await page.keyboard.insertText(burst);
          await expectValue(field, shown, `${label} in bursts, round ${round}`);

          await field.clear();
          // Gboard-like: each digit composed, then committed.
          for (const char of typed) {
            await cdp.send('Input.imeSetComposition', { text: char, selectionStart: 1, selectionEnd: 1 });
            await cdp.send('Input.insertText', { text: char });
          }
          await expectValue(field, shown, `${label} through composition, round ${round}`);
        }
        expect.soft(await submitted(page), `submitted, round ${round}`).toEqual(ALL_SHOWN);
      }
      const seen = await seenEvents();
      expect(seen).toContainEqual({ type: 'beforeinput', inputType: 'insertText', data: '529' });
      expect(seen).toContainEqual({ type: 'beforeinput', inputType: 'insertCompositionText', data: '5' });
      expect(seen).toContainEqual({ type: 'compositionend', data: '5' });
    });

    test('pasted values, formatted or not, come out in the mask', async ({ page, context }) => {
      await openFixture(page, cpuSlowdown);
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: fixtureOrigin });
      const seenEvents = await recordInputEvents(page);
      const pastes: Array<[string, string, string]> = [
        ['CPF', '529.982.247-25', '529.982.247-25'],
        ['CPF', '52998224725', '529.982.247-25'],
        ['CPF', ' 529 982 247 25 ', '529.982.247-25'],
        ['Celular', '(11) 98765-4321', '(11) 9.8765.4321'],
        ['Celular', '11987654321', '(11) 9.8765.4321'],
        ['Celular', '+55 11 98765-4321', '(11) 9.8765.4321'],
        ['CEP', '01310-100', '01310-100'],
        ['CEP', '01310100', '01310-100'],
        ['Data de nascimento', '25/12/1990', '25/12/1990'],
        ['Data de nascimento', '25121990', '25/12/1990'],
        ['CEP do cartão', '04538133', '04.538-133'],
        ['CNPJ', '12.abc.345/01de-35', '12.ABC.345/01DE-35'],
        ['Código', '483920', '483920'],
      ];
      for (const [label, text, shown] of pastes) {
        const field = page.getByLabel(label, { exact: true });
        await paste(page, field, text);
        await expectValue(field, shown, `${label} pasted as "${text}"`);
      }
      // The keyboard shortcut went through the browser's real paste path.
      expect(await seenEvents()).toContainEqual({ type: 'beforeinput', inputType: 'insertFromPaste', data: '+55 11 98765-4321' });
      expect(await submitted(page)).toEqual(ALL_SHOWN);
    });

    test(`autofill into fields that never had focus, ${ROUNDS} rounds`, async ({ page }) => {
      await openFixture(page, cpuSlowdown);
      for (let round = 1; round <= ROUNDS; round += 1) {
        // Unformatted on odd rounds, already formatted on even ones.
        for (const { label, typed, shown } of CASES) await autofill(page.getByLabel(label, { exact: true }), round % 2 ? typed : shown);
        for (const { label, shown } of CASES) {
          const field = page.getByLabel(label, { exact: true });
          await expect(field).not.toBeFocused();
          await expectValue(field, shown, `${label} autofilled, round ${round}`);
        }
        expect.soft(await submitted(page), `submitted, round ${round}`).toEqual(ALL_SHOWN);
        for (const { label } of CASES) await autofill(page.getByLabel(label, { exact: true }), '');
        expect(await submitted(page)).toEqual(EMPTY);
      }
    });
  });

  test(`password reminder ${speed}: the CPF typed at machine speed, pasted or autofilled is the one sent`, async ({ page, context }) => {
    const origin = REMOTE_ORIGINS.selfService;
    if (cpuSlowdown > 1) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    }
    await page.goto(withToken('/password/resend', origin));
    await expect(page.getByRole('heading', { level: 1, name: 'Lembrar senha' })).toBeVisible();
    const cpf = page.getByLabel('CPF');
    const sentCpf = async () => {
      const request = page.waitForRequest((candidate) => candidate.url().includes('Taxista/ReenviarSenha'));
      await page.getByRole('button', { name: 'Reenviar senha' }).click();
      const query = new URL((await request).url()).searchParams.get('cpf');
      await page.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click();
      await expect(page.getByRole('alertdialog')).toBeHidden();
      return query;
    };

    // A garbled CPF fails validation and is never sent: stop at the first one.
    for (let round = 1; round <= ROUNDS; round += 1) {
      await cpf.clear();
      await cpf.pressSequentially('52998224725');
      await expect(cpf, `typed, round ${round}`).toHaveValue('529.982.247-25', { timeout: 1_000 });
      expect(await sentCpf(), `sent, round ${round}`).toBe('52998224725');
    }

    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin });
    await paste(page, cpf, '390.533.447-05');
    await expect(cpf, 'pasted').toHaveValue('390.533.447-05', { timeout: 1_000 });
    expect(await sentCpf(), 'sent after paste').toBe('39053344705');

    await page.getByRole('heading', { level: 1 }).click();
    await autofill(cpf, '52998224725');
    await expect(cpf).not.toBeFocused();
    await expect(cpf, 'autofilled').toHaveValue('529.982.247-25', { timeout: 1_000 });
    expect(await sentCpf(), 'sent after autofill').toBe('52998224725');
    await expectAccessible(page);
  });
}
