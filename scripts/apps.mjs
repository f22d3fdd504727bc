// The apps of the suite and their ports, from the one list (apps.json, read through
// build-preset/apps.cjs): every script reads them from here.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);

/**
 * The list, validated as it loads (build-preset/apps-validate.cjs). Every script imports this
 * first, so a bad list stops the script before it writes anything, with one line per bad field
 * instead of a stack trace.
 */
function loadSuite() {
  try {
    return require('../build-preset/apps.cjs');
  } catch (error) {
    if (error?.name !== 'AppsError') throw error;
    console.error(`${error.message}\nNothing was done: fix the list of apps first (docs/ownership.md, "One list of apps").`);
    process.exit(2);
  }
}
const suite = loadSuite();

export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');

export const HOST = suite.HOST;
export const REMOTES = suite.REMOTES;
export const APPS = suite.APPS;
export const SANDBOX_PORT = suite.SANDBOX_PORT;
export const localRemoteList = suite.localRemoteList;
export const DEMO_TOKEN = 'demo-token';
export const DEMO_DRIVER_ID = '3f6c2d1e-8a4b-4c9d-9e2f-1a2b3c4d5e6f';
