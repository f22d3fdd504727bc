// The three engines behind one small interface, so one set of journeys runs in all of them
// (issue 29): Chromium (Debian's, DevTools protocol) and Firefox ESR (WebDriver BiDi) through
// puppeteer-core; WebKitGTK through Debian's WebKitWebDriver (classic WebDriver) with
// selenium-webdriver, in a bare 360x740 webview (webkit-webview.py) under Xvfb. No browser is
// downloaded. Elements are found in the page (by role-like text, label) and marked, then acted on
// with the engine's native input (typing, clicks and file choosing as a driver would do them).
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import puppeteer from 'puppeteer-core';
import { Builder, By } from 'selenium-webdriver';
import chromium from '../chromium.cjs';

const here = dirname(fileURLToPath(import.meta.url));
export const VIEWPORT = { width: 360, height: 740 };
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** An expression that calls `body` (a function body using `arguments`) with JSON-able args. */
const call = (body, args) => `(function () { ${body} }).apply(null, ${JSON.stringify(args)})`;

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * One page of puppeteer-core (Chromium over CDP, Firefox over BiDi), in a fresh browser context.
 * Every engine's `session({ initScript })` runs `initScript` (JavaScript source) before the page's
 * own scripts in every document: a journey removes or breaks a Web API (storage, an API outside
 * the browser floor) as a webview without it would have it.
 */
async function puppeteerEngine(name, launchOptions) {
  const browser = await puppeteer.launch({ headless: true, ...launchOptions });
  return {
    name,
    version: await browser.version(),
    async session({ initScript } = {}) {
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      await page.setViewport(VIEWPORT);
      // Before the page's own scripts, in every frame and every document the page opens (CDP's
      // Page.addScriptToEvaluateOnNewDocument; BiDi's script.addPreloadScript in Firefox).
      if (initScript) await page.evaluateOnNewDocument(initScript);
      const errors = [];
      page.on('pageerror', (error) => errors.push(String(error?.message ?? error)));
      return {
        errors,
        open: (url) => page.goto(url, { waitUntil: 'load' }).then(() => undefined),
        url: async () => page.url(),
        run: (body, ...args) => page.evaluate(call(body, args)),
        click: async (css) => (await page.$(css)).click(),
        type: async (css, text) => (await page.$(css)).type(text, { delay: 5 }),
        select: (css, value) => page.select(css, value).then(() => undefined),
        upload: async (css, file) => (await page.$(css)).uploadFile(file),
        back: () =>
          page.goBack({ waitUntil: 'load' }).then(
            () => undefined,
            () => undefined,
          ),
        raw: page,
        close: () => context.close(),
      };
    },
    close: () => browser.close(),
  };
}

/** WebKitGTK: WebKitWebDriver on a free port, a new WebDriver session per journey. */
async function webkitEngine() {
  const port = await freePort();
  const driverProcess = spawn('/usr/bin/WebKitWebDriver', [`--port=${port}`], { stdio: 'ignore' });
  await sleep(500);
  // WebKitWebDriver starts the webview for each session, so a session's init script travels as an
  // argument (base64: any source survives the command line); the webview adds it as a user script
  // at document start in all frames.
  const capabilities = (initScript) => ({
    browserName: 'portal-webview',
    'webkitgtk:browserOptions': {
      binary: join(here, 'webkit-webview.py'),
      args: ['--automation', ...(initScript ? [`--init-script=${Buffer.from(initScript).toString('base64')}`] : [])],
    },
  });
  return {
    name: 'webkit',
    version: 'WebKitGTK (Debian webkit2gtk-driver)',
    async session({ initScript } = {}) {
      const driver = await new Builder().usingServer(`http://127.0.0.1:${port}`).withCapabilities(capabilities(initScript)).build();
      const element = (css) => driver.findElement(By.css(css));
      return {
        errors: [],
        open: (url) => driver.get(url),
        url: () => driver.getCurrentUrl(),
        run: (body, ...args) => driver.executeScript(body, ...args),
        click: async (css) => (await element(css)).click(),
        type: async (css, text) => (await element(css)).sendKeys(text),
        select: async (css, value) => {
          // WebKitGTK draws a select's options in a native menu WebDriver cannot click: the value
          // is chosen as the menu would (the value set, then the change event the page listens to).
          await driver.executeScript(
            'var el = document.querySelector(arguments[0]); el.focus(); Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, "value").set.call(el, arguments[1]); el.dispatchEvent(new Event("change", { bubbles: true }));',
            css,
            value,
          );
        },
        upload: async (css, file) => (await element(css)).sendKeys(file),
        back: () => driver.navigate().back(),
        raw: driver,
        close: () => driver.quit(),
      };
    },
    close: async () => {
      driverProcess.kill();
    },
  };
}

export const ENGINES = {
  chromium: () => puppeteerEngine('chromium', { executablePath: chromium.CHROMIUM_PATH, args: chromium.CHROMIUM_ARGS }),
  firefox: () =>
    puppeteerEngine('firefox', {
      browser: 'firefox',
      executablePath: '/usr/bin/firefox-esr',
      extraPrefsFirefox: { 'intl.accept_languages': 'pt-BR' },
    }),
  webkit: () => webkitEngine(),
};
