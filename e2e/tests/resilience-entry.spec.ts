import { firstScreenOf } from './navigation-files';
import { DEMO_DRIVER_ID, expect, REMOTE_APPS, test, withToken } from './support';

// Issue 39, item 5: a remote's entry that loads and throws while it runs (a broken release) is
// the remote's own fault, not the network's: the driver gets the area's fallback at once (no
// retries of the same code, about 1.5 s of waiting for nothing), and the error a squad reads
// (the console, which telemetry reports) names the entry's address and what it threw.

const remote = REMOTE_APPS.find(({ dir }) => dir === 'mfe-self-service');
if (!remote) throw new Error('mfe-self-service is not in apps.json');
const screen = firstScreenOf(remote.dir, DEMO_DRIVER_ID);

/** The remote's entry script, whatever its name (content-named builds: `remoteEntry.<hash>.js`). */
const isEntry = (url: URL) => url.origin === remote.origin && /^\/(?:.*\/)?remoteEntry(?:\.[0-9a-f]+)?\.js$/.test(url.pathname);

test('an entry that throws while it runs: the area’s fallback once, the entry asked for once, the error naming the entry', async ({
  page,
}) => {
  const asked: string[] = [];
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(String(error)));
  await page.route(isEntry, (route) => {
    asked.push(route.request().url());
    return route.fulfill({
      contentType: 'text/javascript',
      headers: { 'Access-Control-Allow-Origin': '*' },
      body: "throw new Error('release 42 broken');",
    });
  });
  await page.goto(withToken(screen.path));
  await expect(page.getByRole('heading', { level: 1, name: 'Esta área está indisponível' })).toBeVisible({ timeout: 15_000 });
  // portal-retry's pauses (300 ms, then 1.2 s) would have asked again within this time.
  await page.waitForTimeout(2_000);
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Tentar novamente' })).toHaveCount(1);
  expect(asked).toHaveLength(1);
  const entry = asked[0] ?? '';
  // The cause is kept: the entry's address, and that it threw, not "defined no federation
  // container". What it threw reaches the page's code only as "Script error.": the entry is
  // another origin's script loaded without `crossorigin` (so that it matches the early script's
  // preload); the browser's own console line has it in full.
  expect(errors.some((text) => /remote mfe_self_service unavailable/.test(text) && text.includes(`${entry} threw while it ran`))).toBe(
    true,
  );
  expect(errors.some((text) => text.includes('release 42 broken'))).toBe(true);
  expect(errors.some((text) => text.includes('defined no federation container'))).toBe(false);
});

/** The remote's manifest, wherever the remote list points (its root, or a release folder through nginx). */
const isManifest = (url: URL) => url.origin === remote.origin && url.pathname.endsWith('/mf-manifest.json');

// Issue 39, item 3: a build whose federation plugin the host's runtime does not speak, or that
// does not say which plugin built it, is refused before any of its code runs, with the area's
// "needs an update" page (release:remote refuses to publish such a build; this is the browser's
// last line, for a list edited by hand or a host rolled back under its remotes). The early script
// may already have announced the entry and the first screen's routes from the manifest (a preload
// downloads, never runs).
for (const [what, edit] of [
  ['names no plugin version', (metaData: Record<string, unknown>) => delete metaData.pluginVersion],
  ['was built by a plugin outside the host’s protocol', (metaData: Record<string, unknown>) => (metaData.pluginVersion = '2.10.0')],
] as const) {
  test(`a manifest that ${what}: “needs an update”, and none of the remote’s code run`, async ({ page }) => {
    await page.route(isManifest, async (route) => {
      const response = await route.fetch();
      const manifest = (await response.json()) as { metaData: Record<string, unknown> };
      edit(manifest.metaData);
      await route.fulfill({ response, json: manifest });
    });
    await page.goto(withToken(screen.path));
    await expect(page.getByRole('heading', { level: 1, name: 'Esta área precisa ser atualizada' })).toBeVisible({ timeout: 15_000 });
    // The container's global is defined by the entry when it runs: it never did.
    expect(await page.evaluate(() => 'mfe_self_service' in window)).toBe(false);
  });
}
