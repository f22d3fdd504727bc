// @ts-check
// Copies packages and every package they depend on (dependencies, optionalDependencies present)
// from the build stage's node_modules into a small one, keeping npm's nesting: how the handoff
// exchange's image gets ioredis and rate-limiter-flexible at exactly the lockfile's versions with no
// second download (deploy/docker/Dockerfile). Usage: node copy-deps.cjs <repo> <target> <name>...
const { cpSync, existsSync, readFileSync } = require('node:fs');
const { dirname, join, relative } = require('node:path');

const [repo, target, ...names] = process.argv.slice(2);
if (!repo || !target || names.length === 0) throw new Error('usage: copy-deps.cjs <repo> <target> <package>...');

/** The folder node would load `name` from, seen from `from` (a package folder or the repo). */
function resolvePackage(name, from) {
  for (let dir = from; ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return candidate;
    if (dir === repo || dirname(dir) === dir) return undefined;
  }
}

const copied = new Set();
/** @param {string} name @param {string} from @param {boolean} optional */
function copy(name, from, optional) {
  const dir = resolvePackage(name, from);
  if (!dir) {
    if (optional) return;
    throw new Error(`${name} (needed from ${relative(repo, from) || '.'}) is not installed`);
  }
  if (copied.has(dir)) return;
  copied.add(dir);
  cpSync(dir, join(target, relative(repo, dir)), {
    recursive: true,
    dereference: true,
    filter: (source) => !source.endsWith('/node_modules') || source === dir,
  });
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  for (const dependency of Object.keys(manifest.dependencies ?? {})) copy(dependency, dir, false);
  for (const dependency of Object.keys(manifest.optionalDependencies ?? {})) copy(dependency, dir, true);
}
for (const name of names) copy(name, repo, false);
console.log(`copied ${copied.size} packages into ${target}`);
