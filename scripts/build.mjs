// Production build of every app (or only the missing ones with --missing), in parallel.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { APPS, repoRoot } from './apps.mjs';

const onlyMissing = process.argv.includes('--missing');
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

const targets = APPS.filter(({ dir }) => (!only || dir === only) && (!onlyMissing || !existsSync(join(root, dir, 'dist', 'index.html'))));
if (only && targets.length === 0 && !onlyMissing) throw new Error(`unknown app ${only}`);
const started = Date.now();
const results = await Promise.all(targets.map(async ({ dir }) => [dir, await build(dir)]));
for (const [dir, ms] of results) console.log(`built ${dir} in ${(ms / 1000).toFixed(1)} s`);
if (targets.length > 0) console.log(`production build of ${targets.length} app(s): ${((Date.now() - started) / 1000).toFixed(1)} s`);
