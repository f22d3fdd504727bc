// `npm run release:status`: per remote and release, what drivers met (the collector's summary):
// page loads, errors per 1,000 loads, load failures, version refusals, p75 of LCP and INP.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEPLOY_ROOT } from './nginx-config.mjs';
import { collectorUrl, releaseSummary } from './telemetry.mjs';

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

let summary;
try {
  summary = await releaseSummary();
} catch (error) {
  console.error(`release:status: the collector (${collectorUrl()}) cannot be read: ${error.message}`);
  process.exit(1);
}
const rows = summary
  .sort((a, b) => a.remote.localeCompare(b.remote) || a.version.localeCompare(b.version))
  .map((item) => [
    item.remote,
    item.version,
    stateOf(item.remote, item.version),
    String(item.loads),
    item.errorsPer1000Loads === null ? `${item.errors} (no load)` : String(item.errorsPer1000Loads),
    String(item.loadFailures),
    String(item.refusals),
    item.lcpP75Ms === null ? '-' : `${Math.round(item.lcpP75Ms)} ms`,
    item.inpP75Ms === null ? '-' : `${Math.round(item.inpP75Ms)} ms`,
  ]);
const header = ['remote', 'release', 'now', 'loads', 'errors/1000 loads', 'load failures', 'refusals', 'LCP p75', 'INP p75'];
const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column].length)));
const line = (cells) => cells.map((cell, column) => cell.padEnd(widths[column])).join('  ');
console.log(line(header));
for (const row of rows) console.log(line(row));
if (rows.length === 0) console.log('(nothing collected yet)');
