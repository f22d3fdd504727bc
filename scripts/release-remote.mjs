// Releases one remote, and only it, into a running deployment (npm run start:nginx):
//   node scripts/release-remote.mjs <remote-dir> [--root <checkout>] [--id <release-id>] [--no-build]
//   node scripts/release-remote.mjs <remote-dir> --canary <percent> [--root ...] [--id ...] [--no-build]
//   node scripts/release-remote.mjs <remote-dir> --canary <percent> --watch [--window 30m] [--watch-minutes 60]
//        [--min-loads 200] [--min-clients 50] [--margin 20] [--vitals-margin 20] [--lcp-ms 2500] [--inp-ms 200] [--max-share-factor 2]
//   node scripts/release-remote.mjs <remote-dir> --promote
//   node scripts/release-remote.mjs <remote-dir> --rollback
//   node scripts/release-remote.mjs <remote-dir> --new [--root <checkout>] | --remove   (scripts/add-remote.mjs)
// Every form takes --deployment <the running deployment's .deploy folder> (default: this
// checkout's); relative paths (--deployment, --root, PORTAL_APPS_JSON, PORTAL_DEPLOY_ROOT) are
// read from the folder npm was run from (INIT_CWD). The release ships the remote's prefixes from
// the built checkout's apps.json into the host's remote list, checked against every other remote's
// live prefixes and the reserved paths; each release keeps its prefixes in history.json, and
// --rollback restores them with the release before.
// Builds the remote, checks the build against what the running host provides (React, the
// router, each platform singleton's interface version, the federation plugin versions its
// runtime speaks) and refuses an incompatible one before anything is published; then publishes the build as releases/<id> beside the earlier ones,
// points the remote's own page at it and updates the remote's entry in the host's remote list.
// The host is neither rebuilt nor touched: open tabs read the new list at their next navigation
// into an area (host/src/federation/remote-registry.ts), new page loads at once. --rollback goes
// back to the release before the current one (or, while a canary runs, drops the canary).
// --canary publishes the build beside the live release for that percentage of drivers (a stable
// hash of the token's driver, signed by the server: deploy/nginx/portal-cohort.mjs); --promote makes it the release. Release folders no longer live are deleted once
// their grace time has passed (scripts/release-rules.cjs).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const checkout = join(dirname(fileURLToPath(import.meta.url)), '..');
const rules = require('./release-rules.cjs');
const { expiredReleases, graceMs, retire, historyOf, pushRelease, samePrefixes, withLivePrefixes, prefixesProblems, prefixChange } = rules;
const { appsProblems, releaseIdProblem } = require('../build-preset/apps-validate.cjs');

/** Exit code of a release refused because its build does not fit the running host. */
const INCOMPATIBLE = 3;

const option = (name) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined);

// Paths as the squad typed them, resolved from where npm was run (INIT_CWD), made absolute for
// every child process (scripts/release-rules.cjs, releasePaths): the deployment (`--deployment`,
// PORTAL_DEPLOY_ROOT), its list of apps (PORTAL_APPS_JSON, else the record of what the deployment
// runs, scripts/deployment-record.cjs: never the checkout's live apps.json, which new:remote may
// have extended since) and the checkout built (`--root`, else this one).
const record = require('./deployment-record.cjs');
const paths = record.deploymentPaths({
  deployment: option('--deployment'),
  root: option('--root'),
  env: process.env,
  cwd: process.cwd(),
  checkout,
});
if (paths.named) process.env.PORTAL_DEPLOY_ROOT = paths.deployRoot;
if (paths.appsJson) process.env.PORTAL_APPS_JSON = paths.appsJson;
/** The running deployment's list of apps as a file (the one build-preset/apps.cjs loads). */
const deploymentListFile = paths.appsJson ?? join(checkout, 'apps.json');

// Loaded now, with the deployment's list of apps and folder chosen above: a bad list stops every
// form of the command here, naming its fields, before anything is built or written.
const { HOST, REMOTES } = await import('./apps.mjs');

// A remote the running deployment does not have yet (--new), or one to take out (--remove): scripts/add-remote.mjs.
if (process.argv.includes('--new') || process.argv.includes('--remove')) {
  const args = process.argv
    .slice(2)
    .filter((arg, at, all) => !['--root', '--deployment'].includes(arg) && !['--root', '--deployment'].includes(all[at - 1]));
  const added = spawnSync(process.execPath, [join(checkout, 'scripts', 'add-remote.mjs'), ...args, '--root', paths.root], {
    stdio: 'inherit',
    env: { ...process.env, PORTAL_DEPLOY_ROOT: paths.deployRoot },
  });
  process.exit(added.status ?? 1);
}

const { checkWindow, figuresOf, HOW_TO_GET_PROMETHEUS, prometheusUrl, releaseFigures } = await import('./telemetry.mjs');
const { activate, appRoot, DEPLOY_ROOT, inDeployment, manifestUrl, publish, readRemoteList, writeAtomic, writeRemoteList } =
  await import('./nginx-config.mjs');
const { incompatibleSingletons, incompatibilityReport, protocolProblem } = require('../build-preset/shared-deps.cjs');
const { canaryVerdict, thresholdsFromArgs } = require('./canary-verdict.cjs');

const [dir] = process.argv.slice(2);
// What each piece of advice adds for the squad to type the same command again: the deployment
// and the checkout, when they are not this checkout's own.
const deploymentFlag = paths.deployRoot === join(checkout, '.deploy') ? '' : ` --deployment ${paths.deployRoot}`;
const rootFlag = paths.root === checkout ? '' : ` --root ${paths.root}`;
if (dir && /^mfe-/.test(dir) && !record.hasDeployment(paths.deployRoot)) {
  console.error(
    `No deployment found in ${paths.deployRoot}: start one with \`npm run start:nginx\` first (or name it: --deployment <its .deploy folder>).`,
  );
  process.exit(1);
}
const remote = REMOTES.find((candidate) => candidate.dir === dir);
// Listed by the record with nothing of it published (a --new stopped half-way): --new adds it again.
if (!remote || !record.isPublished(paths.deployRoot, dir)) {
  if (dir && /^mfe-/.test(dir)) {
    const squadFile = join(paths.root, 'apps.json');
    const inSquadList = existsSync(squadFile) && JSON.parse(readFileSync(squadFile, 'utf8')).remotes?.some((entry) => entry.app === dir);
    console.error(
      inSquadList
        ? `${dir} is not in the running deployment (${deploymentListFile}): add it first with ` +
            `\`npm run release:remote -- ${dir} --new${deploymentFlag}${rootFlag}\``
        : `${dir} is neither in the running deployment (${deploymentListFile}) nor in ${squadFile}: ` +
            (existsSync(join(paths.root, dir))
              ? `give it its line in ${squadFile} (port and prefixes)`
              : `scaffold it with \`npm run new:remote -- ${dir} --port <a free port> --prefix /<its path>\``) +
            `, then add it with \`npm run release:remote -- ${dir} --new${deploymentFlag}${rootFlag}\``,
    );
    process.exit(2);
  }
  console.error(
    `usage: release-remote.mjs <${REMOTES.map((r) => r.dir).join('|')}> [--deployment dir] [--canary percent] [--root dir] [--id id] [--no-build] | --promote | --rollback`,
  );
  process.exit(2);
}
// --id names a folder under releases/ and the target of `current`: refused before any build when
// it could name anything else (`../../../tmp/x`, `..`); publish() and activate() check it again.
if (process.argv.includes('--id')) {
  const problem = releaseIdProblem(option('--id'));
  if (problem) {
    console.error(`${dir} was not released: --id ${problem}; nothing was written.`);
    process.exit(2);
  }
}

const historyFile = join(appRoot(dir), 'history.json');
const retiredFile = join(appRoot(dir), 'retired.json');

const releaseIdOf = (manifest) => /\/releases\/([^/]+)\/mf-manifest\.json$/.exec(manifest ?? '')?.[1];
const listEntry = () => readRemoteList().find((item) => item.name === remote.name);

function currentRelease() {
  const id = releaseIdOf(listEntry()?.manifest);
  if (!id) throw new Error(`remote list has no release for ${remote.name}`);
  return id;
}

/** Rewrites this remote's entry of the host's remote list. */
function updateEntry(change) {
  writeRemoteList(readRemoteList().map((item) => (item.name === remote.name ? change(item) : item)));
}

function withoutCanary(item) {
  const entry = { ...item };
  delete entry.canary;
  return entry;
}

/** The releases drivers run now: the live one, and the canary while there is one. */
function liveReleases() {
  const entry = listEntry();
  return [releaseIdOf(entry?.manifest), releaseIdOf(entry?.canary?.manifest)].filter(Boolean);
}

/** The prefixes drivers reach this remote by now (the host's list), else the deployment's list. */
const livePrefixes = () => listEntry()?.prefixes ?? remote.prefixes;

// Each release with the prefixes it went live with (scripts/release-rules.cjs, historyOf).
let history = existsSync(historyFile)
  ? historyOf(JSON.parse(readFileSync(historyFile, 'utf8')))
  : [{ id: currentRelease(), prefixes: livePrefixes() }];
const saveHistory = () => writeAtomic(historyFile, JSON.stringify(history));

const deploymentList = () => JSON.parse(readFileSync(deploymentListFile, 'utf8'));

/**
 * Refuses (exit 2, nothing written) prefixes that overlap another remote's live prefixes or a
 * path the servers answer themselves: the one validator, build-preset/apps-validate.cjs.
 */
function checkPrefixes(prefixes, what) {
  const problems = prefixesProblems(
    withLivePrefixes(deploymentList(), readRemoteList()),
    dir,
    prefixes,
    `the running deployment's list (${deploymentListFile}) with ${dir}'s prefixes ${JSON.stringify(prefixes)}`,
  );
  if (problems.length > 0) {
    console.error(`${dir} was not ${what}; nothing was published:\n${problems.join('\n')}`);
    process.exit(2);
  }
}

/**
 * The prefixes the build being released ships with: its entry in the apps.json of the checkout
 * it is built from (the file its routes.ts reads). Its port there is not checked: the
 * deployment's list says where it runs (a second deployment on other ports releases the same build).
 */
function squadPrefixes() {
  const file = join(paths.root, 'apps.json');
  const list = JSON.parse(readFileSync(file, 'utf8'));
  const problems = appsProblems(list, file);
  if (problems.length > 0) {
    console.error(`${dir} was not released; nothing was published:\n${problems.join('\n')}`);
    process.exit(2);
  }
  const entry = list.remotes.find((candidate) => candidate.app === dir);
  if (!entry) {
    console.error(`${dir} was not released: it is not in ${file}; nothing was published.`);
    process.exit(2);
  }
  return entry.prefixes;
}

/** Keeps the deployment's list of apps (what --new, --remove and the next release read) at the live prefixes. */
function recordPrefixes(prefixes) {
  const list = deploymentList();
  const file = join(DEPLOY_ROOT, 'apps.json');
  const next = { ...list, remotes: list.remotes.map((entry) => (entry.app === dir ? { ...entry, prefixes } : entry)) };
  if (existsSync(file) || !samePrefixes(remote.prefixes, prefixes)) writeAtomic(file, `${JSON.stringify(next, null, 2)}\n`);
}

/** What the running host provides to remotes, as it serves it (build-preset's hostProvides). */
async function runningHostProvides() {
  const url = `${process.env.PORTAL_HOST_URL ?? `http://localhost:${HOST.port}`}/provided-shared.json`;
  const response = await fetch(url, { cache: 'no-store' });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.json();
}

/** Refuses (exit 3, nothing published) a build whose singletons the running host does not satisfy. */
async function checkCompatibility(distDir) {
  let provided;
  try {
    provided = await runningHostProvides();
  } catch (error) {
    console.error(
      `${dir} was not released: cannot tell what the running host provides (${error.message}).\n` +
        'Release the host first (a host that serves provided-shared.json); nothing was published.',
    );
    process.exit(INCOMPATIBLE);
  }
  const manifest = JSON.parse(readFileSync(join(distDir, 'mf-manifest.json'), 'utf8'));
  // The federation plugin that built it must be one the running host's runtime speaks (the
  // browser's portal-version-guard refuses any other, and a manifest that does not say).
  const protocol = protocolProblem(dir, manifest, provided);
  if (protocol) {
    console.error(protocol);
    process.exit(INCOMPATIBLE);
  }
  const problems = incompatibleSingletons(manifest.shared ?? [], provided);
  if (problems.length > 0) {
    console.error(incompatibilityReport(dir, problems));
    process.exit(INCOMPATIBLE);
  }
}

/** Deletes the release folders whose grace time has passed (never the live one or a rollback target). */
function pruneReleases(live) {
  const releasesDir = join(appRoot(dir), 'releases');
  const releases = readdirSync(releasesDir);
  const now = Date.now();
  const retiredAt = retire(existsSync(retiredFile) ? JSON.parse(readFileSync(retiredFile, 'utf8')) : {}, releases, live, now);
  const expired = expiredReleases({
    releases,
    live,
    history: history.map((release) => release.id),
    retiredAt,
    now,
    graceMs: graceMs(process.env),
  });
  for (const id of expired) {
    rmSync(inDeployment(join(releasesDir, id)), { recursive: true, force: true });
    delete retiredAt[id];
  }
  writeAtomic(retiredFile, JSON.stringify(retiredAt));
  if (expired.length > 0) console.log(`${dir}: deleted releases past their grace time: ${expired.join(', ')}`);
}

/**
 * Makes `id` the release every driver runs (the canary, if any, ends), with the prefixes it
 * shipped with: the host routes them to it from its next read of the list.
 */
function goLive(id, prefixes) {
  activate(dir, id);
  recordPrefixes(prefixes);
  updateEntry((item) => ({ ...withoutCanary(item), manifest: manifestUrl(remote, id), prefixes }));
  pruneReleases(liveReleases());
}

async function buildCheckPublish() {
  const root = paths.root;
  if (!process.argv.includes('--no-build')) {
    // A whole checkout (the squad's): its own build and list of apps (what its routes.ts reads),
    // not the deployment's. A tree of only the remote and the platform (a patched copy): this
    // checkout's build, run on it.
    const own = existsSync(join(root, 'scripts', 'build.mjs'));
    const env = { ...process.env };
    if (own) delete env.PORTAL_APPS_JSON;
    delete env.PORTAL_DEPLOY_ROOT;
    const built = own
      ? spawnSync(process.execPath, [join(root, 'scripts', 'build.mjs'), '--only', dir], { stdio: 'inherit', cwd: root, env })
      : spawnSync(process.execPath, [join(checkout, 'scripts', 'build.mjs'), '--only', dir, '--root', root], { stdio: 'inherit', env });
    if (built.status !== 0) process.exit(built.status ?? 1);
  }
  const distDir = join(root, dir, 'dist');
  await checkCompatibility(distDir);
  return publish(dir, distDir, option('--id'));
}

const canaryOf = () => listEntry()?.canary;

/**
 * The remote's own page follows the same cohorts: its nginx puts each driver in one of 100 cohorts
 * of 1 % (deploy/nginx/portal-cohort.mjs) and serves a cohort from <app root>/canary/c<NN> when
 * that link exists. A canary of N % links the first N cohorts to its release folder; no canary, no
 * links. nginx reads them per request: no configuration is rewritten and nothing is reloaded, so
 * it works wherever the app root is (this machine's deployment, or a container's volume).
 * The set of links is built aside and swapped in with one rename, so no request sees half of it.
 */
function splitOwnPage(canary) {
  const root = appRoot(dir);
  const link = join(root, 'canary');
  const sets = join(root, 'canary-sets');
  if (canary) {
    const set = inDeployment(join(sets, `${canary.id}-${canary.percent}`));
    inDeployment(join(root, 'releases', canary.id));
    rmSync(set, { recursive: true, force: true });
    mkdirSync(set, { recursive: true });
    for (let cohort = 0; cohort < canary.percent; cohort += 1) {
      symlinkSync(join('..', '..', 'releases', canary.id), join(set, `c${String(cohort).padStart(2, '0')}`));
    }
    const temp = inDeployment(`${link}.${process.pid}.tmp`);
    rmSync(temp, { force: true });
    symlinkSync(join('canary-sets', `${canary.id}-${canary.percent}`), temp);
    renameSync(temp, link);
  } else {
    rmSync(inDeployment(link), { force: true });
  }
  // Sets no longer linked.
  const linked = canary ? `${canary.id}-${canary.percent}` : undefined;
  for (const name of existsSync(sets) ? readdirSync(sets) : []) {
    if (name !== linked) rmSync(inDeployment(join(sets, name)), { recursive: true, force: true });
  }
}

async function promoteCanary() {
  const id = releaseIdOf(canaryOf()?.manifest);
  if (!id) {
    console.error(`${dir}: no canary to promote.`);
    process.exit(1);
  }
  // A canary ships with the live prefixes (it is refused otherwise), so they stay.
  const prefixes = livePrefixes();
  history = pushRelease(history, { id, prefixes });
  saveHistory();
  goLive(id, prefixes);
  splitOwnPage(undefined);
  return id;
}

async function rollBackCanary() {
  const id = releaseIdOf(canaryOf()?.manifest);
  updateEntry(withoutCanary);
  splitOwnPage(undefined);
  pruneReleases(liveReleases());
  return id;
}

/**
 * --watch: asks Prometheus (scripts/telemetry.mjs) every PORTAL_WATCH_INTERVAL_MS (default 15 s)
 * for the canary's and the live release's figures over --window, and acts on the verdict
 * (scripts/canary-verdict.cjs, thresholds from the options): rolls the canary back (exit 4) or
 * promotes it (exit 0), saying why; waits while there is no verdict; gives up after
 * --watch-minutes (exit 5), the canary staying at its percentage.
 */
async function watchCanary(canaryId, liveId, percent, thresholds, window) {
  const intervalMs = Number(process.env.PORTAL_WATCH_INTERVAL_MS ?? 15_000);
  const deadline = Date.now() + Number(option('--watch-minutes') ?? 60) * 60_000;
  console.log(`${dir}: watching canary ${canaryId} against ${liveId} from Prometheus (${prometheusUrl()}), window ${window}`);
  let said = '';
  const say = (text) => {
    if (text !== said) console.log(text);
    said = text;
  };
  while (Date.now() < deadline) {
    let rows;
    try {
      rows = await releaseFigures(window);
    } catch (error) {
      say(`${dir}: Prometheus cannot be read (${error.cause?.message ?? error.message}); watching on. ${HOW_TO_GET_PROMETHEUS}`);
    }
    if (rows) {
      const verdict = canaryVerdict(
        { canary: figuresOf(rows, remote.name, canaryId), live: figuresOf(rows, remote.name, liveId), percent, canaryId, liveId },
        thresholds,
      );
      if (verdict.decision === 'rollback') {
        await rollBackCanary();
        console.log(`${dir}: canary ${canaryId} rolled back by --watch: ${verdict.reason}`);
        process.exit(4);
      }
      if (verdict.decision === 'promote') {
        await promoteCanary();
        console.log(`${dir}: canary ${canaryId} promoted by --watch: ${verdict.reason}`);
        process.exit(0);
      }
      say(`${dir}: waiting: ${verdict.reason}`);
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  console.log(`${dir}: --watch gave up after its time; canary ${canaryId} stays at its percentage (promote or roll back by hand)`);
  process.exit(5);
}

if (process.argv.includes('--canary')) {
  const percent = Number(option('--canary'));
  if (!(Number.isInteger(percent) && percent > 0 && percent < 100)) {
    console.error('--canary takes the percentage of drivers that get the new release, a whole number between 1 and 99 (e.g. --canary 10).');
    process.exit(2);
  }
  let thresholds;
  let window;
  try {
    thresholds = thresholdsFromArgs(process.argv);
    window = checkWindow(option('--window') ?? '30m');
  } catch (error) {
    console.error(error.message);
    process.exit(2);
  }
  const liveId = currentRelease();
  // Part of the drivers cannot get other prefixes: the host routes a path by one list entry.
  const prefixes = squadPrefixes();
  if (!samePrefixes(prefixes, livePrefixes())) {
    console.error(
      `${dir} was not released as a canary: its prefixes change (${prefixChange(livePrefixes(), prefixes)}); ` +
        `a change of prefixes goes to every driver: \`npm run release:remote -- ${dir}\`. Nothing was published.`,
    );
    process.exit(2);
  }
  const id = await buildCheckPublish();
  // The remote's own page and every driver outside the cohort keep the live release.
  updateEntry((item) => ({ ...item, canary: { manifest: manifestUrl(remote, id), percent } }));
  splitOwnPage({ id, percent });
  pruneReleases(liveReleases());
  console.log(`${dir}: canary ${id} is live for ${percent}% of drivers (${manifestUrl(remote, id)})`);
  if (process.argv.includes('--watch')) await watchCanary(id, liveId, percent, thresholds, window);
} else if (process.argv.includes('--promote')) {
  const id = await promoteCanary();
  console.log(`${dir}: canary ${id} promoted: it is the release of every driver`);
} else if (process.argv.includes('--rollback') && canaryOf()) {
  const id = await rollBackCanary();
  console.log(`${dir}: canary ${id} rolled back: every driver runs ${currentRelease()}`);
} else if (process.argv.includes('--rollback')) {
  if (history.length < 2) {
    console.error('Nothing to roll back to.');
    process.exit(1);
  }
  const previous = history[history.length - 2];
  const before = livePrefixes();
  // A release recorded before prefixes were kept: the live prefixes stay.
  const prefixes = previous.prefixes ?? before;
  // Another remote may have taken one of them since.
  checkPrefixes(prefixes, `rolled back to ${previous.id}`);
  history = history.slice(0, -1);
  saveHistory();
  goLive(previous.id, prefixes);
  const change = prefixChange(before, prefixes);
  console.log(`${dir}: rolled back to ${previous.id}${change ? ` (prefixes ${change}: ${prefixes.join(', ')})` : ''}`);
} else {
  // The prefixes are checked before the build: a refused release builds and publishes nothing.
  const prefixes = squadPrefixes();
  const before = livePrefixes();
  checkPrefixes(prefixes, 'released');
  const id = await buildCheckPublish();
  history = pushRelease(history, { id, prefixes });
  saveHistory();
  goLive(id, prefixes);
  const change = prefixChange(before, prefixes);
  console.log(`${dir}: release ${id} is live (${manifestUrl(remote, id)})${change ? `; prefixes ${change}: ${prefixes.join(', ')}` : ''}`);
}
