import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { RouteObject } from 'react-router';
import { REMOTES } from '../../build-preset/apps.cjs';

/*
 * docs/routes.md is where a newcomer finds a screen's code, calls and tests: one section per app,
 * headed with its folder (`## Self-service (mfe-self-service)`), whose table's first column holds
 * the route paths. This test fails when a route a remote declares (its `src/routes.ts`, remotes
 * from apps.json) is missing from that remote's section, when the section lists a path the remote
 * no longer declares, and when a file the document links to does not exist.
 *
 * A remote with no section at all is warned about, not failed: `npm run new:remote` adds a remote
 * to apps.json, and a full `npm test` must pass right after it, before its squad documents it.
 * Once the section exists, every route of that remote is required.
 */

const ROOT = join(__dirname, '..', '..');
const DOC = join(ROOT, 'docs', 'routes.md');

/** Every path a route table matches, as React Router joins them (children under their parent). */
function fullPaths(routes: readonly RouteObject[], parent = ''): string[] {
  return routes.flatMap((route) => {
    const path = route.path === undefined ? parent : `${parent}/${route.path.replace(/^\/+/, '')}`;
    return [...(route.path === undefined ? [] : [path]), ...fullPaths(route.children ?? [], path)];
  });
}

/** As React Router matches: without regard to case, a trailing slash optional. */
const samePath = (path: string) => path.toLowerCase().replace(/\/+$/, '') || '/';

/** The text of each `## ` section whose heading names a folder in parentheses, by folder. */
export function sections(markdown: string): Map<string, string> {
  const found = new Map<string, string>();
  let folder: string | undefined;
  for (const line of markdown.split('\n')) {
    const heading = /^##\s+.*\(([\w-]+)\)\s*$/.exec(line);
    if (heading?.[1]) {
      folder = heading[1];
      found.set(folder, '');
    } else if (/^#{1,2}\s/.test(line)) folder = undefined;
    else if (folder !== undefined) found.set(folder, `${found.get(folder) ?? ''}${line}\n`);
  }
  return found;
}

/** The paths in the first cell of a section's table rows (code spans starting with `/`). */
export function documentedPaths(section: string): string[] {
  return section
    .split('\n')
    .filter((line) => line.startsWith('|') && !/^\|\s*-/.test(line))
    .flatMap((line) => [...(line.split('|')[1] ?? '').matchAll(/`(\/[^`]*)`/g)].map((match) => match[1] ?? ''));
}

/** What is wrong with a remote's section: routes missing, paths it lists that are no route. */
export function routeProblems(section: string, declared: readonly string[]): string[] {
  const documented = documentedPaths(section);
  const listed = new Set(documented.map(samePath));
  const routes = new Set(declared.map(samePath));
  return [
    ...declared.filter((path) => !listed.has(samePath(path))).map((path) => `${path} is not documented`),
    ...documented.filter((path) => !routes.has(samePath(path))).map((path) => `${path} is documented but not a route`),
  ];
}

/** Relative link targets: inline `[text](target)` and definitions `[label]: target`, fragments removed. */
export function linkTargets(markdown: string): string[] {
  const inline = [...markdown.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1] ?? '');
  const defined = [...markdown.matchAll(/^\[[^\]]+\]:\s*(\S+)/gm)].map((match) => match[1] ?? '');
  return [...inline, ...defined]
    .filter((target) => !/^([a-z][a-z+.-]*:|#)/i.test(target))
    .map((target) => target.replace(/#.*$/, ''))
    .filter((target) => target !== '');
}

/** Linked files that do not exist, relative to the document's folder. */
export function deadLinks(markdown: string, folder: string, exists: (path: string) => boolean = existsSync): string[] {
  return [...new Set(linkTargets(markdown))].filter((target) => !exists(resolve(folder, target)));
}

const markdown = readFileSync(DOC, 'utf8');
const documented = sections(markdown);

describe('docs/routes.md', () => {
  it('has a section for the host and for remotes of apps.json, and warns about a remote without one', () => {
    expect(documented.has('host')).toBe(true);
    const covered = REMOTES.filter((remote) => documented.has(remote.dir));
    expect(covered.length).toBeGreaterThan(0);
    for (const remote of REMOTES.filter((candidate) => !documented.has(candidate.dir)))
      console.warn(`docs/routes.md has no section for ${remote.dir} yet: add "## <area> (${remote.dir})" with its routes`);
  });

  it.each(REMOTES.filter((remote) => documented.has(remote.dir)).map((remote) => [remote.dir] as const))(
    'lists every route of %s, and only its routes',
    async (dir) => {
      const { routes } = (await import(join(ROOT, dir, 'src', 'routes.ts'))) as { routes: RouteObject[] };
      const declared = fullPaths(routes);
      expect(declared.length).toBeGreaterThan(0);
      expect(routeProblems(documented.get(dir) ?? '', declared)).toEqual([]);
    },
  );

  it('links only to files that exist', () => {
    expect(linkTargets(markdown).length).toBeGreaterThan(50);
    expect(deadLinks(markdown, dirname(DOC))).toEqual([]);
  });

  it('the checks can fail: a made-up route, a route gone from the code, a missing file', () => {
    const doc = [
      '# Routes',
      '## Area (mfe-area)',
      '| path | screen |',
      '| --- | --- |',
      '| `/area/list/`<br>`/area/old` | "Lista" [Page](../mfe-area/src/Page.tsx) |',
      '',
      '[spec]: ../e2e/tests/area.spec.ts#top',
      '## Notes',
      '`/area/new` is not in a section',
    ].join('\n');
    const section = sections(doc).get('mfe-area') ?? '';
    expect(documentedPaths(section)).toEqual(['/area/list/', '/area/old']);
    expect(routeProblems(section, ['/Area/list', '/area/new'])).toEqual([
      '/area/new is not documented',
      '/area/old is documented but not a route',
    ]);
    expect(sections(doc).has('mfe-other')).toBe(false);
    expect(linkTargets(`${doc}\n[site](https://example.com) [here](#routes)`)).toEqual([
      '../mfe-area/src/Page.tsx',
      '../e2e/tests/area.spec.ts',
    ]);
    expect(deadLinks(doc, join(ROOT, 'docs'))).toEqual(['../mfe-area/src/Page.tsx', '../e2e/tests/area.spec.ts']);
    expect(deadLinks(doc, join(ROOT, 'docs'), () => true)).toEqual([]);
  });
});
