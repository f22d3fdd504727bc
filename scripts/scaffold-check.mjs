// `npm run test:scaffold`: a squad scaffolds a remote, and the whole repository stays green.
// In a scratch copy of this checkout (scripts/scratch-copy.cjs), `new:remote` adds a remote under
// a name no one uses (one screen that loads its news from one endpoint of its own, served by its
// own sandbox/handlers.ts); then the repository's typecheck, lint and whole unit suite run there,
// as `npm test` runs them here, and the remote's own typecheck. It prints each step's wall-clock
// time and the files changed outside the remote's folder (apps.json alone). Its release into a
// running nginx deployment is e2e/tests/deploy-new-remote.spec.ts.
import { execFileSync, spawnSync } from 'node:child_process';
import { rmSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

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
    step('typecheck (every app)', [bin('typescript', 'bin/tsc'), '--noEmit', '-p', 'tsconfig.json']);
    step(`typecheck (${remote.dir} alone)`, [bin('typescript', 'bin/tsc'), '--noEmit', '-p', remote.dir]);
    step('lint (eslint)', [bin('eslint', 'bin/eslint.js'), '.']);
    step('lint (prettier)', [bin('prettier', 'bin/prettier.cjs'), '--check', '.']);
    const jest = step('unit tests (every project)', [bin('jest', 'bin/jest.js'), '--ci']);
    const summary = /^Tests:.*$/m.exec(jest.stderr)?.[0];
    const suites = /^Test Suites:.*$/m.exec(jest.stderr)?.[0];
    console.log(`[scaffold] ${suites ?? 'no suite summary'}; ${summary ?? 'no test summary'}`);
    // Not vacuous: the new remote's own tests ran in that suite.
    if (!jest.stderr.includes(`${remote.dir}/src/features/home/home.test.tsx`)) {
      console.log(`[scaffold] ${remote.dir}'s own tests did not run`);
      failed = true;
    }
  }
} finally {
  if (keep) console.log(`[scaffold] kept ${copy}`);
  else rmSync(copy, { recursive: true, force: true });
}
console.log(`[scaffold] ${failed ? 'FAILED' : 'passed'}: ${timings.join('; ')}`);
process.exit(failed ? 1 : 0);
