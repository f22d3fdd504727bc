// `npm run check:remote -- <remote>`: a squad's check of its own remote, in one command, in
// minutes (docs/ownership.md, "A squad's day"). For that remote only:
//   1. unit      its Jest project (jest.config.cjs names one per app of apps.json);
//   2. typecheck its tsconfig.json (`tsc --noEmit -p <remote>`);
//   3. lint      ESLint and Prettier on its folder;
//   4. build     its production build (scripts/build.mjs --only);
//   5. server    the server its journeys and contract use: the one running on the suite's host
//                port (PORTAL_HOST_URL, else apps.json's), else the Node server of `npm start`,
//                started here on the builds (apps whose sources changed are built first, as
//                `npm start` does) and stopped at the end;
//   6. contract  its build against the running host: every singleton share it requires
//                (mf-manifest.json) provided by the host in a version that satisfies it, the host's
//                federation runtime speaking its plugin's protocol (provided-shared.json, the
//                release's and the browser guard's rule, build-preset/shared-deps.cjs), and its
//                prefixes free among the host's live remote list (remotes.json);
//   7. journeys  Playwright in Chromium: the e2e specs docs/routes.md names in its section, and its
//                home tiles at the host and at its own URL (e2e/remote-check/).
// The unit tests run beside the other steps (a machine of 2 cores: Jest takes one, the rest the
// other; their output is shown when they end). Each step's time is printed, then a table; exit 0
// when every step passed, 1 otherwise (a failed build skips the steps that need it), 2 for a
// remote not in apps.json.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { HOST, REMOTES, repoRoot } from './apps.mjs';

const require = createRequire(import.meta.url);
const { incompatibleSingletons, incompatibilityReport, protocolProblem } = require('../build-preset/shared-deps.cjs');
const { prefixesProblems, withLivePrefixes } = require('./release-rules.cjs');

const dir = process.argv[2];
const remote = REMOTES.find((candidate) => candidate.dir === dir);
if (!remote) {
  console.error(`usage: npm run check:remote -- <${REMOTES.map((candidate) => candidate.dir).join('|')}>`);
  console.error(dir ? `${dir} is not in apps.json (a new remote: npm run new:remote first).` : 'name the remote to check.');
  process.exit(2);
}
const hostUrl = process.env.PORTAL_HOST_URL ?? `http://localhost:${HOST.port}`;
const bin = (...path) => join(repoRoot, 'node_modules', ...path);
// The credential the servers use by default: the statement specs read it (e2e/playwright.config.ts).
process.env.STATEMENT_BASIC_AUTH ??= 'portal:sandbox-secret';

/**
 * Runs a command; resolves to whether it exited 0. Its output is shown as it comes, or, with
 * `held`, at once when it ends (a step running beside others).
 */
function run(args, env = {}, held = false) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, {
      cwd: repoRoot,
      stdio: held ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, ...(held ? { FORCE_COLOR: '0' } : {}), ...env },
    });
    const output = [];
    if (held) for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk) => output.push(chunk));
    child.on('exit', (code) => {
      if (held) process.stdout.write(Buffer.concat(output));
      resolve(code === 0);
    });
  });
}

const answers = (url) =>
  fetch(url, { cache: 'no-store' }).then(
    (response) => response.ok,
    () => false,
  );

/** @type {Array<{ name: string, seconds: number, result: 'passed' | 'failed' | 'skipped', note: string }>} */
const steps = [];
async function step(name, action) {
  const started = Date.now();
  console.log(`\n▶ ${dir}: ${name}`);
  let outcome;
  try {
    outcome = await action();
  } catch (error) {
    outcome = { ok: false, note: error instanceof Error ? error.message : String(error) };
  }
  const { ok, note = '' } = typeof outcome === 'boolean' ? { ok: outcome } : outcome;
  const seconds = (Date.now() - started) / 1000;
  steps.push({ name, seconds, result: ok ? 'passed' : 'failed', note });
  console.log(`${ok ? '✔' : '✘'} ${dir}: ${name} ${ok ? 'passed' : 'FAILED'} in ${seconds.toFixed(1)} s${note ? `: ${note}` : ''}`);
  return ok;
}
const skip = (name, why) => steps.push({ name, seconds: 0, result: 'skipped', note: why });

/** The e2e specs that open the remote's routes: those its section of docs/routes.md names in its table. */
function routeSpecs() {
  const specs = new Set();
  let inSection = false;
  for (const line of readFileSync(join(repoRoot, 'docs', 'routes.md'), 'utf8').split('\n')) {
    if (line.startsWith('## ')) inSection = line.includes(`(${dir})`);
    else if (inSection && line.startsWith('|')) for (const [spec] of line.matchAll(/[a-z0-9-]+\.spec\.ts/g)) specs.add(spec);
  }
  // Specs that change or need the nginx deployment never run on a server they did not start.
  return [...specs].filter((spec) => !/^(deploy|compose)-/.test(spec) && existsSync(join(repoRoot, 'e2e', 'tests', spec)));
}

let server;
const started = Date.now();

const unit = step('unit tests (its Jest project)', () =>
  // 30 s a test, not Jest's 5: beside a browser on two cores a screen's first render is slow, and
  // the check must fail for what a test asserts, not for the machine's load.
  run(
    [
      bin('jest', 'bin', 'jest.js'),
      '--selectProjects',
      dir,
      `--maxWorkers=${process.env.PORTAL_CHECK_WORKERS ?? '50%'}`,
      '--testTimeout=30000',
    ],
    {},
    true,
  ),
);
await step('typecheck (its tsconfig.json)', () => run([bin('typescript', 'bin', 'tsc'), '--noEmit', '-p', dir]));
await step('lint (ESLint and Prettier on its folder)', async () => {
  const eslint = await run([bin('eslint', 'bin', 'eslint.js'), dir]);
  const prettier = await run([bin('prettier', 'bin', 'prettier.cjs'), '--check', dir]);
  return eslint && prettier;
});
const built = await step('build', () => run([join(repoRoot, 'scripts', 'build.mjs'), '--only', dir]));

const serverOk =
  built &&
  (await step('server', async () => {
    if (await answers(`${hostUrl}/provided-shared.json`)) return { ok: true, note: `the running one at ${hostUrl}` };
    if (process.env.PORTAL_HOST_URL) return { ok: false, note: `nothing answers at PORTAL_HOST_URL ${hostUrl}` };
    // As `npm start` does: the apps whose sources changed (the host, when apps.json gained this remote).
    if (!(await run([join(repoRoot, 'scripts', 'build.mjs'), '--changed'])))
      return { ok: false, note: 'the other apps could not be built' };
    server = spawn(process.execPath, [join(repoRoot, 'scripts', 'start.mjs'), '--no-build'], {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'inherit'],
      detached: true,
    });
    // Up once it announces the portal (after the sandbox, the telemetry and every app answer);
    // its end before that (a port held by another process, say) fails the step.
    let said = '';
    server.stdout.on('data', (chunk) => (said += chunk));
    const deadline = Date.now() + 90_000;
    while (!said.includes('Open the portal')) {
      if (server.exitCode !== null) return { ok: false, note: `npm start's server stopped (${server.exitCode}): see its messages above` };
      if (Date.now() > deadline) return { ok: false, note: `npm start's server did not announce the portal in 90 s` };
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    return { ok: true, note: `npm start's Node server on this checkout's builds, started for the check` };
  }));
if (!built) skip('server', 'no build');

/** The host's remote list as the running host answers it. */
const remoteList = async () => (await fetch(`${hostUrl}/remotes.json`, { cache: 'no-store' })).json();

if (serverOk) {
  await step('contract with the running host (shares, versions, protocol, prefixes)', async () => {
    const provided = await (await fetch(`${hostUrl}/provided-shared.json`, { cache: 'no-store' })).json();
    const manifest = JSON.parse(readFileSync(join(repoRoot, dir, 'dist', 'mf-manifest.json'), 'utf8'));
    const problems = [];
    const protocol = protocolProblem(dir, manifest, provided);
    if (protocol) problems.push(protocol);
    const shared = manifest.shared ?? [];
    // A singleton the host does not provide at all: the remote would run a second copy of it.
    for (const item of shared.filter((candidate) => candidate.singleton && !(candidate.name in provided)))
      problems.push(
        `  - ${item.name}: the build requires ${item.requiredVersion}; the running host provides none (a second copy would run).`,
      );
    const incompatible = incompatibleSingletons(shared, provided);
    if (incompatible.length > 0) problems.push(incompatibilityReport(dir, incompatible));
    // Its prefixes among the others' live ones (and the paths the servers answer themselves).
    const suite = JSON.parse(readFileSync(join(repoRoot, 'apps.json'), 'utf8'));
    problems.push(
      ...prefixesProblems(
        withLivePrefixes(suite, await remoteList()),
        dir,
        remote.prefixes,
        `apps.json with the host's live remote list (${hostUrl}/remotes.json)`,
      ),
    );
    for (const item of shared.filter((candidate) => candidate.singleton))
      console.log(`  ${item.name}: requires ${item.requiredVersion}, the host provides ${provided[item.name] ?? 'none'}`);
    console.log(`  federation plugin ${manifest.metaData?.pluginVersion}, the host's runtime speaks ${provided.federationProtocol}`);
    if (problems.length > 0) console.error(problems.join('\n'));
    return {
      ok: problems.length === 0,
      note:
        problems.length === 0
          ? `${shared.filter((item) => item.singleton).length} singletons and the protocol satisfied`
          : `${problems.length} problem(s)`,
    };
  });
  const specs = routeSpecs();
  await step(`journeys in Chromium (${[...specs, 'its home tiles'].join(', ')})`, async () => {
    const list = await remoteList();
    const entry = list.find((item) => item.name === remote.name);
    const deployment = list.some((item) => /\/releases\//.test(item.manifest ?? ''));
    if (!entry)
      return {
        ok: false,
        note: deployment
          ? `the running deployment does not serve ${dir}: add it with \`npm run release:remote -- ${dir} --new\`, then check again`
          : `the running server does not list ${dir} (started before it was added): start it again (\`npm start\`), then check again`,
      };
    if (deployment) console.log(`  journeys against the running deployment's live release of ${dir} (${entry.manifest}), not this build`);
    const ok = await run([bin('@playwright', 'test', 'cli.js'), 'test', '-c', join(repoRoot, 'e2e', 'check-remote.config.ts')], {
      PORTAL_CHECK_REMOTE: dir,
      PORTAL_CHECK_SPECS: specs.join(','),
    });
    return {
      ok,
      note: deployment
        ? `against the deployment's live release ${/\/releases\/([^/]+)\//.exec(entry.manifest)?.[1]}`
        : 'against this build',
    };
  });
} else {
  skip('contract with the running host (shares, versions, protocol, prefixes)', 'no server');
  skip('journeys in Chromium', 'no server');
}

await unit;
if (server && server.exitCode === null && server.signalCode === null) {
  const ended = new Promise((resolve) => server.on('exit', resolve));
  process.kill(-server.pid, 'SIGTERM');
  await ended;
}

const total = (Date.now() - started) / 1000;
/** The steps in the order of this file's head (the unit tests end last, having run beside the rest). */
const order = (entry) => (entry.name.startsWith('unit') ? 0 : 1);
console.log(`\ncheck:remote ${dir}`);
for (const { name, seconds, result, note } of steps.sort((a, b) => order(a) - order(b)))
  console.log(`  ${result.padEnd(7)} ${seconds.toFixed(1).padStart(6)} s  ${name}${note ? ` (${note})` : ''}`);
console.log(`  total   ${total.toFixed(1).padStart(6)} s (${(total / 60).toFixed(1)} min)`);
process.exit(steps.every((entry) => entry.result === 'passed') ? 0 : 1);
