// @ts-check
/** Files of a folder and a content hash of them: release ids, and the "host unchanged" check. */
const { createHash } = require('node:crypto');
const { readdirSync, readFileSync, statSync } = require('node:fs');
const { join, relative } = require('node:path');

/**
 * Every file below `folder` (following symbolic links), sorted.
 * @param {string} folder
 * @returns {string[]}
 */
function listFiles(folder) {
  /** @type {string[]} */
  const files = [];
  /** @param {string} current */
  const walk = (current) => {
    for (const name of readdirSync(current).sort()) {
      const path = join(current, name);
      if (statSync(path).isDirectory()) walk(path);
      else files.push(path);
    }
  };
  walk(folder);
  return files;
}

/**
 * sha256 of the relative paths and contents of every file below `folder`.
 * @param {string} folder
 */
function hashTree(folder) {
  const hash = createHash('sha256');
  for (const file of listFiles(folder)) hash.update(relative(folder, file)).update(readFileSync(file));
  return hash.digest('hex');
}

module.exports = { listFiles, hashTree };
