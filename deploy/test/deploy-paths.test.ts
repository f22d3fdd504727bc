import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { insideRoot } from '../../scripts/deploy-paths.cjs';

// Issue 37, item 4: an app named `../../../../../tmp/x` wrote releases, configuration and a running
// nginx outside `.deploy` (and `--remove` deleted that folder), and `--id ../../../tmp/x` copied a
// release outside. The deployment scripts now pass every path through this guard first.
describe('the deployment folder guard', () => {
  let base: string;
  let root: string;
  beforeEach(() => {
    base = mkdtempSync(join(tmpdir(), 'deploy-paths-'));
    root = join(base, 'checkout', '.deploy');
    mkdirSync(join(root, 'apps', 'mfe-account', 'releases'), { recursive: true });
    mkdirSync(join(base, 'outside'));
  });
  afterEach(() => rmSync(base, { recursive: true, force: true }));

  it('accepts paths inside the folder, existing or not yet', () => {
    const release = join(root, 'apps', 'mfe-account', 'releases', 'r-0123');
    expect(insideRoot(root, release)).toBe(release);
    expect(insideRoot(root, join(root, 'apps', 'mfe-new', 'config', 'env.json'))).toBe(join(root, 'apps', 'mfe-new', 'config', 'env.json'));
    expect(insideRoot(root, join(root, 'cohort-secret'), { followLast: true })).toBe(join(root, 'cohort-secret'));
  });

  it.each([
    // The probe's app name and release id, as the scripts joined them.
    ['apps', '../../../../../tmp/x'],
    ['apps', '../../../outside'],
    ['apps/mfe-account/releases', '../../../../../tmp/x'],
    ['apps/mfe-account/releases', '../../../../outside'],
    ['nginx', '../../outside/nginx'],
    ['apps', '..'],
    ['.', '.'],
  ])('refuses %s/%s (outside, or the folder itself)', (folder, name) => {
    expect(() => insideRoot(root, join(root, folder, name))).toThrow(/^refused: .* is not inside the deployment folder/);
  });

  it('refuses an absolute path elsewhere, and a sibling whose name starts like the folder', () => {
    expect(() => insideRoot(root, '/tmp/x')).toThrow(/^refused/);
    expect(() => insideRoot(root, `${root}-other/x`)).toThrow(/^refused/);
  });

  it('reads the folders above a path through their links: a link out of the folder is outside', () => {
    symlinkSync(join(base, 'outside'), join(root, 'apps', 'mfe-linked'));
    expect(() => insideRoot(root, join(root, 'apps', 'mfe-linked', 'releases', 'r-1'))).toThrow(/^refused/);
    expect(() => insideRoot(root, join(root, 'apps', 'mfe-linked', 'current'))).toThrow(/^refused/);
  });

  it('a link as the last part: removing or replacing it is inside; writing through it is refused when it points out', () => {
    const link = join(root, 'apps', 'mfe-account', 'current');
    symlinkSync(join(base, 'outside'), link);
    expect(insideRoot(root, link)).toBe(link);
    expect(() => insideRoot(root, link, { followLast: true })).toThrow(/^refused/);
    // A dangling link: writing through it would create its target outside.
    const dangling = join(root, 'cohort-secret');
    symlinkSync(join(base, 'outside', 'stolen'), dangling);
    expect(() => insideRoot(root, dangling, { followLast: true })).toThrow(/^refused/);
    // A link inside to inside (current -> releases/<id>) is fine either way.
    const inner = join(root, 'apps', 'mfe-account', 'current-inner');
    symlinkSync(join('releases'), inner);
    expect(insideRoot(root, inner, { followLast: true })).toBe(inner);
  });

  it('the deployment folder itself may be reached through a link (a checkout under a linked home)', () => {
    symlinkSync(join(base, 'checkout'), join(base, 'linked-checkout'));
    const viaLink = join(base, 'linked-checkout', '.deploy');
    expect(insideRoot(viaLink, join(viaLink, 'apps', 'mfe-account', 'releases', 'r-1'))).toBe(
      join(viaLink, 'apps', 'mfe-account', 'releases', 'r-1'),
    );
  });
});
