import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BUDGETS_FILE, budgetsFile, committedBudgets, risenBudgets, type BudgetLink } from '../../scripts/budget-ratchet.cjs';

/*
 * The byte budgets of bench/deep-links.json only go down (issue 33, docs/performance.md,
 * "Current figures and budgets"): each budget as it is now must be at most what it was in every
 * committed version git can show (HEAD, its first parent, the merge base with main).
 */

const ROOT = join(__dirname, '..', '..');

const link = (path: string, maxKB: Record<string, number>): BudgetLink => ({ path, maxKB });

describe('the deep links budget ratchet', () => {
  it('holds every budget at or below its committed previous value', () => {
    const now = JSON.parse(readFileSync(budgetsFile(ROOT), 'utf8')) as BudgetLink[];
    const versions = committedBudgets(ROOT);
    // A checkout without history would make this test pass on anything: it must find HEAD at least.
    expect(versions.map((version) => version.ref)).toContain('HEAD');
    for (const version of versions) {
      expect({ comparedWith: `${version.ref} (${version.commit})`, rises: risenBudgets(version.links, now) }).toEqual({
        comparedWith: `${version.ref} (${version.commit})`,
        rises: [],
      });
    }
  });

  it('names the link and target whose budget rose, and allows lower, new and removed ones', () => {
    const before = [link('/a', { host: 100, remote: 90 }), link('/b', { host: 50 }), link('/gone', { host: 10 })];
    const now = [link('/a', { host: 100.5, remote: 89 }), link('/b', { host: 50, remote: 40 }), link('/new', { host: 500 })];
    expect(risenBudgets(before, now)).toEqual([{ path: '/a', target: 'host', before: 100, now: 100.5 }]);
  });

  it('finds a raise committed on a branch several commits back, through the merge base with main', () => {
    const repo = mkdtempSync(join(tmpdir(), 'budget-ratchet-'));
    const run = (...args: string[]) =>
      execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', '-c', 'commit.gpgsign=false', ...args], {
        cwd: repo,
        stdio: 'pipe',
      });
    const write = (links: BudgetLink[]) => {
      mkdirSync(join(repo, 'bench'), { recursive: true });
      writeFileSync(join(repo, BUDGETS_FILE), JSON.stringify(links));
    };
    try {
      run('init', '-q', '-b', 'main');
      write([link('/a', { host: 100 })]);
      run('add', '.');
      run('commit', '-q', '-m', 'budgets');
      run('checkout', '-q', '-b', 'feature');
      write([link('/a', { host: 101 })]);
      run('commit', '-q', '-am', 'raise');
      writeFileSync(join(repo, 'other.txt'), 'x');
      run('add', '.');
      run('commit', '-q', '-m', 'something else');
      const now = JSON.parse(readFileSync(join(repo, BUDGETS_FILE), 'utf8')) as BudgetLink[];
      const rises = committedBudgets(repo).map((version) => [version.ref, risenBudgets(version.links, now).length]);
      // HEAD and HEAD~1 already hold the raise; main, where the branch left it, does not.
      expect(rises).toEqual([
        ['HEAD', 0],
        ['HEAD~1', 0],
        ['merge-base HEAD main', 1],
      ]);
    } finally {
      rmSync(repo, { recursive: true, force: true });
    }
  });
});
