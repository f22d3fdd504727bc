// What an app's production build is made of, as one content hash: `npm start` rebuilds an app
// when the hash differs from the one recorded by its last build (scripts/build.mjs --changed).
// Inputs: the app's own folder, the platform (shared/), the build preset, the part of apps.json
// its build reads (appsInput), the runtime configuration and the locked dependencies.
// Tests are not bundled and are left out, as are builds and caches.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', 'sourcemaps', '@mf-types', '.cache', 'coverage']);
const isTest = (name) => /\.test\.[cm]?[jt]sx?$/.test(name);

function filesOf(path, files = []) {
  if (!existsSync(path)) return files;
  if (!statSync(path).isDirectory()) {
    files.push(path);
    return files;
  }
  for (const name of readdirSync(path).sort()) {
    const child = join(path, name);
    if (statSync(child).isDirectory()) {
      if (!SKIPPED_FOLDERS.has(name)) filesOf(child, files);
    } else if (!isTest(name)) files.push(child);
  }
  return files;
}

/**
 * The part of apps.json `dir`'s build reads, so an edit of one remote's entry rebuilds that remote
 * and the host, not every app (build-preset/index.cjs):
 * - the host: its own entry and the remote list it emits (remotes.json: each remote's name, port
 *   and prefixes; `camera` is the servers' header, not the build's);
 * - a remote: its own entry (name, port; its routes.ts reads its prefixes) and the host's entry
 *   (the origin its dev server and page answer). Its routes.ts imports the whole file, so its
 *   bundle also carries the other entries' bytes; it reads only its own, hence they are left out.
 * An app not in the list (or a list that does not parse) takes the whole file, as before.
 */
export function appsInput(text, dir) {
  let suite;
  try {
    suite = JSON.parse(text);
  } catch {
    return text;
  }
  const remotes = Array.isArray(suite?.remotes) ? suite.remotes : [];
  if (suite?.host?.app === dir)
    return JSON.stringify({ host: suite.host, remotes: remotes.map(({ app, port, prefixes }) => ({ app, port, prefixes })) });
  const own = remotes.find((entry) => entry?.app === dir);
  return own ? JSON.stringify({ host: suite.host, remote: own }) : text;
}

/** The content hash of what `dir`'s build reads, in the checkout `root`. */
export function buildInputsHash(root, dir) {
  const hash = createHash('sha256');
  const inputs = [dir, 'shared', 'build-preset', 'config', 'package-lock.json', 'tsconfig.json'];
  for (const file of inputs.flatMap((input) => filesOf(join(root, input)))) {
    hash.update(relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  const list = join(root, 'apps.json');
  if (existsSync(list))
    hash
      .update('apps.json\0')
      .update(appsInput(readFileSync(list, 'utf8'), dir))
      .update('\0');
  return hash.digest('hex');
}

/** Where the hash of an app's last build is kept (outside dist: nothing extra is served or released). */
const recordOf = (root, dir) => join(root, '.cache', 'build-inputs', `${dir}.sha256`);

/** Why `dir` needs a build, or undefined when its last build is of the current sources. */
export function rebuildReason(root, dir, hash = buildInputsHash(root, dir)) {
  if (!existsSync(join(root, dir, 'dist', 'index.html'))) return 'never built';
  const record = recordOf(root, dir);
  if (!existsSync(record)) return 'built before its sources were recorded';
  return readFileSync(record, 'utf8').trim() === hash ? undefined : 'sources changed since its last build';
}

export function recordBuild(root, dir, hash) {
  const record = recordOf(root, dir);
  mkdirSync(dirname(record), { recursive: true });
  writeFileSync(record, `${hash}\n`);
}
