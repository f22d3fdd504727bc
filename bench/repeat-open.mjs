// @ts-check
/**
 * The driver who opens the portal again (issue 39): many times a shift, the native app opens the
 * same address in a webview whose HTTP cache was kept. This opens an address twice in one browser
 * context (one HTTP cache), each time until the screen shows and the page's idle work is done
 * (the home's prefetch of its areas, telemetry), and reads what the second open cost on the wire
 * from Chromium's DevTools protocol: bytes received (status line, headers and body as they came),
 * requests that went to the network, answers 304, answers taken from the cache, and the files
 * downloaded in full again. Used by the benchmark (scripts/bench-deep-link.mjs) and by the
 * repeat-open budget (e2e/tests/deep-links-repeat.spec.ts), so both count the same way.
 */

/** Calls to the services behind an app's origin (driver data, statement, session handoff, telemetry beacons): answers, not files. */
const SERVICE_PATH = /^\/(?:driver-api|statement|session-handoff|telemetry)(?:\/|$)/;

/**
 * @typedef {{ url: string, method: string, type: string, status: number, fromCache: boolean, bytes: number, failed: boolean, document: boolean }} Exchange
 * @typedef {{ requests: number, network: number, notModified: number, cached: number, bytes: number, fullDownloads: string[] }} FileFigures
 * @typedef {{ files: FileFigures, services: { requests: number, bytes: number } }} OpenFigures
 */

/**
 * Whether `url` is one of the portal's own files (a page, script, style, list, manifest,
 * configuration) as opposed to a service's answer. `appOrigins`: the host's and the remotes' origins.
 * @param {string} url
 * @param {ReadonlySet<string>} appOrigins
 */
export function isPortalFile(url, appOrigins) {
  const parsed = new URL(url);
  return appOrigins.has(parsed.origin) && !SERVICE_PATH.test(parsed.pathname);
}

/**
 * Records every exchange of `page` through the DevTools protocol. A revalidation is the raw
 * status the network answered (responseReceivedExtraInfo: 304), whatever status the page saw.
 * @param {import('@playwright/test').Page} page
 * @returns {Promise<{ exchanges: Exchange[], idleFor: () => number, finish: () => Exchange[] }>}
 */
async function recordExchanges(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  /** @type {Map<string, Exchange>} */
  const byId = new Map();
  /** @type {Exchange[]} */
  const exchanges = [];
  // The raw status may come before the request's own event: kept by id, applied at the end.
  /** @type {Map<string, number>} */
  const rawStatus = new Map();
  /** @type {Map<Exchange, string>} */
  const idOf = new Map();
  let lastActivity = Date.now();
  const touch = () => (lastActivity = Date.now());
  cdp.on('Network.requestWillBeSent', (event) => {
    touch();
    if (!/^https?:/.test(event.request.url)) return;
    // A redirect reuses the request id: the earlier hop is an exchange of its own.
    const exchange = {
      url: event.request.url,
      method: event.request.method,
      type: String(event.type ?? ''),
      status: 0,
      fromCache: false,
      bytes: 0,
      failed: false,
      document: event.type === 'Document',
    };
    byId.set(event.requestId, exchange);
    idOf.set(exchange, event.requestId);
    exchanges.push(exchange);
  });
  cdp.on('Network.requestServedFromCache', (event) => {
    const exchange = byId.get(event.requestId);
    if (exchange) exchange.fromCache = true;
  });
  cdp.on('Network.responseReceived', (event) => {
    touch();
    const exchange = byId.get(event.requestId);
    if (!exchange) return;
    if (exchange.status === 0) exchange.status = event.response.status;
    if (event.response.fromDiskCache || event.response.fromPrefetchCache || event.response.fromServiceWorker) exchange.fromCache = true;
  });
  // The status as the network sent it: 304 for a revalidation the page sees as its cached 200.
  cdp.on('Network.responseReceivedExtraInfo', (event) => rawStatus.set(event.requestId, event.statusCode));
  cdp.on('Network.loadingFinished', (event) => {
    touch();
    const exchange = byId.get(event.requestId);
    if (exchange) exchange.bytes = event.encodedDataLength;
  });
  cdp.on('Network.loadingFailed', (event) => {
    touch();
    const exchange = byId.get(event.requestId);
    if (exchange) exchange.failed = true;
  });
  const finish = () =>
    exchanges.map((exchange) => {
      const id = idOf.get(exchange);
      const raw = id === undefined ? undefined : rawStatus.get(id);
      // A redirect's hops share an id: the raw status is the last hop's, as the exchange is.
      return raw !== undefined && byId.get(id ?? '') === exchange && exchange.status !== 0 ? { ...exchange, status: raw } : exchange;
    });
  return { exchanges, idleFor: () => Date.now() - lastActivity, finish };
}

/**
 * One open: `url` in a new page of `context`, until `ready` says the screen shows, then until
 * no request has started or finished for `quietMs`, at least `minMs` after the screen (the home
 * prefetches its areas 2 s after it; telemetry starts when idle after 2 s), at most `maxMs`.
 * @param {import('@playwright/test').BrowserContext} context
 * @param {string} url
 * @param {(page: import('@playwright/test').Page) => Promise<void>} ready
 * @param {{ minMs?: number, quietMs?: number, maxMs?: number }} [timing]
 * @returns {Promise<Exchange[]>}
 */
export async function openOnce(context, url, ready, { minMs = 3000, quietMs = 1500, maxMs = 15000 } = {}) {
  const page = await context.newPage();
  const { idleFor, finish } = await recordExchanges(page);
  await page.goto(url);
  await ready(page);
  const shownAt = Date.now();
  while (Date.now() - shownAt < maxMs && (Date.now() - shownAt < minMs || idleFor() < quietMs)) await page.waitForTimeout(250);
  // A closing page sends its web vitals (a beacon): a service call of this open, not of the next.
  await page.close({ runBeforeUnload: true });
  await new Promise((resolve) => setTimeout(resolve, 300));
  return finish();
}

/**
 * The figures of one open: for the portal's files, requests (every one the page made), those that
 * went to the network, 304s, cache hits, bytes received, and which files came in full (a 200 from
 * the network: on a repeat open with nothing released, only the page itself, whose address carries
 * the native app's fresh token and which is never stored); and the services' calls apart.
 * @param {readonly Exchange[]} exchanges
 * @param {ReadonlySet<string>} appOrigins
 * @returns {OpenFigures}
 */
export function openFigures(exchanges, appOrigins) {
  const done = exchanges.filter((exchange) => !exchange.failed && exchange.status !== 0);
  const files = done.filter((exchange) => isPortalFile(exchange.url, appOrigins));
  const services = done.filter((exchange) => !isPortalFile(exchange.url, appOrigins));
  const network = files.filter((exchange) => !exchange.fromCache);
  return {
    files: {
      requests: files.length,
      network: network.length,
      notModified: network.filter((exchange) => exchange.status === 304).length,
      cached: files.filter((exchange) => exchange.fromCache).length,
      bytes: network.reduce((sum, exchange) => sum + exchange.bytes, 0),
      fullDownloads: network
        .filter((exchange) => exchange.status === 200 && !exchange.document)
        .map((exchange) => {
          const { origin, pathname } = new URL(exchange.url);
          return `${origin}${pathname}`;
        }),
    },
    services: { requests: services.length, bytes: services.reduce((sum, exchange) => sum + exchange.bytes, 0) },
  };
}

/**
 * Opens `url` twice in `context` (the cache kept between them) and returns both opens' figures.
 * @param {import('@playwright/test').BrowserContext} context
 * @param {string} url
 * @param {(page: import('@playwright/test').Page) => Promise<void>} ready
 * @param {ReadonlySet<string>} appOrigins
 * @param {{ minMs?: number, quietMs?: number, maxMs?: number }} [timing]
 * @returns {Promise<{ first: OpenFigures, second: OpenFigures, secondExchanges: Exchange[] }>}
 */
export async function openTwice(context, url, ready, appOrigins, timing) {
  const first = openFigures(await openOnce(context, url, ready, timing), appOrigins);
  const secondExchanges = await openOnce(context, url, ready, timing);
  return { first, second: openFigures(secondExchanges, appOrigins), secondExchanges };
}
