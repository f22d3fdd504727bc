// `npm run release:status [-- --window 30m] [--history 6h] [thresholds of release:remote --watch]`:
// per remote and release, what drivers met over the window, from Prometheus
// (scripts/telemetry.mjs), of beacons with a valid driver proof: page loads, distinct drivers,
// errors per 1,000 loads, distinct drivers with errors, load failures, version refusals, p75 of
// LCP and INP, and the error rate over the history before the window; beside them, the loads and
// addresses of beacons without a valid proof (counted apart: they decide nothing, docs/telemetry.md
// "Forged beacons"); and for each canary running now, the verdict --watch would reach, in plain
// words.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { DEPLOY_ROOT } from './nginx-config.mjs';
import { checkWindow, figuresOf, historyFromArgs, HOW_TO_GET_PROMETHEUS, prometheusUrl, releaseFigures } from './telemetry.mjs';

const { canaryVerdict, thresholdsFromArgs } = createRequire(import.meta.url)('./canary-verdict.cjs');

const option = (name) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined);
let window;
let history;
let thresholds;
try {
  window = checkWindow(option('--window') ?? '30m');
  history = historyFromArgs(process.argv);
  thresholds = thresholdsFromArgs(process.argv);
} catch (error) {
  console.error(`release:status: ${error.message}`);
  process.exit(2);
}

const listFile = join(DEPLOY_ROOT, 'apps', 'host', 'config', 'remotes.json');
const live = existsSync(listFile) ? JSON.parse(readFileSync(listFile, 'utf8')) : [];
const releaseIdOf = (manifest) => /\/releases\/([^/]+)\//.exec(manifest ?? '')?.[1];
/** What the deployment serves for this release now: live, canary (percent) or retired. */
function stateOf(remote, version) {
  const entry = live.find((item) => item.name === remote);
  if (!entry) return '';
  if (releaseIdOf(entry.manifest) === version) return 'live';
  if (releaseIdOf(entry.canary?.manifest) === version) return `canary ${entry.canary.percent}%`;
  return 'retired';
}

let rows;
try {
  rows = await releaseFigures(window, history);
} catch (error) {
  console.error(
    `release:status: Prometheus (${prometheusUrl()}) cannot be read: ${error.cause?.message ?? error.message}.\n${HOW_TO_GET_PROMETHEUS}`,
  );
  process.exit(1);
}
const ms = (value) => (value === null ? '-' : `${Math.round(value)} ms`);
const table = rows
  .sort((a, b) => a.remote.localeCompare(b.remote) || a.version.localeCompare(b.version))
  .map((item) => [
    item.remote,
    item.version,
    stateOf(item.remote, item.version),
    String(item.loads),
    String(item.drivers),
    item.errorsPer1000Loads === null ? `${item.errors} (no load)` : String(item.errorsPer1000Loads),
    String(item.errorDrivers),
    item.history.loads > 0 ? String(Math.round((item.history.errors / item.history.loads) * 10_000) / 10) : '-',
    String(item.loadFailures),
    String(item.refusals),
    ms(item.lcpP75Ms),
    ms(item.inpP75Ms),
    String(item.unverified.loads),
    String(item.unverified.clients),
  ]);
const header = [
  'remote',
  'release',
  'now',
  'loads',
  'drivers',
  'errors/1000 loads',
  'drivers with errors',
  `errors/1000 loads, ${history} before`,
  'load failures',
  'refusals',
  'LCP p75',
  'INP p75',
  'unverified loads',
  'unverified addresses',
];
const widths = header.map((title, column) => Math.max(title.length, ...table.map((row) => row[column].length)));
const line = (cells) =>
  cells
    .map((cell, column) => cell.padEnd(widths[column]))
    .join('  ')
    .trimEnd();
console.log(`From Prometheus (${prometheusUrl()}), the last ${window}:`);
console.log(line(header));
for (const row of table) console.log(line(row));
if (table.length === 0) console.log('(no beacons in this window)');
console.log("Loads to drivers: beacons with a driver proof (a driver's session); unverified ones are shown, never judged.");

// Each canary running now: the verdict from the same figures.
for (const entry of live) {
  const canaryId = releaseIdOf(entry.canary?.manifest);
  const liveId = releaseIdOf(entry.manifest);
  if (!canaryId || !liveId) continue;
  const verdict = canaryVerdict(
    {
      canary: figuresOf(rows, entry.name, canaryId),
      live: figuresOf(rows, entry.name, liveId),
      percent: entry.canary.percent,
      canaryId,
      liveId,
    },
    thresholds,
  );
  const words = { wait: 'no verdict yet', promote: 'would be promoted', rollback: 'would be rolled back' };
  console.log(`\n${entry.name}: canary ${canaryId} ${words[verdict.decision]}: ${verdict.reason}`);
}
