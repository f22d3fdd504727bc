import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { freshRemote } from './fresh-remote';

/*
 * Issue 40, item 1: after `npm run new:remote`, the repository's own tests still pass with the
 * new remote in apps.json (a squad's scaffold once turned six tests outside its folder red). A
 * scratch copy of the repository gets a remote under a name no one uses, then the unit tests that
 * iterate apps.json run in it. Those tests, not a whole `npm test` in the copy: that (typecheck,
 * lint, every project, the browser passes) takes tens of minutes on CI's 2 cores; the remote's own
 * tests, typecheck, lint and its nginx release are e2e/tests/deploy-new-remote.spec.ts.
 */
const ROOT = join(__dirname, '..', '..');
/** The checks that read apps.json and would trip on a new entry. */
const CHECKS = [
  'deploy/test/remote-names.test.ts',
  'deploy/test/docs.test.ts',
  'deploy/test/apps-validate.test.ts',
  'deploy/test/new-remote.test.ts',
  'deploy/test/remote-list.test.ts',
  'deploy/test/build-inputs.test.ts',
  'deploy/test/release-prefixes.test.ts',
];

/** The repository's files as git sees them, copied; node_modules linked, the workspaces pointing at the copy's folders. */
function scratchCopy(): string {
  const root = mkdtempSync(join(tmpdir(), 'portal-scaffold-'));
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], { cwd: ROOT, encoding: 'utf8' });
  for (const file of listed.split('\0').filter((name) => name !== '' && existsSync(join(ROOT, name)))) {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    copyFileSync(join(ROOT, file), join(root, file));
  }
  mkdirSync(join(root, 'node_modules', '@driver-portal'), { recursive: true });
  for (const name of readdirSync(join(ROOT, 'node_modules')))
    if (name !== '@driver-portal') symlinkSync(join(ROOT, 'node_modules', name), join(root, 'node_modules', name));
  for (const name of readdirSync(join(ROOT, 'node_modules', '@driver-portal')))
    symlinkSync(readlinkSync(join(ROOT, 'node_modules', '@driver-portal', name)), join(root, 'node_modules', '@driver-portal', name));
  // The name check lists files through git, as in a clone.
  execFileSync('git', ['init', '-q'], { cwd: root });
  return root;
}

describe('a scaffolded remote keeps the repository’s tests green', () => {
  let copy: string;
  afterAll(() => {
    if (copy) rmSync(copy, { recursive: true, force: true });
  });

  it('new:remote in a scratch copy, then the tests that iterate apps.json pass there', () => {
    copy = scratchCopy();
    const remote = freshRemote();
    const scaffold = spawnSync(
      process.execPath,
      ['scripts/new-remote.mjs', remote.dir, '--port', String(remote.port), '--prefix', remote.prefix, '--title', 'Recompensas'],
      { cwd: copy, encoding: 'utf8' },
    );
    expect(scaffold.stderr).toBe('');
    expect(scaffold.status).toBe(0);
    const suite = JSON.parse(readFileSync(join(copy, 'apps.json'), 'utf8')) as { remotes: Array<{ app: string }> };
    expect(suite.remotes.at(-1)?.app).toBe(remote.dir);

    const jest = spawnSync(
      process.execPath,
      [join(copy, 'node_modules', 'jest', 'bin', 'jest.js'), '--ci', '--selectProjects', 'deploy', '--runTestsByPath', ...CHECKS],
      { cwd: copy, encoding: 'utf8', env: { ...process.env, INIT_CWD: copy } },
    );
    const summary = /Tests:.*$/m.exec(jest.stderr)?.[0] ?? '';
    // What a squad would read: the failing tests' names and messages.
    if (jest.status !== 0) console.log(jest.stderr.slice(-6000));
    expect({ status: jest.status, summary }).toEqual({ status: 0, summary: expect.stringMatching(/^Tests:\s+\d+ passed, \d+ total/) });
    // Every check ran in the copy (not vacuous).
    for (const check of CHECKS) expect(jest.stderr).toContain(check);
  }, 180_000);
});
