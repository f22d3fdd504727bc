// @ts-check
/**
 * The byte budgets of bench/deep-links.json only go down (issue 33): a change that needs more
 * bytes on a deep link takes them back elsewhere in the same change. This module compares the
 * budgets as they are with the budgets as they were committed before; the unit test
 * (deploy/test/budget-ratchet.test.ts) fails when one rose.
 *
 * "Before" is every one of these that git can show (a fresh CI clone of main has its history):
 * - HEAD: an edit not committed yet;
 * - HEAD~1, the first parent: on main after a merge, main as it was before the merge;
 * - the merge base with the main branch: on a branch, main where the branch left it, so a
 *   raise committed several commits back is still caught.
 */
const { execFileSync } = require('node:child_process');
const path = require('node:path');

const BUDGETS_FILE = 'bench/deep-links.json';
/** Where the main branch may be found, first found wins (a CI clone has origin/main, a worktree main). */
const MAIN_REFS = ['origin/main', 'main'];

/**
 * @typedef {{ path: string, maxKB?: Record<string, number> }} BudgetLink
 * @typedef {{ path: string, target: string, before: number, now: number }} Rise
 */

/**
 * Budgets that rose from `before` to `now`, by link path and target (host, remote...). A link
 * or target new in `now` has no previous budget (allowed); one dropped from `now` is allowed.
 * @param {readonly BudgetLink[]} before
 * @param {readonly BudgetLink[]} now
 * @returns {Rise[]}
 */
function risenBudgets(before, now) {
  const previous = new Map(before.map((link) => [link.path, link.maxKB ?? {}]));
  /** @type {Rise[]} */
  const rises = [];
  for (const link of now) {
    const old = previous.get(link.path);
    if (!old) continue;
    for (const [target, kb] of Object.entries(link.maxKB ?? {})) {
      const was = old[target];
      if (typeof was === 'number' && kb > was) rises.push({ path: link.path, target, before: was, now: kb });
    }
  }
  return rises;
}

/** @param {string} root @param {string[]} args */
function git(root, args) {
  try {
    return execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return undefined;
  }
}

/**
 * The committed versions of the budgets to compare with: `{ ref, commit, links }` for each of
 * HEAD, HEAD~1 and the merge base with main that exists (duplicates by commit dropped).
 * @param {string} root the repository's folder
 * @returns {{ ref: string, commit: string, links: BudgetLink[] }[]}
 */
function committedBudgets(root) {
  /** @type {{ ref: string, commit: string }[]} */
  const candidates = [];
  const add = (/** @type {string} */ ref, /** @type {string | undefined} */ commit) => {
    if (commit && !candidates.some((candidate) => candidate.commit === commit)) candidates.push({ ref, commit });
  };
  add('HEAD', git(root, ['rev-parse', '--verify', '--quiet', 'HEAD']));
  add('HEAD~1', git(root, ['rev-parse', '--verify', '--quiet', 'HEAD~1']));
  for (const main of MAIN_REFS) {
    if (!git(root, ['rev-parse', '--verify', '--quiet', main])) continue;
    add(`merge-base HEAD ${main}`, git(root, ['merge-base', 'HEAD', main]));
    break;
  }
  return candidates.flatMap(({ ref, commit }) => {
    const text = git(root, ['show', `${commit}:${BUDGETS_FILE}`]);
    // A commit before the budgets existed has nothing to compare with.
    return text === undefined ? [] : [{ ref, commit, links: JSON.parse(text) }];
  });
}

/** @param {string} root */
const budgetsFile = (root) => path.join(root, BUDGETS_FILE);

module.exports = { BUDGETS_FILE, MAIN_REFS, risenBudgets, committedBudgets, budgetsFile };
