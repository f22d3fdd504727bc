// A squad's checkout, made from this one: the repository's files as git sees them (no builds,
// caches, deployments or node_modules) copied into a new folder, and a node_modules whose
// packages are this checkout's but whose workspaces (@driver-portal/*) are the copy's folders,
// as `npm install` in a fresh clone makes them. The copy is a git repository of its own (the
// checks that list files through git read it as a clone). Used by scripts/scaffold-check.mjs and
// e2e/tests/deploy-new-remote.spec.ts.
'use strict';

const { execFileSync } = require('node:child_process');
const { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readlinkSync, symlinkSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { dirname, join, relative, resolve } = require('node:path');

const REPO = join(__dirname, '..');

/**
 * @param {string} prefix the folder name's start (under the system's temporary folder)
 * @returns {string} the copy's root
 */
function scratchCopy(prefix) {
  const root = mkdtempSync(join(tmpdir(), prefix));
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], { cwd: REPO, encoding: 'utf8' });
  for (const file of listed.split('\0').filter((name) => name !== '' && existsSync(join(REPO, name)))) {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    copyFileSync(join(REPO, file), join(root, file));
  }
  const modules = join(REPO, 'node_modules');
  mkdirSync(join(root, 'node_modules', '@driver-portal'), { recursive: true });
  for (const name of readdirSync(modules)) {
    if (name !== '@driver-portal') symlinkSync(join(modules, name), join(root, 'node_modules', name));
  }
  for (const name of readdirSync(join(modules, '@driver-portal'))) {
    // A workspace link is relative (../../mfe-x): the same link in the copy names the copy's folder.
    const link = readlinkSync(join(modules, '@driver-portal', name));
    const target = resolve(join(modules, '@driver-portal'), link);
    symlinkSync(
      relative(join(root, 'node_modules', '@driver-portal'), join(root, relative(REPO, target))),
      join(root, 'node_modules', '@driver-portal', name),
    );
  }
  execFileSync('git', ['init', '-q'], { cwd: root });
  return root;
}

module.exports = { scratchCopy };
