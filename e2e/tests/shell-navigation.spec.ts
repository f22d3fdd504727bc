import { declaredTiles, expectedSections } from './navigation-files';
import { expect, test, type Page } from './support';
import { ALL_REMOTE_ORIGINS, DEMO_DRIVER_ID, expectAccessible, HOST, recordRequests, REMOTE_ORIGINS, withToken } from './support';

// Named shell-*.spec.ts: it runs in the nginx pass too (releases, headers).
/**
 * Every tile of the demo session, by section, in the home's order: what the remotes of apps.json
 * declare in their src/navigation.json (titles and order hints are theirs).
 */
const DEMO_TILES = expectedSections(true);

async function openHome(page: Page): Promise<void> {
  await page.goto(withToken(`/App?driverId=${DEMO_DRIVER_ID}`));
  await expect(page.getByRole('heading', { level: 1, name: 'Portal do Motorista' })).toBeVisible();
}

async function tilesBySection(page: Page): Promise<Record<string, string[]>> {
  await expect(page.getByRole('status')).toHaveCount(0);
  const sections: Record<string, string[]> = {};
  for (const nav of await page.getByRole('navigation').all()) {
    const name = (await nav.getAttribute('aria-label')) ?? '';
    sections[name] = await nav.getByRole('link').allTextContents();
  }
  return sections;
}

test('the home tiles come from the remotes, read without downloading any remote code', async ({ page }) => {
  const requests = recordRequests(page);
  await openHome(page);
  expect(Object.keys(DEMO_TILES).length).toBeGreaterThan(1);
  await expect(page.getByRole('link', { name: declaredTiles().at(-1)?.label })).toBeVisible();
  // What the tiles took, before the idle prefetch of the areas ahead starts (2 s after the
  // screen: shell-prefetch-areas.spec.ts).
  const untilTiles = requests.slice();
  expect(await tilesBySection(page)).toEqual(DEMO_TILES);
  expect(await page.getByRole('heading', { level: 2 }).allTextContents()).toEqual(Object.keys(DEMO_TILES));
  await expectAccessible(page);

  const remoteRequests = untilTiles.map((request) => request.url()).filter((url) => ALL_REMOTE_ORIGINS.includes(new URL(url).origin));
  // One navigation file per remote, beside its manifest (a release folder through nginx); no JavaScript.
  expect(remoteRequests.every((url) => url.endsWith('/navigation.json'))).toBe(true);
  expect(remoteRequests.map((url) => new URL(url).origin).sort()).toEqual([...ALL_REMOTE_ORIGINS].sort());
});

test('every tile of the demo session opens a real screen, never the not-found page', async ({ page }) => {
  await openHome(page);
  const labels = Object.values(DEMO_TILES).flat();
  for (const label of labels) {
    await page.goto(`${HOST}/App`);
    const tile = page.getByRole('link', { name: label, exact: true });
    const href = await tile.getAttribute('href');
    await tile.click();
    await expect(page).not.toHaveURL(/\/App$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(/não encontrada|indisponível|Algo deu errado/);
    expect(new URL(page.url()).pathname, label).toBe(href);
  }
});

test('a remote that cannot be reached adds no tiles; the others open', async ({ page }) => {
  const down = REMOTE_ORIGINS.account;
  await page.route(`${down}/**`, (route) => route.abort('connectionrefused'));
  await openHome(page);
  const others = expectedSections(
    true,
    declaredTiles().filter((tile) => tile.origin !== down),
  );
  await expect(page.getByRole('link', { name: Object.values(others).flat().at(-1) })).toBeVisible();
  expect(await tilesBySection(page)).toEqual(others);
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Depósitos' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Depósitos' })).toBeVisible();
});

test('without a driver id the tiles that need it are not shown', async ({ page }) => {
  await page.goto(withToken('/App'));
  const withoutId = expectedSections(false);
  await expect(page.getByRole('link', { name: Object.values(withoutId).flat().at(-1) })).toBeVisible();
  expect(await tilesBySection(page)).toEqual(withoutId);
  const needingId = declaredTiles().filter((tile) => tile.needsDriverId);
  expect(needingId.length).toBeGreaterThan(0);
  for (const { label } of needingId) await expect(page.getByRole('link', { name: label, exact: true })).toHaveCount(0);
});

test('each remote serves its navigation file revalidated (immutable in a release folder), with CORS for the host only', async ({
  request,
}) => {
  const list = (await (await request.get(`${HOST}/remotes.json`)).json()) as Array<{ name: string; manifest: string }>;
  for (const remote of list) {
    // Wherever the remote list points (a release folder through nginx), and at the remote's root.
    for (const url of [new URL('navigation.json', remote.manifest).href, `${new URL(remote.manifest).origin}/navigation.json`]) {
      const response = await request.get(url, { headers: { Origin: HOST } });
      expect(response.status(), url).toBe(200);
      // A repeat open asks again and gets a 304 while nothing changed; a release folder's copy never changes.
      expect(response.headers()['cache-control'], url).toBe(
        url.includes('/releases/') ? 'public, max-age=31536000, immutable' : 'private, no-cache',
      );
      const etag = response.headers()['etag'] ?? '';
      expect(etag, url).not.toBe('');
      if (!url.includes('/releases/')) {
        const again = await request.get(url, { headers: { Origin: HOST, 'If-None-Match': etag } });
        expect(again.status(), url).toBe(304);
      }
      expect(response.headers()['access-control-allow-origin'], url).toBe(HOST);
      const entries = (await response.json()) as unknown[];
      expect(entries.length, url).toBeGreaterThan(0);
      const foreign = await request.get(url, { headers: { Origin: 'https://evil.example' } });
      expect(foreign.headers()['access-control-allow-origin'] ?? '', url).not.toBe('https://evil.example');
    }
  }
});

test('the host page announces what a deep link needs first, and each is downloaded once', async ({ page, request }) => {
  const list = (await (await request.get(`${HOST}/remotes.json`)).json()) as Array<{ name: string; manifest: string }>;
  const owner = list.find((remote) => remote.name === 'mfe_self_service');
  expect(owner).toBeDefined();
  const requests = recordRequests(page);
  const unusedPreloads: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('preloaded using link preload but not used')) unusedPreloads.push(message.text());
  });
  await page.goto(withToken('/notifications/list/'));
  await expect(page.getByRole('heading', { level: 1, name: 'Notificações' })).toBeVisible();
  const preloaded = await page.locator('link[rel="preload"]').evaluateAll((links) => links.map((link) => (link as HTMLLinkElement).href));
  // The page: the configuration and the remote list, then what the host renders its shell with
  // (React, React DOM, the router, the platform's singletons and the shell, their styles).
  const fromPage = preloaded.filter((href) => new URL(href).origin === HOST).map((href) => new URL(href).pathname);
  expect(fromPage.slice(0, 2)).toEqual(['/env.json', '/remotes.json']);
  expect(fromPage.some((path) => path.includes('react-dom_client'))).toBe(true);
  expect(fromPage.some((path) => /^\/bootstrap\.[0-9a-f]+\.js$/.test(path))).toBe(true);
  // The early script: the owning remote's entry, announced from its manifest before the host's
  // entry asked for it.
  // Named by its content: the manifest says which file.
  const manifest = (await (await request.get(owner?.manifest ?? '')).json()) as { metaData: { remoteEntry: { name: string } } };
  expect(manifest.metaData.remoteEntry.name).toMatch(/^remoteEntry\.[0-9a-f]+\.js$/);
  const remoteEntry = new URL(manifest.metaData.remoteEntry.name, owner?.manifest).href;
  expect(preloaded).toContain(remoteEntry);
  // Each taken by the request that needs it, not downloaded a second time: the list and the
  // manifest the early script fetched are handed to the host's entry.
  const urls = requests.map((sent) => new URL(sent.url()));
  const downloads = (href: string) => urls.filter((url) => url.origin + url.pathname === new URL(href).origin + new URL(href).pathname);
  for (const href of [...preloaded, owner?.manifest ?? '']) expect(downloads(href), href).toHaveLength(1);
  // Chromium says so after a few seconds when a preload goes unused (a wasted download).
  await page.waitForTimeout(3_500);
  expect(unusedPreloads).toEqual([]);
});

test('before any script has arrived, the page already says it is loading (host and a remote’s own page)', async ({ page }) => {
  // The scripts never come: what shows is the page itself.
  await page.route(/\.js(\?|$)/, () => new Promise<void>(() => undefined));
  for (const origin of [HOST, REMOTE_ORIGINS.selfService]) {
    await page.goto(withToken('/notifications/list/', origin), { waitUntil: 'commit' });
    await expect(page.getByRole('status')).toHaveText('Carregando...');
  }
});
