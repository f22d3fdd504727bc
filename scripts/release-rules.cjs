// @ts-check
// The rules of a remote's release folders, kept apart from the script that moves files so they
// can be tested on their own (deploy/test/release-rules.test.ts).

/** How many releases before the live one stay as rollback targets, whatever their age. */
const ROLLBACK_DEPTH = 3;

/**
 * How long a release stays served after it stopped being live: a tab opened on it keeps loading
 * its lazy chunks while the driver stays in that area (it switches only at its next navigation
 * into the area), and a webview stays open for a whole shift. PORTAL_RELEASE_GRACE_MINUTES sets
 * it; 24 hours by default.
 * @param {NodeJS.ProcessEnv} env
 */
function graceMs(env) {
  const minutes = Number(env.PORTAL_RELEASE_GRACE_MINUTES ?? 24 * 60);
  if (!Number.isFinite(minutes) || minutes < 0) throw new Error('PORTAL_RELEASE_GRACE_MINUTES must be a number of minutes, 0 or more');
  return minutes * 60_000;
}

/**
 * The release folders that may be deleted now: not live, not one of the last ROLLBACK_DEPTH
 * releases of the history (rollback targets), and retired (stopped being live, or published and
 * never live) longer ago than the grace time. A release with no retirement time is kept: its
 * time is recorded first (see `retire`).
 * @param {{ releases: readonly string[], live: readonly string[], history: readonly string[], retiredAt: Record<string, number>, now: number, graceMs: number }} state
 * @returns {string[]}
 */
function expiredReleases({ releases, live, history, retiredAt, now, graceMs: grace }) {
  const kept = new Set([...live, ...history.slice(-ROLLBACK_DEPTH - 1)]);
  return releases.filter((id) => {
    if (kept.has(id)) return false;
    const retired = retiredAt[id];
    return retired !== undefined && now - retired > grace;
  });
}

/**
 * Retirement times after `live` became the set of live releases: a release that left it is
 * retired now; a live one has none; one never seen before (published, never live) is retired now.
 * @param {Record<string, number>} retiredAt
 * @param {readonly string[]} releases every release folder
 * @param {readonly string[]} live
 * @param {number} now
 * @returns {Record<string, number>}
 */
function retire(retiredAt, releases, live, now) {
  /** @type {Record<string, number>} */
  const next = {};
  for (const id of releases) if (!live.includes(id)) next[id] = retiredAt[id] ?? now;
  return next;
}

const path = require('node:path');
const fs = require('node:fs');
const { appsProblems } = require('../build-preset/apps-validate.cjs');

/**
 * Where `release:remote` acts, from the options and the environment as the squad typed them.
 * npm runs a script with the package root as its cwd, so a relative path the squad typed
 * (`--deployment .deploy`, `PORTAL_APPS_JSON=.deploy/apps.json`, `--root ../squad`) is resolved
 * from INIT_CWD, the folder npm was run from, and made absolute before any child process (a
 * remote's build runs in the remote's folder) sees it.
 * - deployRoot: `--deployment`, else PORTAL_DEPLOY_ROOT, else `<checkout>/.deploy`;
 * - appsJson: the running deployment's list of apps: PORTAL_APPS_JSON, else `<deployRoot>/apps.json`
 *   (written by every `--new`, `--remove` and release), else, for a deployment named by the
 *   squad, the list of the checkout it sits in (`<deployRoot>/../apps.json`), else undefined
 *   (this checkout's apps.json);
 * - root: the checkout whose build is released (`--root`), else this one.
 * @param {{ deployment?: string, root?: string, env: NodeJS.ProcessEnv, cwd: string, checkout: string, exists?: (file: string) => boolean }} input
 * @returns {{ deployRoot: string, named: boolean, appsJson: string | undefined, root: string }}
 */
function releasePaths({ deployment, root, env, cwd, checkout, exists = fs.existsSync }) {
  const from = env.INIT_CWD || cwd;
  const chosen = deployment ?? env.PORTAL_DEPLOY_ROOT;
  const deployRoot = chosen ? path.resolve(from, chosen) : path.join(checkout, '.deploy');
  let appsJson;
  if (env.PORTAL_APPS_JSON) appsJson = path.resolve(from, env.PORTAL_APPS_JSON);
  else if (exists(path.join(deployRoot, 'apps.json'))) appsJson = path.join(deployRoot, 'apps.json');
  else if (chosen && exists(path.join(deployRoot, '..', 'apps.json'))) appsJson = path.resolve(deployRoot, '..', 'apps.json');
  return { deployRoot, named: Boolean(chosen), appsJson, root: root ? path.resolve(from, root) : checkout };
}

/**
 * A remote's release history, oldest first: each release with the route prefixes it shipped
 * with, so a rollback restores both. Entries written before prefixes were kept are bare ids
 * (prefixes unknown: a rollback to one keeps the live prefixes).
 * @typedef {{ id: string, prefixes?: string[] }} Release
 * @param {unknown} raw the parsed history.json
 * @returns {Release[]}
 */
function historyOf(raw) {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((entry) => {
    if (typeof entry === 'string') return [{ id: entry }];
    if (entry && typeof entry === 'object' && typeof entry.id === 'string')
      return [Array.isArray(entry.prefixes) ? { id: entry.id, prefixes: [...entry.prefixes] } : { id: entry.id }];
    return [];
  });
}

/** The history after `release` went live: appended, or its prefixes updated when it is the last already. */
function pushRelease(/** @type {Release[]} */ history, /** @type {Release} */ release) {
  const last = history[history.length - 1];
  return last?.id === release.id ? [...history.slice(0, -1), release] : [...history, release];
}

const samePrefixes = (/** @type {readonly string[] | undefined} */ a, /** @type {readonly string[] | undefined} */ b) =>
  JSON.stringify([...(a ?? [])].sort()) === JSON.stringify([...(b ?? [])].sort());

/**
 * The running deployment's list of apps with each remote's prefixes as the host's remote list
 * has them live (a release may have changed them since the list was written).
 * @param {{ host: unknown, remotes: Array<{ app: string, prefixes: string[] }>, sandboxPort: unknown }} suite
 * @param {Array<{ name: string, prefixes?: string[] }>} remoteList the host's remotes.json
 */
function withLivePrefixes(suite, remoteList) {
  return {
    ...suite,
    remotes: suite.remotes.map((entry) => {
      const live = remoteList.find((item) => item.name === entry.app.replace(/-/g, '_'));
      return live?.prefixes ? { ...entry, prefixes: live.prefixes } : entry;
    }),
  };
}

/**
 * Why `dir` cannot go live with `prefixes` in the deployment (the one validator, apps-validate.cjs:
 * every other remote's live prefixes and the paths the servers answer themselves), one line each.
 * @param {{ remotes: Array<{ app: string, prefixes: string[] }> }} suite the deployment's list, live prefixes
 * @param {string} dir
 * @param {string[]} prefixes
 * @param {string} label how messages name the list
 */
function prefixesProblems(suite, dir, prefixes, label) {
  const after = { ...suite, remotes: suite.remotes.map((entry) => (entry.app === dir ? { ...entry, prefixes } : entry)) };
  return appsProblems(after, label);
}

/** What changed between two sets of prefixes, for the squad to read: `added /faq; removed /old`. */
function prefixChange(/** @type {readonly string[]} */ before, /** @type {readonly string[]} */ after) {
  const added = after.filter((prefix) => !before.includes(prefix));
  const removed = before.filter((prefix) => !after.includes(prefix));
  return [added.length ? `added ${added.join(', ')}` : '', removed.length ? `removed ${removed.join(', ')}` : '']
    .filter(Boolean)
    .join('; ');
}

module.exports = {
  ROLLBACK_DEPTH,
  graceMs,
  expiredReleases,
  retire,
  releasePaths,
  historyOf,
  pushRelease,
  samePrefixes,
  withLivePrefixes,
  prefixesProblems,
  prefixChange,
};
