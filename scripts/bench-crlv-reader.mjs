// Benchmark (issue 47, decision 0029): what reading a CRLV-e costs a driver's phone. Inside the
// host's page (the onboarding remote from its own origin, as in production), with the
// deployment's headers (CSP, CORS), on a throttled phone (Chromium: 4x CPU via CDP, 150 ms and
// 1.6 Mbit/s, the deep-link bench's --throttle profile), it calls the remote's real readCrlvPdf
// (the built chunk, through the remote's own webpack runtime) on each test document of
// e2e/fixtures/crlv and prints:
// - the reader's bytes: each file it downloads, as sent (brotli from the Node server) and as
//   built (raw, gzip, brotli beside it in dist/), none of them before the first call;
// - the first read (download + worker start + read), then each document's read with the reader
//   in the HTTP cache and its worker running (medians of --runs, default 3).
// Prints figures; asserts nothing (a failed read is printed as its result).
//
// Usage: npm run bench:crlv [-- --runs 5] [-- --no-build] [-- --no-throttle]
// Holds the ports lock (/tmp/portal-ports.lock) while it serves the builds, like the deep-link bench.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { throttleLikeAPhone } from './phone-throttle.mjs';
import { underPortsLock } from './ports-lock.mjs';
import { APPS, DEMO_TOKEN, HOST, REMOTES, repoRoot } from './apps.mjs';
import { answers, SANDBOX_HEALTH, serveBuilds, startSandbox, waitFor } from './suite.mjs';
import chromiumSettings from '../e2e/chromium.cjs';

const RUNS = Number(process.argv[process.argv.indexOf('--runs') + 1]) || 3;
const THROTTLE = !process.argv.includes('--no-throttle');
const FIXTURES = join(repoRoot, 'e2e', 'fixtures', 'crlv');
const DOCUMENTS = readdirSync(FIXTURES).filter((name) => name.endsWith('.pdf'));
const ONBOARDING = REMOTES.find((remote) => remote.dir === 'mfe-onboarding');
/** A host page that loads the onboarding remote (its deep link of bench/deep-links.json). */
const PAGE_PATH = '/register/next-steps/';
const PAGE_HEADING = 'Próximos passos';

/**
 * Where the remote container's build put readCrlvPdf: the chunk and module ids of read.ts (the
 * ids are numbers the build chooses; the chunk is the one file that defines readCrlvPdf).
 */
function readerIds() {
  const dist = join(repoRoot, 'mfe-onboarding', 'dist');
  for (const name of readdirSync(dist).filter((file) => file.endsWith('.js'))) {
    const text = readFileSync(join(dist, name), 'utf8');
    // The container's chunks (the remote's own page has its own runtime, rspackChunkmfe_onboarding_page).
    const chunk = /^"use strict";\(globalThis\.(rspackChunkmfe_onboarding)=[^;]*?\.push\(\[\[(\d+)[\],]/.exec(text);
    // The module whose exports define readCrlvPdf, wherever in the chunk it is.
    const module = /[{,](\d+)\([\w,]*\)\{(?:[^{}]|\{[^{}]*\})*?\w+\.d\(\w+,\{\},\{readCrlvPdf:/.exec(text);
    if (chunk?.[1] && chunk[2] && module?.[1]) return { global: chunk[1], chunk: Number(chunk[2]), module: Number(module[1]) };
  }
  throw new Error('no chunk of the onboarding container defines readCrlvPdf: build it first');
}

/** The reader's files in dist/ (pdf.js and its worker, the glue chunk): raw, gzip and brotli bytes as built. */
function builtSizes() {
  const dist = join(repoRoot, 'mfe-onboarding', 'dist');
  const size = (file) => {
    try {
      return statSync(join(dist, file)).size;
    } catch {
      return undefined;
    }
  };
  return (name) => ({ raw: size(name), gzip: size(`${name}.gz`), brotli: size(`${name}.br`) });
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** One fresh phone: the host page, throttled, the remote's readCrlvPdf at hand. */
async function openPhone(browser, ids) {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  const scripts = [];
  // What goes wrong in the page (a refused worker, a CSP report) is printed, not hidden.
  page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
  page.on('console', (message) => message.type() === 'error' && console.error(`page console: ${message.text()}`));
  page.on('requestfinished', async (request) => {
    const url = request.url();
    if (request.resourceType() === 'script' || url.includes('/lib/') || url.includes('crlv')) {
      const sizes = await request.sizes().catch(() => undefined);
      scripts.push({ url, at: Date.now(), bytes: sizes?.responseBodySize ?? 0 });
    }
  });
  await page.goto(`http://localhost:${HOST.port}${PAGE_PATH}?token=${DEMO_TOKEN}`);
  await page.getByRole('heading', { level: 1, name: PAGE_HEADING }).waitFor();
  if (THROTTLE) {
    await throttleLikeAPhone(context, page);
  }
  // The remote's webpack runtime, reached as its chunks reach it (a chunk's third element is
  // called with it), then read.ts's chunk loaded as the screens load it.
  await page.evaluate(async ({ global, chunk, module }) => {
    const runtime = await new Promise((resolve) => globalThis[global].push([[`bench-${Date.now()}`], {}, (require) => resolve(require)]));
    await runtime.e(chunk);
    globalThis.benchReadCrlvPdf = runtime(module).readCrlvPdf;
  }, ids);
  return { context, page, scripts };
}

/** Reads one document in the page: its result's kind and the milliseconds readCrlvPdf took. */
async function read(page, name) {
  const bytes = [...readFileSync(join(FIXTURES, name))];
  return page.evaluate(async (data) => {
    const file = new Blob([new Uint8Array(data)], { type: 'application/pdf' });
    const started = performance.now();
    // A read that never ends is printed as one (readCrlvPdf must always end), not waited for.
    const result = await Promise.race([
      globalThis.benchReadCrlvPdf(file),
      new Promise((resolve) => setTimeout(() => resolve({ kind: 'no answer in 90 s' }), 90_000)),
    ]);
    return {
      kind: result.kind,
      fields: result.kind === 'read' ? Object.keys(result.reading.fields).length : 0,
      ms: performance.now() - started,
    };
  }, bytes);
}

async function main() {
  if (!process.argv.includes('--no-build')) {
    const built = spawnSync(process.execPath, [join(repoRoot, 'scripts/build.mjs')], {
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (built.status !== 0) throw new Error('build failed');
  }
  for (const app of APPS)
    if (await answers(`http://localhost:${app.port}/env.json`)) throw new Error(`port ${app.port} is already serving: stop it first`);
  if (await answers(SANDBOX_HEALTH)) throw new Error('the sandbox API is already running: stop it first');
  const sandbox = startSandbox({ stdio: 'ignore' });
  const servers = await serveBuilds(APPS);
  try {
    await waitFor([SANDBOX_HEALTH]);
    const ids = readerIds();
    console.error(`serving; readCrlvPdf is module ${ids.module} of chunk ${ids.chunk}`);
    const browser = await chromium.launch({ executablePath: chromiumSettings.CHROMIUM_PATH, args: chromiumSettings.CHROMIUM_ARGS });
    const firsts = [];
    const warm = new Map(DOCUMENTS.map((name) => [name, []]));
    const results = new Map();
    let downloaded = [];
    let beforeFirstCall = [];
    for (let run = 0; run < RUNS; run += 1) {
      const { context, page, scripts } = await openPhone(browser, ids);
      beforeFirstCall = scripts
        .filter((script) => script.url.includes('/lib/') || /crlv-reader/.test(script.url))
        .map((script) => script.url);
      const calledAt = Date.now();
      const first = await read(page, 'crlv-taxi-aluguel.pdf');
      console.error(`run ${run + 1}: first read ${first.kind} in ${first.ms.toFixed(0)} ms`);
      firsts.push(first.ms);
      downloaded = scripts.filter((script) => script.at >= calledAt && script.url.startsWith(`http://localhost:${ONBOARDING.port}/`));
      for (const name of DOCUMENTS) {
        const result = await read(page, name);
        warm.get(name).push(result.ms);
        results.set(name, result);
      }
      await context.close();
    }
    await browser.close();

    const sizes = builtSizes();
    console.log(
      `\nCRLV-e reader (issue 47), ${RUNS} runs, ${THROTTLE ? 'throttled phone: 4x CPU, 150 ms, 1.6 Mbit/s' : 'not throttled'}, inside the host's page`,
    );
    console.log(`downloaded before the first call: ${beforeFirstCall.length ? beforeFirstCall.join(', ') : 'nothing of the reader'}`);
    console.log(
      `\n  ${'file (downloaded on the first call)'.padEnd(44)} ${'sent B'.padStart(9)} ${'raw B'.padStart(9)} ${'gzip B'.padStart(9)} ${'brotli B'.padStart(9)}`,
    );
    let total = { sent: 0, raw: 0, gzip: 0, brotli: 0 };
    // What the page saw downloaded, and the library's files even if the worker's own request was
    // not reported to the page ("sent" then says "-").
    const libFiles = readdirSync(join(repoRoot, 'mfe-onboarding', 'dist', 'lib')).filter((file) => file.endsWith('.js'));
    const seen = downloaded.map((script) => ({ name: new URL(script.url).pathname.slice(1), bytes: script.bytes }));
    for (const file of libFiles)
      if (!seen.some((script) => script.name === `lib/${file}`)) seen.push({ name: `lib/${file}`, bytes: undefined });
    for (const script of seen) {
      const name = script.name;
      const built = sizes(name);
      total = {
        sent: total.sent + (script.bytes ?? 0),
        raw: total.raw + (built.raw ?? 0),
        gzip: total.gzip + (built.gzip ?? 0),
        brotli: total.brotli + (built.brotli ?? 0),
      };
      console.log(
        `  ${name.padEnd(44)} ${String(script.bytes ?? '-').padStart(9)} ${String(built.raw ?? '-').padStart(9)} ${String(built.gzip ?? '-').padStart(9)} ${String(built.brotli ?? '-').padStart(9)}`,
      );
    }
    console.log(
      `  ${'total'.padEnd(44)} ${String(total.sent).padStart(9)} ${String(total.raw).padStart(9)} ${String(total.gzip).padStart(9)} ${String(total.brotli).padStart(9)}`,
    );
    console.log(
      `\n  first read (download, worker start, crlv-taxi-aluguel.pdf): ${median(firsts).toFixed(0)} ms (median; runs ${firsts.map((ms) => ms.toFixed(0)).join(', ')})`,
    );
    console.log(
      `\n  ${'document (reader cached, worker running)'.padEnd(44)} ${'result'.padStart(9)} ${'fields'.padStart(7)} ${'ms'.padStart(7)}`,
    );
    for (const name of DOCUMENTS) {
      const result = results.get(name);
      console.log(
        `  ${name.padEnd(44)} ${result.kind.padStart(9)} ${String(result.fields).padStart(7)} ${median(warm.get(name)).toFixed(0).padStart(7)}`,
      );
    }
  } finally {
    servers.forEach((server) => server.close());
    sandbox.kill();
  }
}

await underPortsLock(main);
