// Production build of every app, in parallel. --changed: only the apps whose sources changed
// since their last build (content hash, scripts/build-inputs.mjs), saying which and why (what
// `npm start` runs); --missing: only those never built; --only <dir>: one app.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { APPS, repoRoot } from './apps.mjs';
import { buildInputsHash, rebuildReason, recordBuild } from './build-inputs.mjs';

const onlyMissing = process.argv.includes('--missing');
const onlyChanged = process.argv.includes('--changed');
// --only <dir>: one app (a remote's release, a container image).
const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined;
// --root <repo>: build from another checkout (e.g. a worktree with a change to release).
const root = process.argv.includes('--root') ? process.argv[process.argv.indexOf('--root') + 1] : repoRoot;

export function build(dir, from = root) {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const child = spawn(process.execPath, [join(repoRoot, 'node_modules/@rspack/cli/bin/rspack.js'), 'build', '--mode', 'production'], {
      cwd: join(from, dir),
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NODE_ENV: 'production' },
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) => {
      if (code === 0) resolve(Date.now() - started);
      else reject(new Error(`build of ${dir} failed:\n${output}`));
    });
  });
}

const candidates = APPS.filter(
  ({ dir }) => (!only || dir === only) && (!onlyMissing || !existsSync(join(root, dir, 'dist', 'index.html'))),
);
if (only && candidates.length === 0 && !onlyMissing) throw new Error(`unknown app ${only}`);
// The hash of each app's sources is taken before its build: an edit during the build is seen next time.
const inputs = new Map(candidates.map(({ dir }) => [dir, buildInputsHash(root, dir)]));
const reasons = new Map(candidates.map(({ dir }) => [dir, onlyChanged ? rebuildReason(root, dir, inputs.get(dir)) : 'asked']));
const targets = candidates.filter(({ dir }) => reasons.get(dir) !== undefined);
if (onlyChanged) {
  const upToDate = candidates.filter(({ dir }) => reasons.get(dir) === undefined).map(({ dir }) => dir);
  for (const { dir } of targets) console.log(`rebuilding ${dir}: ${reasons.get(dir)}`);
  if (upToDate.length > 0) console.log(`up to date (sources as at their last build): ${upToDate.join(', ')}`);
}
const started = Date.now();
const results = await Promise.all(
  targets.map(async ({ dir }) => {
    const ms = await build(dir);
    recordBuild(root, dir, inputs.get(dir));
    return [dir, ms];
  }),
);
for (const [dir, ms] of results) console.log(`built ${dir} in ${(ms / 1000).toFixed(1)} s`);
if (targets.length > 0) console.log(`production build of ${targets.length} app(s): ${((Date.now() - started) / 1000).toFixed(1)} s`);
