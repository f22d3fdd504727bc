// Benchmark: what a driver's phone downloads for a deep link into a remote, federated (at the
// host and at the remote's own URL) against the same page built without federation.
// Prints figures; it asserts nothing. Usage: npm run bench [-- --runs 3]
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { APPS, DEMO_TOKEN, HOST, REMOTES, repoRoot } from './apps.mjs';
import { answers, buildMissing, SANDBOX_HEALTH, serveBuilds, startSandbox, waitFor } from './suite.mjs';
import chromiumSettings from '../e2e/chromium.cjs';

const { CHROMIUM_ARGS, CHROMIUM_PATH } = chromiumSettings;
const CHROME_PATH = CHROMIUM_PATH;

const MONOLITH_PORT = 3010;
const runs = Number(process.argv[process.argv.indexOf('--runs') + 1]) || 3;

function run(command, args, cwd = repoRoot) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} failed`))));
  });
}

await buildMissing();
// The baseline is always rebuilt: it must hold the same screens as the suite being measured.
{
  await run(
    process.execPath,
    [join(repoRoot, 'node_modules/@rspack/cli/bin/rspack.js'), 'build', '--mode', 'production'],
    join(repoRoot, 'bench/monolith'),
  );
}

// Reuses a suite already running (npm start), otherwise starts its own.
const sandbox = (await answers(SANDBOX_HEALTH)) ? undefined : startSandbox({ stdio: 'ignore' });
const missing = [];
for (const app of [...APPS, { dir: 'bench/monolith', port: MONOLITH_PORT }]) {
  if (!(await answers(`http://localhost:${app.port}/env.json`))) missing.push(app);
}
const servers = await serveBuilds(missing);
await waitFor([SANDBOX_HEALTH]);

const path = '/notifications/list/';
const targets = [
  ['monolith (no federation)', `http://localhost:${MONOLITH_PORT}${path}`],
  ['federated, at the host', `http://localhost:${HOST.port}${path}`],
  ['federated, remote standalone', `http://localhost:${REMOTES.find((remote) => remote.dir === 'mfe-self-service').port}${path}`],
];

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });

async function measure(url) {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  const responses = [];
  page.on('requestfinished', async (request) => {
    const sizes = await request.sizes().catch(() => ({ responseBodySize: 0, responseHeadersSize: 0 }));
    responses.push({ url: request.url(), type: request.resourceType(), bytes: sizes.responseBodySize, at: Date.now() });
  });
  const started = Date.now();
  await page.goto(`${url}?token=${DEMO_TOKEN}`);
  await page.getByRole('list', { name: 'Notificações' }).waitFor();
  const renderedAt = Date.now();
  await page.waitForTimeout(300);
  const before = responses.filter((response) => response.at <= renderedAt);
  const js = before.filter((response) => response.type === 'script');
  await context.close();
  return {
    jsBytes: js.reduce((sum, response) => sum + response.bytes, 0),
    jsRequests: js.length,
    requests: before.length,
    ms: renderedAt - started,
  };
}

/** Lighthouse (mobile, simulated throttling: a mid-range phone on slow 4G), performance only. */
function lighthouse(url) {
  const cli = join(repoRoot, 'node_modules/lighthouse/cli/index.js');
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      [
        cli,
        `${url}?token=${DEMO_TOKEN}`,
        '--output=json',
        '--output-path=stdout',
        '--only-categories=performance',
        '--quiet',
        `--chrome-flags=${CHROMIUM_ARGS.join(' ')}`,
      ],
      { env: { ...process.env, CHROME_PATH }, stdio: ['ignore', 'pipe', 'ignore'] },
    );
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.on('exit', () => {
      try {
        const report = JSON.parse(output);
        resolve({
          score: Math.round(report.categories.performance.score * 100),
          lcp: report.audits['largest-contentful-paint'].numericValue,
        });
      } catch {
        resolve(undefined);
      }
    });
  });
}

const withLighthouse = !process.argv.includes('--no-lighthouse');
const results = [];
for (const [label, url] of targets) {
  const samples = [];
  for (let i = 0; i < runs; i += 1) samples.push(await measure(url));
  const median = (key) => samples.map((s) => s[key]).sort((a, b) => a - b)[Math.floor(samples.length / 2)];
  const lh = withLighthouse ? await lighthouse(url) : undefined;
  results.push({
    label,
    jsKB: median('jsBytes') / 1024,
    jsRequests: median('jsRequests'),
    requests: median('requests'),
    ms: median('ms'),
    lh,
  });
}
await browser.close();
servers.forEach((server) => server.close());
sandbox?.kill();

const baseline = results[0];
console.log(`\nDeep link ${path} — JS downloaded (gzip) before the list renders, median of ${runs} runs\n`);
console.log('target                          JS KB   JS req  all req  ms(local)  vs monolith  Lighthouse  LCP(sim)');
for (const r of results) {
  const lh = r.lh ? `${String(r.lh.score).padStart(10)}  ${(r.lh.lcp / 1000).toFixed(2).padStart(7)} s` : '         -         -';
  console.log(
    `${r.label.padEnd(31)} ${r.jsKB.toFixed(1).padStart(6)}  ${String(r.jsRequests).padStart(6)}  ${String(r.requests).padStart(7)}  ${String(r.ms).padStart(9)}  ${(r.jsKB / baseline.jsKB).toFixed(2).padStart(10)}x  ${lh}`,
  );
}
