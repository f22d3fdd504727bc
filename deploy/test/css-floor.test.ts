import { execFileSync, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/*
 * The browser floor for CSS (scripts/css-floor.mjs, run by `npm run lint`): doiuse against
 * build-preset/package.json's browserslist. doiuse is an ES module: the script runs in Node.
 */

const ROOT = join(__dirname, '..', '..');
const SCRIPT = join(ROOT, 'scripts', 'css-floor.mjs');

function findings(css: string): { unsupported: string[]; partial: string[] } {
  const script = `import { floorFindings } from ${JSON.stringify(pathToFileURL(SCRIPT).href)};
console.log(JSON.stringify(await floorFindings(${JSON.stringify(css)}, 'floor.css')));`;
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT, encoding: 'utf8' }));
}

describe('the CSS floor check', () => {
  it('fails on a feature a floor browser lacks (:has() before Firefox 121: ESR 115 drops the rule)', () => {
    const { unsupported } = findings('.choice-option:has(input:checked) { font-weight: 600; }');
    expect(unsupported).toEqual([expect.stringMatching(/:has\(\) CSS relational pseudo-class not supported by: Firefox \(115-120\)/)]);
  });

  it('passes what the floor has, and a cursor (phones show none)', () => {
    expect(
      findings('.a { display: flex; gap: 8px; inset: 0; aspect-ratio: 4 / 3; } .b[disabled] { cursor: not-allowed; }').unsupported,
    ).toEqual([]);
  });

  it("passes the apps' stylesheets as they are", () => {
    const run = spawnSync(process.execPath, [SCRIPT], { cwd: ROOT, encoding: 'utf8' });
    expect([run.status, run.stderr]).toEqual([0, '']);
    expect(run.stdout).toMatch(/^CSS within the browser floor: \d+ stylesheets/);
  });
});
