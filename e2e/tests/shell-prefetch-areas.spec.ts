import { REMOTES } from '../../build-preset/apps.cjs';
import { DEMO_DRIVER_ID, expect, HOST, recordRequests, test, withToken } from './support';

// Issue 33: the federation tax paid before the tap. The home shows with none of the federation
// (the deep links' byte budgets hold that); once it is idle, the runtime and the manifest and
// entry of every area its tiles lead to download, so the first tap into an area downloads only
// that area's screen (host/src/federation/prefetch-areas.ts).

const REMOTE_ORIGINS = REMOTES.map(({ port }) => `http://localhost:${port}`);
const isFederationFile = (url: string) => /\/(mf-manifest\.json|remoteEntry\.js)$/.test(new URL(url).pathname);
const isRuntimeChunk = (url: string) => new URL(url).origin === HOST && /^\/federation\.[0-9a-f]+\.js$/.test(new URL(url).pathname);

test('the home fetches the areas ahead once idle, and a first tap downloads only the screen', async ({ page }) => {
  const requests = recordRequests(page);
  await page.goto(withToken(`/App?driverId=${DEMO_DRIVER_ID}`));
  await expect(page.getByRole('heading', { level: 1, name: 'Portal do Motorista' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Seguro auto' })).toBeVisible();
  // Nothing of the federation before the first screen.
  const urls = () => requests.map((request) => request.url());
  expect(urls().filter((url) => isFederationFile(url) || isRuntimeChunk(url))).toEqual([]);

  // Once idle (2 s after the screen, then an idle callback): every remote a tile leads to.
  const tilePaths = await page
    .getByRole('link')
    .evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).pathname.toLowerCase()));
  const ahead = REMOTES.filter(({ prefixes }) =>
    tilePaths.some((path) => prefixes.some((prefix) => path === prefix.toLowerCase() || path.startsWith(`${prefix.toLowerCase()}/`))),
  ).map(({ port }) => `http://localhost:${port}`);
  expect(ahead.length).toBeGreaterThan(1);
  await expect
    .poll(
      () =>
        ahead.filter((origin) => urls().some((url) => url.startsWith(`${origin}/`) && /\/remoteEntry(?:\.[0-9a-f]+)?\.js$/.test(url)))
          .length,
      {
        timeout: 15_000,
      },
    )
    .toBe(ahead.length);
  expect(urls().some(isRuntimeChunk)).toBe(true);

  const before = requests.length;
  await page.getByRole('link', { name: 'Seguro auto' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Seguro auto' })).toBeVisible();
  await expect(page.getByText('Contratar').first()).toBeVisible();
  const afterTap = urls().slice(before);
  // The tap asked for neither the runtime nor any manifest or entry again.
  expect(afterTap.filter((url) => isFederationFile(url) || isRuntimeChunk(url))).toEqual([]);
});

test('with no tiles read yet, an area screen still shows, and the other areas are fetched after it', async ({ page }) => {
  const requests = recordRequests(page);
  await page.goto(withToken(`/car-insurance/init/${DEMO_DRIVER_ID}`));
  await expect(page.getByRole('heading', { level: 1, name: 'Seguro auto' })).toBeVisible();
  const urls = () => requests.map((request) => request.url());
  const others = REMOTE_ORIGINS.filter(
    (origin) => !urls().some((url) => url.startsWith(`${origin}/`) && /\/remoteEntry(?:\.[0-9a-f]+)?\.js$/.test(url)),
  );
  expect(others.length).toBe(REMOTE_ORIGINS.length - 1);
  await expect
    .poll(
      () =>
        others.filter((origin) => urls().some((url) => url.startsWith(`${origin}/`) && /\/remoteEntry(?:\.[0-9a-f]+)?\.js$/.test(url)))
          .length,
      {
        timeout: 15_000,
      },
    )
    .toBe(others.length);
});
