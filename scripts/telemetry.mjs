// The collector's summary per remote and release (sandbox-api/src/telemetry.ts), for
// release:status and release:remote --watch. The collector is the one of the runtime
// configuration's sandbox environment unless PORTAL_TELEMETRY_URL names another.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './apps.mjs';

export function collectorUrl() {
  if (process.env.PORTAL_TELEMETRY_URL) return process.env.PORTAL_TELEMETRY_URL;
  const env = JSON.parse(readFileSync(join(repoRoot, 'config', 'env.json'), 'utf8'));
  const url = env.environments?.sandbox?.telemetry;
  if (!url) throw new Error('No collector: set PORTAL_TELEMETRY_URL or the sandbox environment’s telemetry in config/env.json');
  return url;
}

/** [{ remote, version, cohort, loads, errors, errorsPer1000Loads, loadFailures, refusals, lcpP75Ms, inpP75Ms, clsP75 }] */
export async function releaseSummary() {
  const url = collectorUrl().replace(/\/events\/?$/, '/summary');
  const response = await fetch(url, { cache: 'no-store' });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.json();
}
