import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/*
 * The product rules live in the repository (docs/product-rules.md). The documents they were
 * first written from are not part of it, so nothing may point to them again, and every pointer
 * to docs/product-rules.md must name a heading that exists, or squads land nowhere.
 */

const ROOT = join(__dirname, '..', '..');
const RULES = 'docs/product-rules.md';

/** References to the outside product documents (two numbered specifications, a decisions file). */
const OUTSIDE_REFERENCES: readonly RegExp[] = [/\bseed[ -]?[12]\b/i, /\bDECISIONS\b/, /\bsections? \d/i, /shared\/spec\b/];

/**
 * Files left out of the reference check: this test (it spells the patterns), the lock file, and
 * the root README, edited by its own maintainers (its session line still names an outside
 * document; drop it from here once that line points to docs/product-rules.md).
 */
const NOT_CHECKED = new Set(['deploy/test/docs.test.ts', 'package-lock.json']);

/** `docs/product-rules.md, "Heading"`, the pointer may wrap onto a comment's next line. */
const POINTER = /docs\/product-rules\.md,\s*(?:(?:\*|\/\/|#)\s*)?"([^"\n]+)"/g;

const SKIPPED_DIRS = new Set(['node_modules', 'dist', '.tmp', '.git', 'test-results', 'playwright-report', 'coverage', '.deploy']);

/** Tracked files and new ones not ignored; a plain walk where git is unavailable. */
function repositoryFiles(): string[] {
  try {
    const out = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], { cwd: ROOT, encoding: 'utf8' });
    return out.split('\0').filter((file) => file !== '');
  } catch {
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        if (SKIPPED_DIRS.has(name)) continue;
        const full = join(dir, name);
        if (statSync(full).isDirectory()) walk(full);
        else files.push(relative(ROOT, full).split(sep).join('/'));
      }
    };
    walk(ROOT);
    return files;
  }
}

function readText(file: string): string | undefined {
  try {
    const text = readFileSync(join(ROOT, file), 'utf8');
    return text.includes('\0') ? undefined : text;
  } catch {
    return undefined; // listed by git but deleted in the work tree
  }
}

interface Finding {
  file: string;
  line: number;
  text: string;
}

function outsideReferences(file: string, text: string): Finding[] {
  return text
    .split('\n')
    .map((line, index) => ({ file, line: index + 1, text: line.trim() }))
    .filter(({ text: line }) => OUTSIDE_REFERENCES.some((pattern) => pattern.test(line)));
}

/** Headings of a markdown text, as written (inline code marks removed). */
function headings(markdown: string): Set<string> {
  const found = new Set<string>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*```/.test(line)) fenced = !fenced;
    const match = fenced ? null : /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line);
    if (match?.[1]) found.add(match[1].replace(/`/g, ''));
  }
  return found;
}

/** GitHub's anchor of a heading. */
function anchor(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function pointers(file: string, text: string): Array<Finding & { heading: string }> {
  return [...text.matchAll(POINTER)].map((match) => {
    const line = text.slice(0, match.index).split('\n').length;
    return { file, line, text: match[0], heading: match[1] ?? '' };
  });
}

const rules = readFileSync(join(ROOT, RULES), 'utf8');
const ruleHeadings = headings(rules);
const files = repositoryFiles()
  .map((file) => ({ file, text: readText(file) }))
  .filter((entry): entry is { file: string; text: string } => entry.text !== undefined);

describe('the product rules live in the repository', () => {
  it('finds the files it checks and the headings of docs/product-rules.md', () => {
    expect(files.map(({ file }) => file)).toEqual(expect.arrayContaining([RULES, 'shared/src/http/index.ts', 'sandbox-api/README.md']));
    expect([...ruleHeadings]).toEqual(expect.arrayContaining(['Route table', 'Calls', 'Errors', 'Formats', 'Decisions']));
  });

  it('flags a reference to the outside documents and a pointer to a missing heading (the checks can fail)', () => {
    expect(outsideReferences('a.ts', '// ok\n/** see seed 2 section 4 */')).toEqual([
      { file: 'a.ts', line: 2, text: '/** see seed 2 section 4 */' },
    ]);
    expect(outsideReferences('a.ts', '// DECISIONS 1')).toHaveLength(1);
    expect(outsideReferences('a.ts', '// Decisions (the spec is silent): newest first')).toEqual([]);
    const found = pointers('a.ts', '/**\n * Calls (docs/product-rules.md,\n * "Nowhere").\n */');
    expect(found).toEqual([expect.objectContaining({ line: 2, heading: 'Nowhere' })]);
    expect(ruleHeadings.has('Nowhere')).toBe(false);
  });

  it('no file references the outside product documents', () => {
    const found = files.filter(({ file }) => !NOT_CHECKED.has(file)).flatMap(({ file, text }) => outsideReferences(file, text));
    expect(found).toEqual([]);
  });

  it('every docs/product-rules.md pointer names a heading of the file', () => {
    const all = files
      .filter(({ file }) => file !== RULES && file !== 'deploy/test/docs.test.ts')
      .flatMap(({ file, text }) => pointers(file, text));
    expect(all.length).toBeGreaterThan(20);
    expect(all.filter(({ heading }) => !ruleHeadings.has(heading))).toEqual([]);
  });

  it('every mention of docs/product-rules.md in code names a section', () => {
    const code = files.filter(
      ({ file }) => /\.(c|m)?[jt]sx?$|\.css$|\.ya?ml$|\.conf(\.template)?$/.test(file) && file !== 'deploy/test/docs.test.ts',
    );
    const bare = code.flatMap(({ file, text }) => {
      const mentions = text.split('docs/product-rules.md').length - 1;
      return mentions === pointers(file, text).length ? [] : [file];
    });
    expect(bare).toEqual([]);
  });

  it("the file's own links to its sections land on a heading", () => {
    const anchors = new Set([...ruleHeadings].map(anchor));
    const links = [...rules.matchAll(/\]\(#([^)]+)\)/g)].map((match) => match[1]);
    expect(links.length).toBeGreaterThan(0);
    expect(links.filter((link) => link === undefined || !anchors.has(link))).toEqual([]);
  });
});
