// Benchmark: what a driver's phone downloads and how fast the screen shows, for each deep link
// of bench/deep-links.json, measured three ways in one run: at the host (federated), at the
// owning remote's own URL, and in the control build (bench/monolith: every screen of the suite
// without federation). Prints figures; it asserts nothing (the byte budgets are a unit test).
//
// Usage: npm run bench [-- --runs 5] [-- --only notifications] [-- --no-lighthouse] [-- --no-taps] [-- --flow-runs 3] [-- --throttle] [-- --list] [-- --json out.json]
//        [-- --reports dir] (every Lighthouse report kept, to read what a score is made of)
//        [-- --repeat-only] (only the repeat open: no control build, no first-open figures, no Lighthouse, no taps)
//        [-- --no-build] (the builds as they are in each app's dist/)
// "repeat open": the link opened twice in one browser context (the HTTP cache kept, as the
// webview keeps it between a driver's opens, issue 39): what the second open received.
// "shown ms": until the screen shows its heading and text; "call ms": until its first service call left.
// It builds every app and the control first, and holds the ports lock (/tmp/portal-ports.lock,
// the one e2e runs take) while it serves them.
import { spawn } from 'node:child_process';
import { get } from 'node:http';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { throttleLikeAPhone } from './phone-throttle.mjs';
import { underPortsLock } from './ports-lock.mjs';
import { APPS, DEMO_DRIVER_ID, DEMO_TOKEN, HOST, REMOTES, repoRoot, SANDBOX_PORT } from './apps.mjs';
import { answers, SANDBOX_HEALTH, serveBuilds, startSandbox, waitFor } from './suite.mjs';
import chromiumSettings from '../e2e/chromium.cjs';
import { openTwice } from '../bench/repeat-open.mjs';

function option(name) {
  const index = process.argv.indexOf(name);
  return index > 0 ? process.argv[index + 1] : undefined;
}

function run(command, args, cwd = repoRoot) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} failed`))));
  });
}

const CONTROL = { dir: 'bench/monolith', port: 3010 };
const SANDBOX_ORIGIN = `http://localhost:${SANDBOX_PORT}`;
const THROTTLE = process.argv.includes('--throttle');

/** The deep links (bench/deep-links.json), each with the remote that owns it, if any. */
function deepLinks(only) {
  /** @type {{ path: string, heading: string, text: string }[]} */
  const links = JSON.parse(readFileSync(join(repoRoot, 'bench/deep-links.json'), 'utf8'));
  return (
    links
      .map((link) => {
        const path = link.path.replace('{driverId}', DEMO_DRIVER_ID);
        const pathname = path.split('?')[0].toLowerCase();
        const owner = REMOTES.find((remote) =>
          remote.prefixes.some((prefix) => pathname === prefix.toLowerCase() || pathname.startsWith(`${prefix.toLowerCase()}/`)),
        );
        return { ...link, path, owner };
      })
      // --only a,b: the links whose path contains any of the parts (the taps need /App's too).
      .filter((link) => !only || only.split(',').some((part) => link.path.includes(part)))
  );
}

async function main() {
  const runs = Number(option('--runs')) || 3;
  const links = deepLinks(option('--only'));
  const repeatOnly = process.argv.includes('--repeat-only');
  const withLighthouse = !repeatOnly && !process.argv.includes('--no-lighthouse');
  const { CHROMIUM_ARGS, CHROMIUM_PATH } = chromiumSettings;

  // From the source as it is: the suite and the control (which must hold the same screens);
  // --repeat-only needs no control, --no-build takes the builds as they are.
  if (!process.argv.includes('--no-build')) await run(process.execPath, [join(repoRoot, 'scripts/build.mjs')]);
  if (!repeatOnly && !process.argv.includes('--no-build')) {
    await run(
      process.execPath,
      [join(repoRoot, 'node_modules/@rspack/cli/bin/rspack.js'), 'build', '--mode', 'production'],
      join(repoRoot, CONTROL.dir),
    );
  }

  // Under the lock nothing else may serve these ports: a server left running would be measured.
  for (const app of [...APPS, CONTROL]) {
    if (await answers(`http://localhost:${app.port}/env.json`)) throw new Error(`port ${app.port} is already serving: stop it first`);
  }
  if (await answers(SANDBOX_HEALTH)) throw new Error('the sandbox API is already running: stop it first');
  const sandbox = startSandbox({ stdio: 'ignore' });
  const servers = await serveBuilds(repeatOnly ? APPS : [...APPS, CONTROL]);
  const stop = () => {
    servers.forEach((server) => server.close());
    sandbox.kill();
  };
  process.on('SIGINT', () => {
    stop();
    process.exit(130);
  });
  try {
    await waitFor([SANDBOX_HEALTH]);
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    const results = [];
    for (const link of repeatOnly ? [] : links) {
      const targets = [
        ['control (no federation)', `http://localhost:${CONTROL.port}${link.path}`],
        ['federated, at the host', `http://localhost:${HOST.port}${link.path}`],
        ...(link.owner ? [['federated, remote URL', `http://localhost:${link.owner.port}${link.path}`]] : []),
      ];
      for (const [label, url] of targets) {
        const samples = [];
        for (let i = 0; i < runs; i += 1) samples.push(await measure(browser, url, link));
        const lighthouseRuns = [];
        if (withLighthouse) for (let i = 0; i < runs; i += 1) lighthouseRuns.push(await lighthouse(url, CHROMIUM_ARGS, CHROMIUM_PATH));
        const done = lighthouseRuns.filter(Boolean);
        const result = {
          path: link.path,
          label,
          jsKB: median(samples.map((s) => s.jsBytes)) / 1024,
          jsBrotliKB: median(samples.map((s) => s.jsBrotliBytes)) / 1024,
          jsRequests: median(samples.map((s) => s.jsRequests)),
          requests: median(samples.map((s) => s.requests)),
          ms: median(samples.map((s) => s.ms)),
          callMs: samples.every((s) => s.callMs !== undefined) ? median(samples.map((s) => s.callMs)) : undefined,
          score: done.length ? median(done.map((r) => r.score)) : undefined,
          lcp: done.length ? median(done.map((r) => r.lcp)) : undefined,
          tbt: done.length ? median(done.map((r) => r.tbt)) : undefined,
          afterScriptKB: median(samples.map((s) => s.afterScriptBytes)) / 1024,
          afterScripts: median(samples.map((s) => s.afterScripts)),
          beacons: median(samples.map((s) => s.beacons)),
          beaconBytes: median(samples.map((s) => s.beaconBytes)),
        };
        results.push(result);
        // --list: the scripts of the first load, to see what a deep link downloads.
        if (process.argv.includes('--list')) console.log(samples[0].scripts.join('\n'));
        console.log(`measured ${link.path} ${label}: ${result.jsKB.toFixed(1)} KB`);
      }
    }
    const repeats = await measureRepeats(browser, links, runs);
    // Tap-to-screen (issue 33): from the home into each area, host against control.
    const taps = repeatOnly || process.argv.includes('--no-taps') ? [] : await measureTaps(browser, links, runs);
    await browser.close();
    // A flow takes about a minute: --flow-runs (default 1) of each.
    const flowRuns = Number(option('--flow-runs')) || 1;
    const tapFlows = withLighthouse && !process.argv.includes('--no-taps') ? await lighthouseTaps(links, flowRuns) : [];
    if (!repeatOnly) print(results, runs);
    printRepeats(repeats, runs);
    printTaps(taps, runs);
    printTapFlows(tapFlows, flowRuns);
    if (!repeatOnly) printReleaseCosts(results, await revalidationCost());
    const out = option('--json');
    if (out) writeFileSync(out, `${JSON.stringify({ runs, at: new Date().toISOString(), results, repeats, taps, tapFlows }, null, 2)}\n`);
  } finally {
    stop();
  }
}

const withToken = (url) => `${url}${url.includes('?') ? '&' : '?'}token=${DEMO_TOKEN}`;

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** One load in a fresh context: the bytes and requests until the screen shows its heading and content. */
async function measure(browser, url, link) {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  if (THROTTLE) {
    // --throttle: Lighthouse's mobile profile applied for real (150 ms, 1.6 Mbit/s down, 4x CPU),
    // so "shown ms" and "call ms" are times a phone would see, not this machine's.
    await throttleLikeAPhone(context, page);
  }
  const responses = recordResponses(page);
  // When the screen's first service call leaves (the sandbox API): data that starts with the code leaves earlier.
  let firstCallAt;
  page.on('request', (request) => {
    if (firstCallAt === undefined && ['fetch', 'xhr'].includes(request.resourceType()) && request.url().startsWith(SANDBOX_ORIGIN))
      firstCallAt = Date.now();
  });
  const started = Date.now();
  await page.goto(withToken(url));
  await page.getByRole('heading', { level: 1, name: link.heading }).waitFor();
  await page.getByText(link.text).first().waitFor();
  const renderedAt = Date.now();
  // What telemetry adds once the screen is there, at the host and at a remote's own URL
  // (host/src/bootstrap.tsx and shared/src/telemetry wait 2 s, then idle; beacons as events
  // happen; a closing page sends its web vitals). The control build has none.
  const federated = !url.startsWith(`http://localhost:${CONTROL.port}`);
  await page.waitForTimeout(federated ? 4500 : 300);
  const before = responses.filter((response) => response.at <= renderedAt);
  const js = before.filter((response) => response.type === 'script');
  const encoded = await encodedSizes(js);
  await page.close({ runBeforeUnload: true });
  await new Promise((resolve) => setTimeout(resolve, 300));
  const after = responses.filter((response) => response.at > renderedAt);
  const afterScripts = after.filter((response) => response.type === 'script');
  const beacons = after.filter((response) => response.url.includes('/telemetry/'));
  await context.close();
  return {
    afterScriptBytes: afterScripts.reduce((sum, response) => sum + response.bytes, 0),
    afterScripts: afterScripts.length,
    beacons: beacons.length,
    beaconBytes: beacons.reduce((sum, response) => sum + response.sent, 0),
    jsBytes: encoded.gzip,
    jsBrotliBytes: encoded.brotli,
    jsRequests: js.length,
    requests: before.length,
    ms: renderedAt - started,
    callMs: firstCallAt === undefined ? undefined : firstCallAt - started,
    scripts: js.map((response) => `${(response.bytes / 1024).toFixed(1).padStart(6)} KB  ${response.url}`),
  };
}

/** The host's and every remote's origin: the portal's own files (the rest are services' answers). */
const APP_ORIGINS = new Set(APPS.flatMap(({ port }) => [`http://localhost:${port}`, `http://127.0.0.1:${port}`]));

/**
 * The repeat open (issue 39) of every link, at the host and at its remote's own URL: opened twice
 * in one browser context (the HTTP cache kept), each time until the screen shows and the page's
 * idle work is done; the second open's figures (bench/repeat-open.mjs), median of `runs` pairs.
 */
async function measureRepeats(browser, links, runs) {
  const rows = [];
  for (const link of links) {
    const targets = [
      ['at the host', `http://localhost:${HOST.port}${link.path}`, 'hostRepeat'],
      ...(link.owner ? [["remote's URL", `http://localhost:${link.owner.port}${link.path}`, 'remoteRepeat']] : []),
    ];
    for (const [label, url, budget] of targets) {
      const samples = [];
      for (let i = 0; i < runs; i += 1) {
        const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
        try {
          const ready = async (page) => {
            await page.getByRole('heading', { level: 1, name: link.heading }).waitFor();
            await page.getByText(link.text).first().waitFor();
          };
          samples.push(await openTwice(context, withToken(url), ready, APP_ORIGINS));
        } finally {
          await context.close();
        }
      }
      const pick = (open, key) => median(samples.map((sample) => sample[open].files[key]));
      const row = {
        path: link.path,
        label,
        budgetKB: link.maxKB?.[budget],
        firstKB: pick('first', 'bytes') / 1024,
        firstRequests: pick('first', 'requests'),
        firstNetwork: pick('first', 'network'),
        firstNotModified: pick('first', 'notModified'),
        kb: pick('second', 'bytes') / 1024,
        requests: pick('second', 'requests'),
        network: pick('second', 'network'),
        notModified: pick('second', 'notModified'),
        cached: pick('second', 'cached'),
        fullDownloads: [...new Set(samples.flatMap((sample) => sample.second.files.fullDownloads))],
        serviceRequests: median(samples.map((sample) => sample.second.services.requests)),
        serviceKB: median(samples.map((sample) => sample.second.services.bytes)) / 1024,
      };
      rows.push(row);
      console.log(
        `repeat open ${link.path} ${label}: ${row.kb.toFixed(1)} KB, ${row.network} of ${row.requests} requests over the network, ${row.notModified} answered 304`,
      );
    }
  }
  return rows;
}

function printRepeats(rows, runs) {
  if (rows.length === 0) return;
  console.log(
    `\nRepeat open (issue 39): the link opened again in the same browser (HTTP cache kept), until the screen shows and the page's idle work is done; the portal's files (page, scripts, styles, lists, manifests, configuration) received on the wire, status line and headers included; median of ${runs} pairs. Services' answers (API, telemetry beacons) apart.`,
  );
  console.log(
    'deep link / target        1st KB  1st req  2nd KB  budget  requests  network  304  cached  services (req, KB)  downloaded in full again',
  );
  for (const path of [...new Set(rows.map((row) => row.path))]) {
    console.log(path);
    for (const r of rows.filter((row) => row.path === path)) {
      console.log(
        `  ${r.label.padEnd(22)} ${r.firstKB.toFixed(1).padStart(6)}  ${String(r.firstRequests).padStart(7)}  ${r.kb.toFixed(1).padStart(6)}  ${(r.budgetKB === undefined ? '-' : r.budgetKB.toFixed(1)).padStart(6)}  ${String(r.requests).padStart(8)}  ${String(r.network).padStart(7)}  ${String(r.notModified).padStart(3)}  ${String(r.cached).padStart(6)}  ${`${r.serviceRequests}, ${r.serviceKB.toFixed(1)}`.padStart(18)}  ${r.fullDownloads.join(' ') || '-'}`,
      );
    }
  }
}

/** Until no request has finished for `quietMs` (at most `maxMs`): the page's idle work is done. */
async function settle(page, responses, { quietMs = 1500, maxMs = 15000 } = {}) {
  const started = Date.now();
  let seen = -1;
  let quietSince = Date.now();
  while (Date.now() - started < maxMs) {
    if (responses.length !== seen) {
      seen = responses.length;
      quietSince = Date.now();
    } else if (Date.now() - quietSince >= quietMs) return;
    await page.waitForTimeout(250);
  }
}

/**
 * One tap from the home: /App opened, its idle work done (at the host, the federation tax of
 * the areas its tiles lead to, host/src/federation/prefetch-areas.ts, 2 s after the screen),
 * then the tile leading to `link` tapped. Bytes and time from the tap until the area's screen
 * shows its heading and content; undefined when the home has no tile to that address.
 */
async function tapOnce(browser, origin, home, link) {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  const responses = recordResponses(page);
  try {
    await page.goto(withToken(`${origin}${home.path}`));
    await page.getByRole('heading', { level: 1, name: home.heading }).waitFor();
    await page.getByText(home.text).first().waitFor();
    await page.waitForTimeout(2500);
    await settle(page, responses);
    const tile = page.locator(`a[href="${link.path.split('?')[0]}"]`).first();
    if ((await tile.count()) === 0) return undefined;
    const mark = responses.length;
    const tappedAt = Date.now();
    await tile.click();
    await page.getByRole('heading', { level: 1, name: link.heading }).waitFor();
    await page.getByText(link.text).first().waitFor();
    const shownAt = Date.now();
    const after = responses.slice(mark).filter((response) => response.at <= shownAt);
    const scripts = after.filter((response) => response.type === 'script');
    const encoded = await encodedSizes(scripts);
    return {
      ms: shownAt - tappedAt,
      jsBytes: encoded.gzip,
      jsBrotliBytes: encoded.brotli,
      jsRequests: scripts.length,
      requests: after.length,
    };
  } finally {
    await context.close();
  }
}

async function measureTaps(browser, links, runs) {
  const home = links.find((link) => !link.owner);
  if (!home) return [];
  const taps = [];
  for (const link of links.filter((candidate) => candidate.owner)) {
    for (const [label, origin] of [
      ['control (no federation)', `http://localhost:${CONTROL.port}`],
      ['federated, at the host', `http://localhost:${HOST.port}`],
    ]) {
      const samples = [];
      for (let i = 0; i < runs; i += 1) samples.push(await tapOnce(browser, origin, home, link));
      if (samples.some((sample) => !sample)) {
        console.log(`tap ${link.path} ${label}: the home has no tile to it`);
        continue;
      }
      const tap = {
        path: link.path,
        label,
        ms: median(samples.map((sample) => sample.ms)),
        jsKB: median(samples.map((sample) => sample.jsBytes)) / 1024,
        jsBrotliKB: median(samples.map((sample) => sample.jsBrotliBytes)) / 1024,
        jsRequests: median(samples.map((sample) => sample.jsRequests)),
        requests: median(samples.map((sample) => sample.requests)),
      };
      taps.push(tap);
      console.log(`tapped ${link.path} ${label}: ${tap.ms} ms, ${tap.jsKB.toFixed(1)} KB`);
    }
  }
  return taps;
}

function printTaps(taps, runs) {
  if (taps.length === 0) return;
  console.log(
    `\nTap-to-screen from /App (its idle work done) into each area: until the screen shows its heading and content; JS downloaded after the tap, gzip -9 / Brotli q11; median of ${runs} runs`,
  );
  console.log('screen / target                   tap ms  vs ctrl  JS KB  br KB  JS req  all req');
  for (const path of [...new Set(taps.map((tap) => tap.path))]) {
    const rows = taps.filter((tap) => tap.path === path);
    const control = rows.find((tap) => tap.label.startsWith('control'));
    console.log(path);
    for (const r of rows) {
      const ratio = control ? `${(r.ms / control.ms).toFixed(2)}x` : '-';
      console.log(
        `  ${r.label.padEnd(30)} ${String(r.ms).padStart(7)}  ${ratio.padStart(7)}  ${r.jsKB.toFixed(1).padStart(5)}  ${r.jsBrotliKB.toFixed(1).padStart(5)}  ${String(r.jsRequests).padStart(6)}  ${String(r.requests).padStart(7)}`,
      );
    }
  }
}

/**
 * Lighthouse on the home's first tap: a user flow (mobile, throttled for real: devtools
 * throttling, since a tap is no page load Lighthouse could simulate) that opens /App, lets its
 * idle work finish, then taps the tile into `link`'s area. Chromium stops reporting LCP at the
 * first input, so "screen" is the new screen's own render time: from the tap until its heading
 * and content show, on the throttled phone; the tap's timespan gives its score and TBT.
 */
async function lighthouseTapFlow(origin, home, link) {
  const [{ default: puppeteer }, { startFlow }] = await Promise.all([import('puppeteer-core'), import('lighthouse')]);
  const { CHROMIUM_ARGS, CHROMIUM_PATH } = chromiumSettings;
  const browser = await puppeteer.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
  try {
    const page = await browser.newPage();
    const flow = await startFlow(page, {
      config: { extends: 'lighthouse:default', settings: { onlyCategories: ['performance'], throttlingMethod: 'devtools' } },
    });
    await flow.navigate(withToken(`${origin}${home.path}`));
    await page.waitForFunction((text) => globalThis.document.body.textContent?.includes(text), { timeout: 30000 }, home.text);
    await new Promise((resolve) => setTimeout(resolve, 8000));
    const selector = `a[href="${link.path.split('?')[0]}"]`;
    if (!(await page.$(selector))) return undefined;
    await flow.startTimespan();
    const tappedAt = Date.now();
    await page.click(selector);
    await page.waitForFunction(
      (heading, text) =>
        // As Playwright's getByText matches it in the other rows: case-insensitive, whitespace
        // collapsed (the notifications list shows "documentos", its link's text is "Documentos":
        // an exact match waited out its 60 s there in both builds).
        [...globalThis.document.querySelectorAll('h1')].some((h1) => h1.textContent?.includes(heading)) &&
        (globalThis.document.body.textContent ?? '').replace(/\s+/g, ' ').toLowerCase().includes(text.toLowerCase()),
      { timeout: 60000, polling: 50 },
      link.heading,
      link.text,
    );
    const screenMs = Date.now() - tappedAt;
    await flow.endTimespan();
    const { steps } = await flow.createFlowResult();
    const [navigation, tap] = steps.map((step) => step.lhr);
    return {
      homeScore: Math.round((navigation?.categories.performance.score ?? 0) * 100),
      homeLcp: navigation?.audits['largest-contentful-paint']?.numericValue,
      tapScore: tap?.categories.performance.score === null ? undefined : Math.round((tap?.categories.performance.score ?? 0) * 100),
      tapTbt: tap?.audits['total-blocking-time']?.numericValue,
      screenMs,
    };
  } catch (error) {
    console.warn(`lighthouse tap ${origin} ${link.path}: ${error.message}`);
    return undefined;
  } finally {
    await browser.close();
  }
}

async function lighthouseTaps(links, runs) {
  const home = links.find((link) => !link.owner);
  if (!home) return [];
  const rows = [];
  for (const link of links.filter((candidate) => candidate.owner)) {
    for (const [label, origin] of [
      ['control (no federation)', `http://localhost:${CONTROL.port}`],
      ['federated, at the host', `http://localhost:${HOST.port}`],
    ]) {
      const done = [];
      for (let i = 0; i < runs; i += 1) done.push(await lighthouseTapFlow(origin, home, link));
      const ok = done.filter(Boolean);
      if (ok.length === 0) continue;
      const pick = (key) => {
        const values = ok.map((result) => result[key]).filter((value) => typeof value === 'number');
        return values.length ? median(values) : undefined;
      };
      rows.push({
        path: link.path,
        label,
        ...Object.fromEntries(['homeScore', 'homeLcp', 'tapScore', 'tapTbt', 'screenMs'].map((key) => [key, pick(key)])),
      });
      console.log(`lighthouse tap ${link.path} ${label}: screen ${pick('screenMs')} ms`);
    }
  }
  return rows;
}

function printTapFlows(rows, runs) {
  if (rows.length === 0) return;
  console.log(
    `\nLighthouse on the home's first tap (user flow, mobile, devtools throttling): /App's score and LCP, the tap's score and TBT, and the new screen's render time after the tap; median of ${runs} runs`,
  );
  console.log('screen / target                  /App LH  /App LCP  tap LH  tap TBT  screen ms  vs ctrl');
  const fmt = (value, digits = 0) => (value === undefined ? '-' : value.toFixed(digits));
  for (const path of [...new Set(rows.map((row) => row.path))]) {
    const group = rows.filter((row) => row.path === path);
    const control = group.find((row) => row.label.startsWith('control'));
    console.log(path);
    for (const r of group) {
      const ratio = control?.screenMs && r.screenMs ? `${(r.screenMs / control.screenMs).toFixed(2)}x` : '-';
      console.log(
        `  ${r.label.padEnd(30)} ${fmt(r.homeScore).padStart(7)}  ${`${fmt(r.homeLcp === undefined ? undefined : r.homeLcp / 1000, 2)} s`.padStart(8)}  ${fmt(r.tapScore).padStart(6)}  ${`${fmt(r.tapTbt)} ms`.padStart(7)}  ${fmt(r.screenMs).padStart(9)}  ${ratio.padStart(7)}`,
      );
    }
  }
}

/**
 * Every finished request of a page, with its body's promise for scripts: what was downloaded is
 * compressed here, gzip -9 and Brotli q11 (what the build writes beside each file), since a
 * browser on plain HTTP is offered no Brotli.
 */
function recordResponses(page) {
  const responses = [];
  page.on('requestfinished', async (request) => {
    const at = Date.now();
    const type = request.resourceType();
    const response = await request.response().catch(() => null);
    const body = type === 'script' && response ? response.body().catch(() => Buffer.alloc(0)) : undefined;
    const sizes = await request.sizes().catch(() => ({ responseBodySize: 0 }));
    responses.push({ url: request.url(), type, bytes: sizes.responseBodySize, body, sent: request.postDataBuffer()?.length ?? 0, at });
  });
  return responses;
}

const brotliBytes = (body) =>
  brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY } }).length;

/** Gzip (level 9) and Brotli (quality 11) bytes of the scripts' bodies. */
async function encodedSizes(scripts) {
  const bodies = await Promise.all(scripts.map((response) => response.body ?? Buffer.alloc(0)));
  return {
    gzip: bodies.reduce((sum, body) => sum + gzipSync(body, { level: 9 }).length, 0),
    brotli: bodies.reduce((sum, body) => sum + brotliBytes(body), 0),
  };
}

/** Lighthouse (mobile, simulated throttling: a mid-range phone on slow 4G), performance only. */
function lighthouse(url, chromeArgs, chromePath) {
  const cli = join(repoRoot, 'node_modules/lighthouse/cli/index.js');
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      [
        cli,
        withToken(url),
        '--output=json',
        '--output-path=stdout',
        '--only-categories=performance',
        '--quiet',
        `--chrome-flags=${chromeArgs.join(' ')}`,
      ],
      { env: { ...process.env, CHROME_PATH: chromePath }, stdio: ['ignore', 'pipe', 'ignore'] },
    );
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.on('exit', () => {
      try {
        const report = JSON.parse(output);
        const reports = option('--reports');
        if (reports) {
          mkdirSync(reports, { recursive: true });
          const name = `${new URL(url).port}${new URL(url).pathname.replace(/[^a-z0-9]+/gi, '-')}-${Date.now()}.json`;
          writeFileSync(join(reports, name), output);
        }
        // A run Lighthouse could not score (its runtimeError says why) counts as missing, not as 0.
        if (report.categories.performance.score === null) {
          console.warn(`lighthouse ${url}: ${report.runtimeError?.code ?? 'no score'} ${report.runtimeError?.message ?? ''}`);
          resolve(undefined);
          return;
        }
        resolve({
          score: Math.round(report.categories.performance.score * 100),
          lcp: report.audits['largest-contentful-paint'].numericValue,
          tbt: report.audits['total-blocking-time'].numericValue,
        });
      } catch {
        resolve(undefined);
      }
    });
  });
}

function print(results, runs) {
  const pad = (value, width) => String(value).padStart(width);
  console.log(
    `\nJS until the screen shows its heading and content, gzip -9 (JS KB) and Brotli q11 (br KB); median of ${runs} runs (Lighthouse: mobile, simulated throttling)\n`,
  );
  console.log('deep link / target                JS KB  br KB  vs ctrl  JS req  all req  shown ms  call ms  Lighthouse  LCP(sim)  TBT');
  for (const path of [...new Set(results.map((r) => r.path))]) {
    const rows = results.filter((r) => r.path === path);
    const control = rows[0];
    console.log(path);
    for (const r of rows) {
      const lh =
        r.score === undefined
          ? `${pad('-', 10)}  ${pad('-', 8)}  ${pad('-', 5)}`
          : `${pad(r.score, 10)}  ${pad(`${(r.lcp / 1000).toFixed(2)} s`, 8)}  ${pad(`${Math.round(r.tbt)} ms`, 5)}`;
      console.log(
        `  ${r.label.padEnd(30)} ${pad(r.jsKB.toFixed(1), 6)} ${pad(r.jsBrotliKB.toFixed(1), 6)}  ${pad(`${(r.jsKB / control.jsKB).toFixed(2)}x`, 7)}  ${pad(r.jsRequests, 6)}  ${pad(r.requests, 7)}  ${pad(r.ms, 8)}  ${pad(r.callMs ?? '-', 7)}  ${lh}`,
      );
    }
  }
}

/** A raw GET of the host's remote list: status and bytes on the wire (status line, headers, body). */
function rawListGet(headers = {}) {
  return new Promise((resolve, reject) => {
    get(`http://localhost:${HOST.port}/remotes.json`, { headers: { 'Accept-Encoding': 'gzip', ...headers } }, (response) => {
      let body = 0;
      response.on('data', (chunk) => (body += chunk.length));
      response.on('end', () => {
        const head = response.rawHeaders.reduce((sum, part) => sum + part.length + 2, 0) + 17;
        resolve({ status: response.statusCode, etag: response.headers.etag, bytes: head + body });
      });
    }).on('error', reject);
  });
}

/** What one revalidation of the remote list costs (issue 21): nothing released, then something released. */
async function revalidationCost() {
  // As a tab asks: with the signed cohort cookie of its entry (without one the list comes in full, no validator).
  const entry = await fetch(withToken(`http://localhost:${HOST.port}/App`), { redirect: 'manual' });
  const cookie = /portal_cohort=[^;]+/.exec(entry.headers.get('set-cookie') ?? '')?.[0];
  const withCookie = cookie ? { Cookie: cookie } : {};
  const first = await rawListGet(withCookie);
  const unchanged = await rawListGet({ ...withCookie, ...(first.etag ? { 'If-None-Match': first.etag } : {}) });
  return { changed: first, unchanged };
}

function printReleaseCosts(results, revalidation) {
  console.log(
    "\nWhat releases add (issue 21), at the host and at a remote's own URL: telemetry after the screen has shown (median), and per revalidation",
  );
  const federated = results.filter((result) => !result.label.startsWith('control'));
  const width = Math.max(9, ...federated.map((r) => r.path.length));
  console.log(`  ${'deep link'.padEnd(width)} ${'target'.padEnd(22)} scripts after  KB after  beacons  bytes sent`);
  for (const r of federated) {
    console.log(
      `  ${r.path.padEnd(width)} ${r.label.replace('federated, ', '').padEnd(22)} ${String(r.afterScripts).padStart(13)}  ${r.afterScriptKB.toFixed(1).padStart(8)}  ${String(r.beacons).padStart(7)}  ${String(r.beaconBytes).padStart(10)}`,
    );
  }
  const { changed, unchanged } = revalidation;
  console.log(
    `remote list revalidation (at most once per releases.revalidateSeconds, at a navigation into an area): ${unchanged.status} ${unchanged.bytes} B when nothing was released, ${changed.status} ${changed.bytes} B after a release; 0 requests on a deep link (the list was just read)`,
  );
}

await underPortsLock(main);
