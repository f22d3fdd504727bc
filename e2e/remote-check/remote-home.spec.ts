// A UI journey (server-independent): one remote's home tiles, for `npm run check:remote -- <remote>`
// (scripts/check-remote.mjs; PORTAL_CHECK_REMOTE names the remote). Outside e2e/tests, so the
// suite's own passes do not run it: shell-no-dead-ends.spec.ts opens every route of every remote there.
import { join } from 'node:path';
import { REMOTES } from '../../build-preset/apps.cjs';
import { DEMO_DRIVER_ID, expect, HOST, test, withToken } from '../tests/support';

interface Tile {
  label: string;
  path: string;
  group: string;
}

const remote = REMOTES.find((candidate) => candidate.dir === process.env.PORTAL_CHECK_REMOTE);
if (!remote) throw new Error(`PORTAL_CHECK_REMOTE names no remote of apps.json: ${String(process.env.PORTAL_CHECK_REMOTE)}`);
const { tiles } = require(join(__dirname, '..', '..', remote.dir, 'src', 'navigation.json')) as { tiles: Tile[] };
const OWN_URL = `http://localhost:${remote.port}`;
/** What the host shows instead of a remote's screen: not found, the area down, the area refused. */
const NOT_THE_SCREEN = /Página não encontrada|Esta área está indisponível|Esta área precisa ser atualizada/;

const at = (tile: Tile) => tile.path.replace(':driverId', DEMO_DRIVER_ID);

for (const tile of tiles) {
  for (const [where, origin] of [
    ['the host', HOST],
    ['its own URL', OWN_URL],
  ] as const) {
    test(`${remote.dir}: the tile "${tile.label}" (${tile.path}) opens its screen at ${where}`, async ({ page }) => {
      await page.goto(withToken(at(tile), origin));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(NOT_THE_SCREEN);
      // Still there (no redirect home), the token gone from the address.
      await expect(page).toHaveURL((url) => url.pathname.toLowerCase() === at(tile).toLowerCase() && !url.search.includes('token='));
    });
  }
}

test(`${remote.dir}: the host's home shows its sections, and each tile opens its screen in the host`, async ({ page }) => {
  for (const tile of tiles) {
    await page.goto(withToken(`/App?driverId=${DEMO_DRIVER_ID}`));
    const section = page.getByRole('navigation', { name: tile.group });
    await section.getByRole('link', { name: tile.label }).click();
    // In the host, at the tile's path (paths match case-insensitively), its screen and not a fallback.
    await expect(page).toHaveURL((url) => url.origin === HOST && url.pathname.toLowerCase() === at(tile).toLowerCase());
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(NOT_THE_SCREEN);
  }
});
