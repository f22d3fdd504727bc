// Releases one remote, and only it, into a running deployment (npm run start:nginx):
//   node scripts/release-remote.mjs <remote-dir> [--root <checkout>] [--id <release-id>] [--no-build]
//   node scripts/release-remote.mjs <remote-dir> --canary <percent> [--root ...] [--id ...] [--no-build]
//   node scripts/release-remote.mjs <remote-dir> --canary <percent> --watch [--window 30m] [--watch-minutes 60]
//        [--min-loads 200] [--min-clients 50] [--margin 20] [--vitals-margin 20] [--lcp-ms 2500] [--inp-ms 200] [--max-share-factor 2]
//   node scripts/release-remote.mjs <remote-dir> --promote
//   node scripts/release-remote.mjs <remote-dir> --rollback
//   node scripts/release-remote.mjs <remote-dir> --new [--root <checkout>] | --remove   (scripts/add-remote.mjs)
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
import { join } from 'node:path';
import { HOST, REMOTES, repoRoot } from './apps.mjs';
import { checkWindow, figuresOf, HOW_TO_GET_PROMETHEUS, prometheusUrl, releaseFigures } from './telemetry.mjs';
import { activate, appRoot, inDeployment, manifestUrl, publish, readRemoteList, writeAtomic, writeRemoteList } from './nginx-config.mjs';

const require = createRequire(import.meta.url);
const { incompatibleSingletons, incompatibilityReport, protocolProblem } = require('../build-preset/shared-deps.cjs');
const { expiredReleases, graceMs, retire } = require('./release-rules.cjs');
const { canaryVerdict, thresholdsFromArgs } = require('./canary-verdict.cjs');
const { releaseIdProblem } = require('../build-preset/apps-validate.cjs');

/** Exit code of a release refused because its build does not fit the running host. */
const INCOMPATIBLE = 3;

// A remote the running deployment does not have yet (--new), or one to take out (--remove): scripts/add-remote.mjs.
if (process.argv.includes('--new') || process.argv.includes('--remove')) {
  const added = spawnSync(process.execPath, [join(repoRoot, 'scripts', 'add-remote.mjs'), ...process.argv.slice(2)], { stdio: 'inherit' });
  process.exit(added.status ?? 1);
}

const [dir] = process.argv.slice(2);
const option = (name) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined);
const remote = REMOTES.find((candidate) => candidate.dir === dir);
if (!remote) {
  console.error(
    `usage: release-remote.mjs <${REMOTES.map((r) => r.dir).join('|')}> [--canary percent] [--root dir] [--id id] [--no-build] | --promote | --rollback`,
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
if (!existsSync(join(appRoot(dir), 'current'))) {
  console.error('No deployment found: start one with `npm run start:nginx` first.');
  process.exit(1);
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

const history = existsSync(historyFile) ? JSON.parse(readFileSync(historyFile, 'utf8')) : [currentRelease()];

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
  const expired = expiredReleases({ releases, live, history, retiredAt, now, graceMs: graceMs(process.env) });
  for (const id of expired) {
    rmSync(inDeployment(join(releasesDir, id)), { recursive: true, force: true });
    delete retiredAt[id];
  }
  writeAtomic(retiredFile, JSON.stringify(retiredAt));
  if (expired.length > 0) console.log(`${dir}: deleted releases past their grace time: ${expired.join(', ')}`);
}

/** Makes `id` the release every driver runs (the canary, if any, ends). */
function goLive(id) {
  activate(dir, id);
  updateEntry((item) => ({ ...withoutCanary(item), manifest: manifestUrl(remote, id) }));
  pruneReleases(liveReleases());
}

async function buildCheckPublish() {
  const root = option('--root') ?? repoRoot;
  if (!process.argv.includes('--no-build')) {
    const built = spawnSync(process.execPath, [join(repoRoot, 'scripts/build.mjs'), '--only', dir, '--root', root], { stdio: 'inherit' });
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
  if (history[history.length - 1] !== id) history.push(id);
  writeAtomic(historyFile, JSON.stringify(history));
  goLive(id);
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
  history.pop();
  const previous = history[history.length - 1];
  writeAtomic(historyFile, JSON.stringify(history));
  goLive(previous);
  console.log(`${dir}: rolled back to ${previous}`);
} else {
  const id = await buildCheckPublish();
  if (history[history.length - 1] !== id) history.push(id);
  writeAtomic(historyFile, JSON.stringify(history));
  goLive(id);
  console.log(`${dir}: release ${id} is live (${manifestUrl(remote, id)})`);
}
