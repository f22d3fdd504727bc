// @ts-check
/**
 * What a running nginx deployment really runs: its record, `<deploy root>/apps.json`, a list of
 * apps in apps.json's spelling (decision 0028). `start:nginx` writes it with the list it deployed;
 * `release:remote -- <remote> --new` / `--remove` (scripts/add-remote.mjs) add and take out an
 * entry; a release that changes a remote's prefixes updates them. Every script that asks "what is
 * deployed?" reads the record, never the checkout's live apps.json: a squad that scaffolds a remote
 * into the checkout a deployment was started from (`npm run new:remote`) has changed what the
 * deployment could run, not what it runs, and `--new` then adds the remote.
 */
const fs = require('node:fs');
const path = require('node:path');

/** @typedef {{ app: string, port: number, prefixes: string[], camera?: boolean }} RemoteEntry */
/** @typedef {{ host: { app: string, port: number }, remotes: RemoteEntry[], sandboxPort: number }} AppsList */

/** The record's file in a deployment folder. @param {string} deployRoot */
const recordFile = (deployRoot) => path.join(deployRoot, 'apps.json');

/** Whether `deployRoot` holds a deployment: the host's live release (start:nginx publishes it first). @param {string} deployRoot */
const hasDeployment = (deployRoot) => fs.existsSync(path.join(deployRoot, 'apps', 'host', 'current'));

/** Whether `dir` has a live release in the deployment. @param {string} deployRoot @param {string} dir */
const isPublished = (deployRoot, dir) => fs.existsSync(path.join(deployRoot, 'apps', dir, 'current'));

/**
 * The list of the suite's apps (build-preset/apps.cjs's HOST, REMOTES, SANDBOX_PORT) in apps.json's
 * spelling: what start:nginx records.
 * @param {{ HOST: { dir: string, port: number }, REMOTES: ReadonlyArray<{ dir: string, port: number, prefixes: readonly string[], camera: boolean }>, SANDBOX_PORT: number }} suite
 * @returns {AppsList}
 */
function listOf({ HOST, REMOTES, SANDBOX_PORT }) {
  return {
    host: { app: HOST.dir, port: HOST.port },
    remotes: REMOTES.map((remote) => ({
      app: remote.dir,
      port: remote.port,
      prefixes: [...remote.prefixes],
      ...(remote.camera ? { camera: true } : {}),
    })),
    sandboxPort: SANDBOX_PORT,
  };
}

/**
 * Writes the record (atomically: a reader never sees half of it). Answers its file.
 * @param {string} deployRoot @param {AppsList} list
 */
function writeRecord(deployRoot, list) {
  const file = recordFile(deployRoot);
  const temp = `${file}.${process.pid}.tmp`;
  fs.mkdirSync(deployRoot, { recursive: true });
  fs.writeFileSync(temp, `${JSON.stringify(list, null, 2)}\n`);
  fs.renameSync(temp, file);
  return file;
}

/**
 * A deployment started before it kept a record (no `<deploy root>/apps.json`) gets one made from
 * what it serves: the checkout's list (`fallbackList`, the one it was started from) cut to the apps
 * with a live release, each remote with the prefixes the host's remote list routes to it. Answers
 * the record's file, or undefined when there is no deployment or it has its record already.
 * @param {string} deployRoot
 * @param {AppsList} fallbackList
 */
function adoptDeployment(deployRoot, fallbackList) {
  if (!hasDeployment(deployRoot) || fs.existsSync(recordFile(deployRoot))) return undefined;
  /** @type {Array<{ name?: string, prefixes?: string[] }>} */
  let live = [];
  try {
    const parsed = JSON.parse(fs.readFileSync(path.join(deployRoot, 'apps', 'host', 'config', 'remotes.json'), 'utf8'));
    if (Array.isArray(parsed)) live = parsed;
  } catch {
    // No remote list: the checkout's prefixes stand.
  }
  const remotes = fallbackList.remotes
    .filter((entry) => isPublished(deployRoot, entry.app))
    .map((entry) => {
      const listed = live.find((item) => item && item.name === entry.app.replace(/-/g, '_'));
      return Array.isArray(listed?.prefixes) ? { ...entry, prefixes: [...listed.prefixes] } : entry;
    });
  return writeRecord(deployRoot, { ...fallbackList, remotes });
}

/**
 * release-rules.cjs's releasePaths, after a deployment without a record got one (adoptDeployment,
 * from the list releasePaths would have read: a valid one only; PORTAL_APPS_JSON, the list named
 * by hand, is left as it is): what release:remote and add-remote act on.
 * @param {Parameters<typeof import('./release-rules.cjs').releasePaths>[0]} input
 */
function deploymentPaths(input) {
  const { releasePaths } = require('./release-rules.cjs');
  const { appsProblems } = require('../build-preset/apps-validate.cjs');
  const first = releasePaths(input);
  if (input.env.PORTAL_APPS_JSON) return first;
  const fallbackFile = first.appsJson ?? path.join(input.checkout, 'apps.json');
  let fallback;
  try {
    fallback = JSON.parse(fs.readFileSync(fallbackFile, 'utf8'));
  } catch {
    return first;
  }
  if (appsProblems(fallback, fallbackFile).length > 0 || !adoptDeployment(first.deployRoot, fallback)) return first;
  return releasePaths(input);
}

module.exports = { recordFile, hasDeployment, isPublished, listOf, writeRecord, adoptDeployment, deploymentPaths };
