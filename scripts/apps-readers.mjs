// The unit tests a new remote can change the outcome of, besides its own: the test files whose
// imports reach the list of apps (apps.json, build-preset/apps.cjs, scripts/apps.mjs) or that read
// the repository's tree themselves (apps.json by name, `git ls-files`, the mfe-* folders). A
// scaffolded remote changes apps.json and adds its folder, nothing else (scripts/scaffold-check.mjs
// checks that), so every other test runs the same code on the same files as in the unit suite
// `npm test` ran just before; scripts/scaffold-check.mjs runs these and the remote's own tests.
//   node scripts/apps-readers.mjs [root]   prints them, one a line, relative to root
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/** The files that hold or load the list of apps: reaching one of them is reading the list. */
const APP_LIST_FILES = ['apps.json', 'build-preset/apps.cjs', 'build-preset/apps.mjs', 'scripts/apps.mjs'];
/** Reading the tree or the list by name, without importing it (fs reads, git listings, folder globs). */
const READS_THE_TREE = /apps\.json|ls-files|['"`]mfe-['"`*]|\bmfe-\*|readdirSync\(\s*(?:REPO|ROOT|repoRoot|root)\b/;
/** import … from 'x', import 'x', import('x'), require('x'), jest.mock('x'), require.resolve('x'). */
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire(?:\.resolve)?\s*\(\s*|\bjest\.(?:mock|requireActual)\s*\(\s*)['"]([^'"]+)['"]/g;
const EXTENSIONS = ['', '.ts', '.tsx', '.mts', '.cts', '.js', '.mjs', '.cjs', '.json', '/index.ts', '/index.tsx', '/index.js'];
const TEST_FILE = /\.test\.tsx?$/;

/** The source without its comments (a comment naming apps.json reads nothing); strings are kept. */
function withoutComments(text) {
  return text.replace(/\/\*[\s\S]*?\*\/|(^|[^:'"`\\])\/\/[^\n]*/g, (_, before = '') => before);
}

/** A relative or @driver-portal/* specifier as a file of the repository; undefined for packages. */
function resolveSpecifier(root, from, specifier) {
  let base;
  if (specifier.startsWith('.')) base = resolve(dirname(from), specifier);
  else if (specifier.startsWith('@driver-portal/')) {
    const [, pkg, ...rest] = specifier.split('/');
    const dir = readdirSync(root).find((name) => {
      const manifest = join(root, name, 'package.json');
      return existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).name === `@driver-portal/${pkg}`;
    });
    if (!dir) return undefined;
    // shared's exports: './*' is './src/*/index.ts'.
    base = dir === 'shared' && rest.length ? join(root, dir, 'src', ...rest) : join(root, dir, ...rest);
  } else return undefined;
  // A TypeScript import may name the compiled extension (./x.js for ./x.ts).
  const bases = [base, base.replace(/\.(m|c)?js$/, '')];
  for (const candidate of bases.flatMap((stem) => EXTENSIONS.map((extension) => stem + extension))) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

/**
 * An app's own routes (mfe-x/src/routes.ts) import apps.json to find their own entry
 * (`remote.app === 'mfe-x'`): another remote's entry cannot change what they find, and
 * apps-validate (in the selection) holds a new entry apart from every other (folder, name, port,
 * prefixes).
 */
function readsOwnEntry(root, file, target, text) {
  if (target !== join(root, 'apps.json')) return false;
  const app = relative(root, file).split('/')[0];
  return (
    text.includes(`remote.app === '${app}'`) &&
    !/\.(?:remotes|apps)\s*\.(?:map|filter|forEach|flatMap|some|every)\b|\.remotes\s*\)|\.remotes\s*]/.test(text)
  );
}

/** Every test file under root (node_modules, dist and dot folders aside). */
function testFiles(root, dir = root, found = []) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) testFiles(root, path, found);
    else if (TEST_FILE.test(entry.name)) found.push(path);
  }
  return found;
}

/**
 * @param {string} root a checkout (this one or a scratch copy)
 * @returns {string[]} the test files (relative to root, sorted) whose imports, followed through the
 *   repository's own files, reach the list of apps or read the tree
 */
export function testsReadingApps(root) {
  const listFiles = new Set(APP_LIST_FILES.map((file) => join(root, file)));
  /** @type {Map<string, boolean>} a file → whether it (or what it imports) reads the list */
  const reads = new Map();
  const visit = (file, stack) => {
    if (reads.has(file)) return reads.get(file);
    if (stack.has(file)) return false; // an import cycle: the first visit decides
    stack.add(file);
    let result = listFiles.has(file);
    if (!result && !file.endsWith('.json')) {
      const text = withoutComments(readFileSync(file, 'utf8'));
      // Imports are followed below (an own-entry import aside), not read as text.
      result = READS_THE_TREE.test(text.replace(SPECIFIER, ''));
      for (const match of text.matchAll(SPECIFIER)) {
        if (result) break;
        const target = resolveSpecifier(root, file, match[1]);
        if (target && !readsOwnEntry(root, file, target, text)) result = visit(target, stack);
      }
    }
    stack.delete(file);
    reads.set(file, result);
    return result;
  };
  return testFiles(root)
    .filter((file) => visit(file, new Set()))
    .map((file) => relative(root, file))
    .sort();
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  for (const file of testsReadingApps(resolve(process.argv[2] ?? join(import.meta.dirname, '..')))) console.log(file);
}
