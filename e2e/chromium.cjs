// @ts-check
/**
 * Debian's Chromium, never a downloaded browser, with the flags this closed network needs
 * (DEVELOPERS.md). Used by the Playwright config and the benchmark.
 */
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * The browser every Playwright config opens pages in: that Chromium as a driver's low-end phone's
 * webview (the e2e suite's config and the container smoke's).
 */
const DRIVER_PHONE = {
  browserName: /** @type {const} */ ('chromium'),
  launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  viewport: { width: 360, height: 740 },
  locale: 'pt-BR',
  timezoneId: 'America/Sao_Paulo',
  trace: /** @type {const} */ ('off'),
};

module.exports = { CHROMIUM_PATH, CHROMIUM_ARGS, DRIVER_PHONE };
