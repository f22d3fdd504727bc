// The browser floor for CSS (docs/browsers.md, "How the floor is proven"), part of `npm run lint`:
// every stylesheet the apps ship (host, shared, mfe-*: src/**/*.css) against build-preset's
// browserslist, the one list, with doiuse (caniuse's data). A feature one of the floor's browsers
// does not support fails; one it supports only in part is printed, not failed (caniuse's
// "partial" is mostly about values the portal does not use). A feature that degrades on its own
// is ignored in IGNORED, with why.
import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import postcss from 'postcss';
import DoIUse from 'doiuse/lib/DoIUse.js';

const ROOT = new URL('..', import.meta.url).pathname;
const FLOOR = JSON.parse(readFileSync(new URL('../build-preset/package.json', import.meta.url), 'utf8')).browserslist;

/** caniuse features the floor's gaps in are harmless, and why. */
const IGNORED = {
  // `cursor: not-allowed` on a disabled button: phones show no pointer (iOS Safari has none).
  'css3-cursors': 'touch screens show no cursor',
};

/** The stylesheets the apps ship: tracked src/**\/*.css of the host, the platform and the remotes. */
export function shippedStylesheets(root = ROOT) {
  return execFileSync('git', ['ls-files', '-z', '--', 'host/src/**/*.css', 'shared/src/**/*.css', 'mfe-*/src/**/*.css'], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\0')
    .filter((file) => file !== '');
}

/**
 * The floor's findings in one stylesheet: `unsupported` fail, `partial` are told.
 * @param {string} css @param {string} from
 * @returns {Promise<{ unsupported: string[], partial: string[] }>}
 */
export async function floorFindings(css, from) {
  const unsupported = [];
  const partial = [];
  const detector = new DoIUse({
    browsers: FLOOR,
    ignore: Object.keys(IGNORED),
    onFeatureUsage: (usage) => (/ not supported by/.test(usage.message) ? unsupported : partial).push(usage.message),
  });
  await postcss([detector]).process(css, { from });
  return { unsupported, partial };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const files = shippedStylesheets();
  let failures = 0;
  let partials = 0;
  for (const file of files) {
    const { unsupported, partial } = await floorFindings(readFileSync(`${ROOT}${file}`, 'utf8'), `${ROOT}${file}`);
    if (process.argv.includes('--partial')) for (const message of partial) console.log(`partial: ${relative(ROOT, message)}`);
    partials += partial.length;
    for (const message of unsupported) console.error(`outside the browser floor: ${relative(ROOT, message)}`);
    failures += unsupported.length;
  }
  if (failures > 0) {
    console.error(`${failures} CSS feature(s) outside the browser floor (build-preset/package.json's browserslist; docs/browsers.md)`);
    process.exit(1);
  }
  console.log(`CSS within the browser floor: ${files.length} stylesheets (${partials} partly supported uses: --partial lists them)`);
}
