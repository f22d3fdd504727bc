// `npm run test:scaffold` (a step of `npm test`): a squad scaffolds a remote, and the repository
// stays green. In a scratch copy of this checkout (scripts/scratch-copy.cjs), `new:remote` adds a
// remote under a name no one uses (one screen that loads its news from one endpoint of its own,
// served by its own sandbox/handlers.ts); the check fails if anything outside its folder changed
// but apps.json. Then, in the copy, only what a new remote can break (issue 46, decision 0027;
// the unit suite itself ran once, in this checkout, in the same `npm test`):
// - the remote's own Jest project, and the tests that read the list of apps or the tree
//   (scripts/apps-readers.mjs: the deployment's modules and repository rules of deploy/test,
//   telemetry's new-remote test, the sandbox's contracts and handlers; not the host's conformance
//   test, which builds every remote: deploy-new-remote.spec.ts builds and runs a new one):
//   every other test imports nothing a new remote changes, so it runs the same as in the unit suite;
// - the remote alone typechecked (`tsc -p <remote>`), and the files that list remotes with what
//   they import (a scratch tsconfig): a new entry changes the type of apps.json, which only they read;
// - ESLint on the remote's folder and the files that list remotes (rules that resolve imports read
//   the new files from there only); Prettier on the remote's folder and apps.json, the only changes.
// What it still proves: a scaffolded remote typechecks, lints and passes its own tests with no
// edit, joins every list derived from apps.json (lint, Jest, the compose file, the deployment, the
// host's list, telemetry, the sandbox) without breaking it, and changes nothing but apps.json
// outside its folder. It prints each step's wall-clock time. Its release into a running nginx
// deployment is e2e/tests/deploy-new-remote.spec.ts.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { testsReadingApps } from './apps-readers.mjs';

const require = createRequire(import.meta.url);
const { freshRemote } = require('./fresh-remote.cjs');
const { scratchCopy } = require('./scratch-copy.cjs');
const keep = process.argv.includes('--keep');

const copy = scratchCopy('portal-scaffold-');
const remote = freshRemote();
const bin = (name, file) => join(copy, 'node_modules', name, file);
const git = (...args) =>
  execFileSync('git', ['-c', 'user.email=check@portal', '-c', 'user.name=check', ...args], { cwd: copy, encoding: 'utf8' });
const timings = [];
/**
 * Readers of the list not run here, and why. The host's conformance test: where it is left out
 * below. The two floods (a minute or more of the scaffold's run): they reach the list through
 * what they import (the sandbox with every remote's handlers, the nginx harness's renderer, an
 * existing remote's name for the beacons), never through what they flood (the handoff location,
 * the receiver's ledgers); a new remote's handlers in the sandbox are sandbox-api's tests' and its
 * beacons telemetry's new-remote test's, both run here. The floods ran in the unit suite.
 */
const NOT_HERE = new Set([
  'host/src/federation/conformance/real-containers.test.ts',
  'deploy/test/handoff-flood.test.ts',
  'telemetry/test/forge-replay.test.ts',
]);
let failed = false;

/** One step in the copy, its output shown only when it fails. */
function step(label, args) {
  const started = Date.now();
  const result = spawnSync(process.execPath, args, {
    cwd: copy,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
    env: { ...process.env, INIT_CWD: copy, FORCE_COLOR: '0' },
  });
  const seconds = (Date.now() - started) / 1000;
  timings.push(`${label}: ${seconds.toFixed(1)} s${result.status === 0 ? '' : ' FAILED'}`);
  console.log(`[scaffold] ${timings.at(-1)}`);
  if (result.status !== 0) {
    failed = true;
    console.log(`${result.stdout}\n${result.stderr}`.slice(-20_000));
  }
  return result;
}

/** Every file under dir (node_modules aside). */
function filesUnder(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.name === 'node_modules' ? [] : entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

/** The copy's source files (git's list) that import the list of apps by one of its names. */
function filesListingApps() {
  const LISTS =
    /['"](?:\.{1,2}\/)+(?:[\w-]+\/)*(?:apps\.json|apps\.cjs|apps\.mjs)['"]|['"]@driver-portal\/build-preset\/apps(?:\.cjs)?['"]/;
  return git('ls-files', '--cached', '--others', '--exclude-standard')
    .split('\n')
    .filter((file) => /\.(?:tsx?|[cm]?js)$/.test(file) && !file.endsWith('.d.ts') && existsSync(join(copy, file)))
    .filter((file) => LISTS.test(readFileSync(join(copy, file), 'utf8')));
}

try {
  git('add', '-A');
  git('commit', '-q', '-m', 'the checkout before the scaffold');
  step(`new:remote ${remote.dir}`, [
    join(copy, 'scripts', 'new-remote.mjs'),
    remote.dir,
    '--port',
    String(remote.port),
    '--prefix',
    remote.prefix,
    '--title',
    'Recompensas',
  ]);
  const outside = git('status', '--porcelain', '--untracked-files=all')
    .split('\n')
    .filter((line) => line !== '' && !line.slice(3).startsWith(`${remote.dir}/`))
    .map((line) => line.slice(3));
  console.log(`[scaffold] files changed outside ${remote.dir}/: ${outside.join(', ') || 'none'}`);
  if (outside.join() !== 'apps.json') failed = true;
  // What `npm install` does for a new workspace: its link in node_modules (the lockfile's entry
  // is the only other change it makes).
  symlinkSync(join('..', '..', remote.dir), join(copy, 'node_modules', '@driver-portal', remote.dir));

  if (!failed) {
    const remoteTests = filesUnder(join(copy, remote.dir)).filter((file) => /\.test\.tsx?$/.test(file));
    // The host's conformance test builds every remote of the list (none is built in the copy): a
    // scaffolded remote built and run in the host is e2e/tests/deploy-new-remote.spec.ts's, and
    // the existing remotes' builds are the unit suite's.
    const readers = testsReadingApps(copy).filter((file) => !NOT_HERE.has(file));
    const listers = filesListingApps();
    console.log(`[scaffold] ${readers.length} tests read the list of apps; ${listers.length} files list remotes`);
    step(`typecheck (${remote.dir} alone)`, [bin('typescript', 'bin/tsc'), '--noEmit', '-p', remote.dir]);
    // The files that list remotes, and what they import, against the copy's apps.json. The
    // scratch tsconfig in the copy's node_modules (its own folder, ignored by git: a file naming
    // every remote fails remote-names), where the compiler finds the types as from the root.
    const tsconfig = join(copy, 'node_modules', '.portal-scaffold', 'tsconfig.json');
    mkdirSync(dirname(tsconfig));
    writeFileSync(
      tsconfig,
      JSON.stringify({
        extends: '../../tsconfig.json',
        include: ['../../types', '../../jest.setup.ts'],
        files: listers.filter((file) => /\.tsx?$/.test(file)).map((file) => `../../${file}`),
      }),
    );
    step('typecheck (the files that list remotes)', [bin('typescript', 'bin/tsc'), '--noEmit', '-p', tsconfig]);
    step('lint (eslint: the remote, the files that list remotes)', [bin('eslint', 'bin/eslint.js'), remote.dir, ...listers]);
    step('lint (prettier: the remote, apps.json)', [bin('prettier', 'bin/prettier.cjs'), '--check', remote.dir, 'apps.json']);
    const jest = step(`unit tests (${remote.dir}, and the ${readers.length} that read the list of apps)`, [
      bin('jest', 'bin/jest.js'),
      '--ci',
      '--runTestsByPath',
      ...remoteTests.map((file) => relative(copy, file)),
      ...readers,
    ]);
    const summary = /^Tests:.*$/m.exec(jest.stderr)?.[0];
    const suites = /^Test Suites:.*$/m.exec(jest.stderr)?.[0];
    console.log(`[scaffold] ${suites ?? 'no suite summary'}; ${summary ?? 'no test summary'}`);
    // Not vacuous: the new remote's own tests ran, and the repository's readers of the list with them.
    for (const file of [
      `${remote.dir}/src/features/home/home.test.tsx`,
      'deploy/test/remote-list.test.ts',
      'telemetry/test/new-remote.test.ts',
    ]) {
      if (!jest.stderr.includes(file)) {
        console.log(`[scaffold] ${file} did not run`);
        failed = true;
      }
    }
  }
} finally {
  if (keep) console.log(`[scaffold] kept ${copy}`);
  else rmSync(copy, { recursive: true, force: true });
}
console.log(`[scaffold] ${failed ? 'FAILED' : 'passed'}: ${timings.join('; ')}`);
process.exit(failed ? 1 : 0);
