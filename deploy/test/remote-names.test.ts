import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { APPS, REMOTES } from '../../build-preset/apps.cjs';

/*
 * apps.json is the one list of remotes (docs/ownership.md, "One list of apps"): no other file of
 * the repository names them by hand. A hand-written list is what a new remote would have to join
 * (and what silently leaves it untested when nobody does), so a file fails when it names three or
 * more remotes of apps.json (all of them when there are fewer), by folder, federation name,
 * package or image variable, or their ports (three or more remote origins, or a port range such
 * as `300[0-4]`). Naming one or two remotes is about those remotes (a test of one remote's
 * release, the sandbox's handler of a call two remotes make), not a list.
 */
const ROOT = join(__dirname, '..', '..');

/** Files allowed to name the remotes, and why. */
const ALLOWED: ReadonlyArray<[pattern: RegExp, why: string]> = [
  [/^apps\.json$/, 'the list itself'],
  [/^package-lock\.json$/, 'npm writes every workspace into it'],
  [/^(README\.md|docs\/.+\.md|[^/]+\/README\.md)$/, 'documents that explain the remotes by example'],
  [
    /^sandbox-api\/src\/contracts\.ts$/,
    "the typed call tables the sandbox's handlers answer; its list of tables (REMOTE_TABLES) is read from apps.json",
  ],
  ...REMOTES.map((remote): [RegExp, string] => [new RegExp(`^${remote.dir}/`), 'the remote’s own folder']),
];

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Every way a file can name a remote: folder, federation name, image version variable. */
const remoteNames = REMOTES.map((remote) => ({
  dir: remote.dir,
  pattern: new RegExp(
    [remote.dir, remote.name, `${remote.dir.toUpperCase().replace(/-/g, '_')}_VERSION`].map(escape).join('|') + '(?![\\w-])',
  ),
  origin: new RegExp(`(localhost|127\\.0\\.0\\.1):${remote.port}(?!\\d)`),
}));
const needed = Math.min(3, REMOTES.length);

/** Why a text names the remotes by hand, or undefined. */
export function handWrittenRemoteList(text: string): string | undefined {
  const named = remoteNames.filter((remote) => remote.pattern.test(text)).map((remote) => remote.dir);
  if (named.length >= needed) return `names ${named.join(', ')}`;
  const byPort = remoteNames.filter((remote) => remote.origin.test(text)).map((remote) => remote.dir);
  if (byPort.length >= needed) return `names the origins of ${byPort.join(', ')}`;
  const range = /(localhost|127\\?\.0\\?\.0\\?\.1):\d*\[\d-\d\]/.exec(text);
  if (range) return `names a range of ports: ${range[0]}`;
  return undefined;
}

function repositoryFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], { cwd: ROOT, encoding: 'utf8' });
  return listed.split('\0').filter((file) => file !== '');
}

describe('apps.json is the one list of remotes', () => {
  it('no file outside the allow-list names the remotes by hand', () => {
    const files = repositoryFiles();
    expect(files.length).toBeGreaterThan(100);
    const offenders = files
      .filter((file) => !ALLOWED.some(([pattern]) => pattern.test(file)))
      .flatMap((file) => {
        let text: string;
        try {
          text = readFileSync(join(ROOT, file), 'utf8');
        } catch {
          return []; // listed by git but deleted in the working tree
        }
        if (text.includes('\0')) return []; // binary
        const why = handWrittenRemoteList(text);
        return why ? [`${file} ${why}: derive them from apps.json (build-preset/apps.cjs, scripts/apps.mjs)`] : [];
      });
    expect(offenders).toEqual([]);
  });

  it('the check is not vacuous: a list of the remotes, their origins or a port range is caught; one remote is not', () => {
    expect(handWrittenRemoteList(REMOTES.map((remote) => `'${remote.dir}'`).join(', '))).toMatch(/^names /);
    expect(handWrittenRemoteList(REMOTES.map((remote) => remote.name).join(' '))).toMatch(/^names /);
    expect(handWrittenRemoteList(REMOTES.map((remote) => `http://localhost:${remote.port}`).join(' '))).toMatch(/^names the origins/);
    expect(handWrittenRemoteList(`PORTAL_APP_ORIGINS_REGEX: http://localhost:${300}[0-4]`)).toMatch(/^names a range/);
    expect(handWrittenRemoteList(`release ${REMOTES[0]?.dir ?? ''} --rollback`)).toBeUndefined();
  });

  // Issue 40, item 1: only a count of the apps or the remotes is flagged ("five apps", "all 4
  // remotes", "the four remote apps"), not every "six" or "6" (all six deep links of a benchmark,
  // all 6 digits of an SMS code), which said nothing about apps.json and turned red when a squad
  // scaffolded a remote.
  const words = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];
  const NOUNS = '(?:remote\\s+)?(?:remotes|micro-?frontends|apps|applications)';
  /** A phrase giving the number of apps or remotes of the suite, for counts `ns`. */
  const countOf = (ns: number[]) => {
    const numbers = ns.flatMap((n) => [String(n), words[n] ?? String(n)]).join('|');
    return new RegExp(`\\b(?:all\\s+|the\\s+|its\\s+|our\\s+)?(?:${numbers})\\s+${NOUNS}\\b`, 'i');
  };
  /** The counts a document could have written by hand: the apps, the remotes, and both once a remote is added. */
  const counts = [...new Set([REMOTES.length, APPS.length, REMOTES.length + 1, APPS.length + 1])];

  it('the documents say "the remotes of apps.json", never how many there are', () => {
    const pattern = countOf(counts);
    const documents = repositoryFiles().filter((file) => /^(README\.md|docs\/.+\.md|[^/]+\/README\.md)$/.test(file));
    expect(documents.length).toBeGreaterThan(3);
    const counted = documents.flatMap((file) => {
      let text: string;
      try {
        text = readFileSync(join(ROOT, file), 'utf8');
      } catch {
        return []; // listed by git but deleted in the working tree
      }
      const found = pattern.exec(text);
      return found ? [`${file}: "${found[0]}": say "the remotes of apps.json" (a count goes stale with the next remote)`] : [];
    });
    expect(counted).toEqual([]);
  });

  it('the count check is precise: counts of apps or remotes are caught, other counts are not', () => {
    const n = REMOTES.length;
    const pattern = countOf(counts);
    for (const text of [
      `the ${words[n] ?? n} remotes`,
      `all ${n} apps`,
      `${words[n + 1] ?? n + 1} micro-frontends`,
      `the ${words[n] ?? n} remote apps`,
    ])
      expect(pattern.test(text)).toBe(true);
    for (const text of [
      `all ${words[APPS.length + 1] ?? ''} deep links`,
      `all ${APPS.length + 1} digits of the SMS code`,
      `all ${words[n] ?? n} of its tests`,
      `${n} appointments`,
    ])
      expect(pattern.test(text)).toBe(false);
  });
});
