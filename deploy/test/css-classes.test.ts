import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { APPS } from '../../build-preset/apps.cjs';

/*
 * Every app's CSS is global once its screen has loaded, and the host keeps every remote's styles
 * it has loaded for the rest of the visit: a class two apps style differently is styled by
 * whichever loaded last (the card's checkbox took the onboarding's layout that way). So a class
 * an app's own CSS names is that app's alone; what several apps share is the platform's
 * (shared/src, its CSS travels with its components).
 */

const ROOT = join(__dirname, '..', '..');

function cssFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : cssFiles(path);
    return entry.name.endsWith('.css') ? [path] : [];
  });
}

/** The class names the selectors of these files mention. */
function classesOf(files: readonly string[]): Set<string> {
  const classes = new Set<string>();
  for (const file of files) {
    const css = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
    for (const [, selectors = ''] of css.matchAll(/([^{}]+)\{/g)) {
      for (const [, name = ''] of selectors.matchAll(/\.([A-Za-z_][\w-]*)/g)) classes.add(name);
    }
  }
  return classes;
}

it('no class is styled by two apps, unless it is the platform’s', () => {
  const platform = classesOf(cssFiles(join(ROOT, 'shared', 'src')));
  const owners = new Map<string, string[]>();
  for (const app of APPS) {
    for (const name of classesOf(cssFiles(join(ROOT, app.dir, 'src')))) {
      if (!platform.has(name)) owners.set(name, [...(owners.get(name) ?? []), app.dir]);
    }
  }
  const shared = [...owners].filter(([, apps]) => apps.length > 1).map(([name, apps]) => `.${name}: ${apps.join(', ')}`);
  expect(shared).toEqual([]);
});

it('reads every app’s styles (a rule that checks nothing cannot fail)', () => {
  for (const app of APPS) expect(cssFiles(join(ROOT, app.dir, 'src')).length).toBeGreaterThan(0);
});
