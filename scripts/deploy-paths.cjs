// @ts-check
/**
 * Every write and delete of the deployment scripts (start-nginx, release-remote, add-remote,
 * nginx-config) stays inside its deployment folder (issue 37, item 4: an app named
 * `../../../../../tmp/x` and a release `--id ../../../tmp/x` once wrote, linked and deleted
 * outside `.deploy`). The names are validated where they come in (build-preset/apps-validate.cjs);
 * this is the last check, right before the file system is touched.
 */
const { existsSync, lstatSync, readlinkSync, realpathSync } = require('node:fs');
const { basename, dirname, isAbsolute, join, relative, resolve } = require('node:path');

/** Whether `target` is `root` or under it (both absolute and normalised). */
function within(/** @type {string} */ root, /** @type {string} */ target) {
  const rel = relative(root, target);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

/**
 * The path with every symbolic link of its existing part resolved: the deepest folder that
 * exists is read with realpath, the rest (not created yet) is appended as written.
 */
function realPath(/** @type {string} */ path) {
  const rest = [];
  let existing = path;
  while (!existsSync(existing)) {
    const parent = dirname(existing);
    if (parent === existing) break;
    rest.unshift(basename(existing));
    existing = parent;
  }
  return join(realpathSync(existing), ...rest);
}

/**
 * `target` resolved, if it lies strictly inside `root`, else throws. The folders above it are
 * read through their symbolic links (a link to elsewhere does not count as inside); the last
 * part is not followed when it is itself a link, since removing, renaming or replacing a link
 * touches only the link (pass `{ followLast: true }` for a copy or write that would follow it).
 * @param {string} root the deployment folder
 * @param {string} target
 * @param {{ followLast?: boolean }} [options]
 * @returns {string}
 */
function insideRoot(root, target, { followLast = false } = {}) {
  const base = resolve(root);
  const path = resolve(target);
  const refuse = () => {
    throw new Error(`refused: ${target} is not inside the deployment folder ${base}`);
  };
  if (path === base || !within(base, path)) refuse();
  const realBase = realPath(base);
  let real = join(realPath(dirname(path)), basename(path));
  // A link as the last part, when the operation follows it: where it points must be inside too
  // (a dangling link included: writing through it would create its target).
  if (followLast && isLink(real)) real = realPath(resolve(dirname(real), readlinkSync(real)));
  if (real === realBase || !within(realBase, real)) refuse();
  return path;
}

function isLink(/** @type {string} */ path) {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}

module.exports = { insideRoot };
