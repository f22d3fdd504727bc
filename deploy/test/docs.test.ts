import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative, sep } from 'node:path';

/*
 * The docs are short pages that point at each other and are pointed at from the code. Every
 * pointer `docs/<file>.md, "Heading"` (in any file) must name a heading that exists in that file,
 * and every relative link of a markdown file must land on a file, and its `#anchor` on a heading,
 * or squads land nowhere. The product rules live in the repository (docs/product-rules.md): the
 * documents they were first written from are not part of it, so nothing may point to them again.
 */

const ROOT = join(__dirname, '..', '..');
const RULES = 'docs/product-rules.md';

/** References to the outside product documents (two numbered specifications, a decisions file). */
const OUTSIDE_REFERENCES: readonly RegExp[] = [/\bseed[ -]?[12]\b/i, /\bDECISIONS\b/, /\bsections? \d/i, /shared\/spec\b/];

/** Files left out of the checks: this test (it spells the patterns) and the lock file. */
const NOT_CHECKED = new Set(['deploy/test/docs.test.ts', 'package-lock.json']);

/**
 * `docs/<file>.md, "Heading"` or `docs/<file>.md ("Heading")`; the pointer may wrap onto a
 * comment's next line, inside the heading too, and its quotes may be escaped (a JSON string).
 */
const POINTER = /docs\/([\w./-]+?\.md)(?:,|\s*\()\s*(?:(?:\*|\/\/|#)\s*)?\\?"([^"\\]{1,160})\\?"/g;

/** A heading written in angle brackets is a placeholder of the pointer's form, not a pointer. */
const PLACEHOLDER = /^<[^>]+>$/;

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

/** Lines of a markdown text outside fenced code blocks, with their numbers. */
function proseLines(markdown: string): Array<{ line: number; text: string }> {
  const lines: Array<{ line: number; text: string }> = [];
  let fenced = false;
  markdown.split('\n').forEach((text, index) => {
    if (/^\s*```/.test(text)) fenced = !fenced;
    else if (!fenced) lines.push({ line: index + 1, text });
  });
  return lines;
}

/** Headings of a markdown text, as written (inline code marks removed). */
function headings(markdown: string): Set<string> {
  const found = new Set<string>();
  for (const { text } of proseLines(markdown)) {
    const match = /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(text);
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

/** Every anchor a markdown text has: its headings', a repeated one also with -1, -2, ... */
function anchors(markdown: string): Set<string> {
  const found = new Set<string>();
  const seen = new Map<string, number>();
  for (const { text } of proseLines(markdown)) {
    const match = /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(text);
    if (!match?.[1]) continue;
    const base = anchor(match[1].replace(/\[([^\]]*)\]\([^)]*\)/g, '$1'));
    const count = seen.get(base) ?? 0;
    found.add(count === 0 ? base : `${base}-${count}`);
    seen.set(base, count + 1);
  }
  return found;
}

/** A heading as written in a pointer: wrapped lines (and their comment marks) joined by a space. */
function pointerHeading(raw: string): string {
  return raw.replace(/\s*\n\s*(?:\*|\/\/|#)?\s*/g, ' ').trim();
}

function pointers(file: string, text: string): Array<Finding & { target: string; heading: string }> {
  return [...text.matchAll(POINTER)].map((match) => {
    const line = text.slice(0, match.index).split('\n').length;
    return { file, line, text: match[0], target: `docs/${match[1] ?? ''}`, heading: pointerHeading(match[2] ?? '') };
  });
}

/** Relative links of a markdown file (outside code), each with its path and anchor. */
function links(file: string, markdown: string): Array<Finding & { path: string; hash: string | undefined }> {
  return proseLines(markdown).flatMap(({ line, text }) =>
    [...text.replace(/`[^`]*`/g, '').matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].flatMap((match) => {
      const href = match[1] ?? '';
      if (/^[a-z][a-z0-9+.-]*:/i.test(href)) return []; // https:, mailto:
      const [path = '', hash] = href.split('#');
      return [{ file, line, text: href, path, hash }];
    }),
  );
}

const files = repositoryFiles()
  .map((file) => ({ file, text: readText(file) }))
  .filter((entry): entry is { file: string; text: string } => entry.text !== undefined);
const byName = new Map(files.map(({ file, text }) => [file, text]));
const markdownFiles = files.filter(({ file }) => file.endsWith('.md') && !file.split('/').some((part) => SKIPPED_DIRS.has(part)));

/** What a pointer names that does not exist: the file, or the heading in it. */
function pointerProblem(target: string, heading: string): string | undefined {
  if (PLACEHOLDER.test(heading)) return undefined;
  const text = byName.get(target);
  if (text === undefined) return `no file ${target}`;
  return headings(text).has(heading) ? undefined : `no heading "${heading}" in ${target}`;
}

/** What a link of `from` names that does not exist: the file, or the anchor in it. */
function linkProblem(from: string, path: string, hash: string | undefined): string | undefined {
  const target =
    path === ''
      ? from
      : normalize(join(dirname(from), decodeURIComponent(path)))
          .split(sep)
          .join('/');
  if (target.startsWith('..')) return `${path} leaves the repository`;
  const full = join(ROOT, target);
  if (!existsSync(full)) return `no file ${target}`;
  if (hash === undefined || hash === '') return undefined;
  if (!target.endsWith('.md') || statSync(full).isDirectory()) return `#${hash} on ${target}, which is no markdown file`;
  return anchors(readFileSync(full, 'utf8')).has(hash) ? undefined : `no heading #${hash} in ${target}`;
}

describe('the docs land where they point', () => {
  it('finds the files it checks and the headings of the docs', () => {
    expect(files.map(({ file }) => file)).toEqual(
      expect.arrayContaining([RULES, 'README.md', 'shared/src/http/index.ts', 'sandbox-api/README.md']),
    );
    expect([...headings(byName.get(RULES) ?? '')]).toEqual(
      expect.arrayContaining(['Route table', 'Calls', 'Errors', 'Formats', 'Decisions']),
    );
    expect(markdownFiles.length).toBeGreaterThan(5);
  });

  it('flags a reference to the outside documents, a missing heading and a broken link (the checks can fail)', () => {
    expect(outsideReferences('a.ts', '// ok\n/** see seed 2 section 4 */')).toEqual([
      { file: 'a.ts', line: 2, text: '/** see seed 2 section 4 */' },
    ]);
    expect(outsideReferences('a.ts', '// DECISIONS 1')).toHaveLength(1);
    expect(outsideReferences('a.ts', '// Decisions (the spec is silent): newest first')).toEqual([]);

    const found = pointers(
      'a.ts',
      '/**\n * Calls (docs/product-rules.md,\n * "Nowhere"), then docs/security.md ("Session\n * handoff").\n */',
    );
    expect(found).toEqual([
      expect.objectContaining({ line: 2, target: RULES, heading: 'Nowhere' }),
      expect.objectContaining({ line: 3, target: 'docs/security.md', heading: 'Session handoff' }),
    ]);
    expect(pointers('a.json', '{ "$comment": "see docs/security.md, \\"Access logs\\"" }')).toEqual([
      expect.objectContaining({ target: 'docs/security.md', heading: 'Access logs' }),
    ]);
    expect(pointerProblem(RULES, 'Nowhere')).toBe(`no heading "Nowhere" in ${RULES}`);
    expect(pointerProblem('docs/nowhere.md', 'Calls')).toBe('no file docs/nowhere.md');
    expect(pointerProblem('docs/security.md', 'Session handoff')).toBeUndefined();
    expect(pointerProblem(RULES, '<heading>')).toBeUndefined();

    const found2 = links(
      'docs/a.md',
      '[x](security.md#nowhere) [y](../README.md) `[z](gone.md)`\n```\n[w](gone.md)\n```\n[v](https://example.com/x)',
    );
    expect(found2.map(({ text }) => text)).toEqual(['security.md#nowhere', '../README.md']);
    expect(linkProblem('docs/a.md', 'security.md', 'nowhere')).toBe('no heading #nowhere in docs/security.md');
    expect(linkProblem('docs/a.md', 'gone.md', undefined)).toBe('no file docs/gone.md');
    expect(linkProblem('docs/a.md', 'security.md', 'session-handoff')).toBeUndefined();
    expect(linkProblem('README.md', 'docs/decisions/', undefined)).toBeUndefined();
    expect(anchor("The canary's verdict")).toBe('the-canarys-verdict');
    expect(anchors('# A\n## B\n## B\n```\n## C\n```')).toEqual(new Set(['a', 'b', 'b-1']));
  });

  it('no file references the outside product documents', () => {
    const found = files.filter(({ file }) => !NOT_CHECKED.has(file)).flatMap(({ file, text }) => outsideReferences(file, text));
    expect(found).toEqual([]);
  });

  it('every docs/<file>.md, "Heading" pointer names a heading of that file', () => {
    const all = files.filter(({ file }) => !NOT_CHECKED.has(file)).flatMap(({ file, text }) => pointers(file, text));
    expect(all.filter(({ target }) => target === RULES).length).toBeGreaterThan(20);
    expect(all.filter(({ target }) => target !== RULES).length).toBeGreaterThan(20);
    const broken = all.flatMap((pointer) => {
      const problem = pointerProblem(pointer.target, pointer.heading);
      return problem === undefined ? [] : [{ file: pointer.file, line: pointer.line, problem }];
    });
    expect(broken).toEqual([]);
  });

  it('every mention of docs/product-rules.md in code names a section', () => {
    const code = files.filter(({ file }) => /\.(c|m)?[jt]sx?$|\.css$|\.ya?ml$|\.conf(\.template)?$/.test(file) && !NOT_CHECKED.has(file));
    const bare = code.flatMap(({ file, text }) => {
      const mentions = text.split(RULES).length - 1;
      return mentions === pointers(file, text).filter(({ target }) => target === RULES).length ? [] : [file];
    });
    expect(bare).toEqual([]);
  });

  it('every relative link of a markdown file lands on a file, and its anchor on a heading', () => {
    const all = markdownFiles.flatMap(({ file, text }) => links(file, text));
    expect(all.filter(({ hash }) => hash !== undefined).length).toBeGreaterThan(10);
    const broken = all.flatMap((link) => {
      const problem = linkProblem(link.file, link.path, link.hash);
      return problem === undefined ? [] : [{ file: link.file, line: link.line, problem }];
    });
    expect(broken).toEqual([]);
  });
});
