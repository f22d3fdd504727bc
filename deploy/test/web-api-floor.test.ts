import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Linter, RuleTester } from 'eslint';
import compat from 'eslint-plugin-compat';
import { parser } from 'typescript-eslint';
import floor, { floorVersions } from '../../build-preset/eslint-rules/web-api-floor.cjs';

/*
 * The browser floor for Web APIs (docs/browsers.md, "How the floor is proven"): `npm run lint`
 * holds the apps' source against build-preset/package.json's browserslist with compat/compat
 * (APIs) and floor/web-api-options (options, option values, events), both from MDN's
 * browser-compat-data. These tests show that each check fails on a use outside the floor and
 * passes it once detected with a fallback, and that the lint configuration applies them to the
 * apps' source and nothing else.
 */

const ROOT = join(__dirname, '..', '..');
const FLOOR: string[] = JSON.parse(readFileSync(join(ROOT, 'build-preset', 'package.json'), 'utf8')).browserslist;

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const tester = new RuleTester({ languageOptions: { parser, ecmaVersion: 2022, sourceType: 'module' }, settings: { browsers: FLOOR } });
const rule = floor.rules['web-api-options'];

describe("the floor's versions", () => {
  it('are the oldest of each engine the browserslist names, in browser-compat-data names', () => {
    expect(floorVersions(FLOOR)).toMatchObject({
      chrome: '105',
      webview_android: '105',
      safari: '16.4',
      safari_ios: '16.4',
      webview_ios: '16.4',
      firefox: '115',
    });
  });
});

describe('floor/web-api-options', () => {
  tester.run('web-api-options', rule, {
    valid: [
      'createImageBitmap(blob)',
      // The option exists on the floor; only its value 'from-image' does not.
      "createImageBitmap(blob, { imageOrientation: 'flipY', premultiplyAlpha: 'none' })",
      "fetch(url, { credentials: 'omit', cache: 'no-store', signal })",
      "window.addEventListener('pagehide', onHide); document.addEventListener('visibilitychange', onHide)",
      "target.addEventListener('abort', onAbort, { once: true, signal })",
      "new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', dateStyle: 'short' })",
      'element.focus({ preventScroll: true })',
      // Feature-detected: the test names the event or the option.
      "if ('onscrollend' in window) element.addEventListener('scrollend', onEnd); else element.addEventListener('scroll', onScroll)",
      "const ok = 'priority' in Request.prototype && fetch(url, { priority: 'high' })",
      // Unknown to the data (a custom event, a made-up option): nothing to hold against the floor.
      "window.addEventListener('portal:session', onSession)",
      'createImageBitmap(blob, { sharpen: true })',
    ],
    invalid: [
      {
        // The example: a TypeError on Chromium 105-111, every photo refused.
        code: "createImageBitmap(blob, { imageOrientation: 'from-image' })",
        errors: [
          {
            message:
              "Value 'from-image' of option 'imageOrientation' of createImageBitmap() (api.createImageBitmap.options_imageOrientation_parameter.from-image) is outside the browser floor: not in chrome 105, webview_android 105. Detect it and keep a fallback, then mark the line '// eslint-disable-next-line floor/web-api-options -- <the fallback>' (docs/browsers.md).",
          },
        ],
      },
      {
        code: "await window.createImageBitmap(file as Blob, { imageOrientation: 'from-image' })",
        errors: 1,
      },
      {
        // Catching the TypeError is not a fallback by itself (that is how photos were refused).
        code: "try { await createImageBitmap(blob, { imageOrientation: 'from-image' }); } catch { throw new Error('unreadable'); }",
        errors: 1,
      },
      {
        // Detecting the API does not detect its option.
        code: "if (typeof createImageBitmap === 'function') createImageBitmap(blob, { imageOrientation: 'from-image' })",
        errors: 1,
      },
      { code: "fetch(url, { priority: 'high' })", errors: 1 },
      { code: "canvas.getContext('2d', { willReadFrequently: true })", errors: 1 },
      { code: "new Intl.NumberFormat('pt-BR', { roundingPriority: 'lessPrecision' })", errors: 1 },
      { code: "document.addEventListener('scrollend', onEnd)", errors: [{ messageId: 'event' }] },
      { code: "list.addEventListener('scrollend', onEnd)", errors: [{ messageId: 'event' }] },
    ],
  });

  it('passes a use marked with its fallback, and asks a mark without one for it', () => {
    const use = "createImageBitmap(blob, { imageOrientation: 'from-image' })";
    expect(lint(`// eslint-disable-next-line floor/web-api-options -- a TypeError falls back to an <img>\n${use}`)).toEqual([]);
    expect(lint(`// eslint-disable-next-line floor/web-api-options\n${use}`)).toEqual([
      expect.objectContaining({ ruleId: 'floor/web-api-options', messageId: 'reasonless', line: 1 }),
    ]);
  });
});

/** Lints `code` with both floor checks, under the ids eslint.config.mjs gives them. */
function lint(code: string, filename = 'app.ts') {
  return new Linter().verify(
    code,
    [
      {
        files: ['**/*.ts'],
        languageOptions: { parser },
        plugins: { compat, floor },
        settings: { browsers: FLOOR },
        rules: { 'compat/compat': 'error', 'floor/web-api-options': 'error' },
      },
    ],
    filename,
  );
}

describe('compat/compat with the floor', () => {
  it('fails on an API outside the floor (requestIdleCallback: no WebKit)', () => {
    const messages = lint('requestIdleCallback(task, { timeout: 3000 })');
    expect(messages.map((m) => `${m.ruleId}: ${m.message}`)).toEqual([
      'compat/compat: requestIdleCallback is not supported in Safari 16.4, iOS Safari 16.4',
    ]);
  });

  it('passes it feature-detected, or marked with the fallback it has', () => {
    expect(lint("if ('requestIdleCallback' in window) requestIdleCallback(task); else setTimeout(task, 2000);")).toEqual([]);
    expect(
      lint(
        "// eslint-disable-next-line compat/compat -- detected: WebKit runs the task after its timer\nconst idle = () => ('requestIdleCallback' in window ? requestIdleCallback(task) : task());",
      ),
    ).toEqual([]);
    expect(
      lint(
        "// eslint-disable-next-line compat/compat\nconst idle = () => ('requestIdleCallback' in window ? requestIdleCallback(task) : task());",
      ),
    ).toEqual([expect.objectContaining({ ruleId: 'floor/web-api-options', messageId: 'reasonless' })]);
  });
});

describe('the photo decoder (mfe-onboarding/src/features/capture/image.ts)', () => {
  const file = 'mfe-onboarding/src/features/capture/image.ts';
  const source = readFileSync(join(ROOT, file), 'utf8');

  it('passes: its imageOrientation option is marked with the fallback it has', () => {
    expect(lint(source, file)).toEqual([]);
  });

  it('fails without that mark, on the imageOrientation line', () => {
    const unmarked = source.replace(/^\s*\/\/ eslint-disable-next-line floor\/web-api-options.*\n/m, '');
    expect(unmarked).not.toBe(source);
    const messages = lint(unmarked, file);
    expect(messages).toEqual([expect.objectContaining({ ruleId: 'floor/web-api-options', messageId: 'option' })]);
    expect(unmarked.split('\n')[(messages[0]?.line ?? 0) - 1]).toContain("imageOrientation: 'from-image'");
  });
});

describe("the lint configuration (eslint.config.mjs, run by 'npm run lint')", () => {
  const APP_FILES = ['mfe-onboarding/src/features/capture/image.ts', 'host/src/bootstrap.tsx', 'shared/src/session/index.ts'];
  const OTHER_FILES = [
    'mfe-onboarding/src/features/capture/capture.test.tsx',
    'shared/src/test-utils/index.ts',
    'sandbox-api/src/index.ts',
    'e2e/tests/capture.spec.ts',
  ];

  /** The two floor rules and their browsers in the configuration of each file (one ESLint, in a child process: the config is ESM). */
  function floorRulesOf(files: string[]) {
    const script = `import { ESLint } from 'eslint';
const eslint = new ESLint();
const out = [];
for (const file of ${JSON.stringify(files)}) {
  const config = await eslint.calculateConfigForFile(file);
  out.push({ file, compat: config.rules?.['compat/compat'], options: config.rules?.['floor/web-api-options'], browsers: config.settings?.browsers });
}
console.log(JSON.stringify(out));`;
    return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT, encoding: 'utf8' })) as unknown[];
  }

  it("holds every app's and the platform's source to the floor's one list, not tests, test utilities, servers or scripts", () => {
    expect(floorRulesOf([...APP_FILES, ...OTHER_FILES])).toEqual([
      ...APP_FILES.map((file) => ({ file, compat: [2], options: [2], browsers: FLOOR })),
      ...OTHER_FILES.map((file) => ({ file })),
    ]);
  }, 30_000);
});
