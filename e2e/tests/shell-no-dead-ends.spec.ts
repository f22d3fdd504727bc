import type { RouteObject } from 'react-router';
import { declaredReach } from '@driver-portal/shared/reach';
import { join } from 'node:path';
import { expect, test, type Page } from './support';
import { DEMO_DRIVER_ID, HOST, REMOTE_ORIGINS, withToken } from './support';
import { REMOTES } from '../../build-preset/apps.cjs';

// Named shell-*.spec.ts: it runs in the nginx pass too.
const NOT_FOUND = 'Página não encontrada';
/** Host pages that are not screens of an area (no way back needed, nothing to follow). */
const HOST_PAGES = new Set(['/', '/app', '/login']);
/** Links followed elsewhere: leaving ends the session (shell-signout.spec.ts). */
const NOT_FOLLOWED = new Set(['/sair']);
interface BuiltScreen {
  path: string;
  pattern: RegExp;
  /** How a driver reaches it when no link of the demo session does (the route's `handle.reachedBy`). */
  reach: string | undefined;
}

/**
 * Every built screen: the routes of each remote of apps.json (its `src/routes.ts`, loaded as
 * data), with the way each one declares it is reached when not by links (shared/src/reach,
 * docs/screens.md "Every screen is reachable").
 */
function builtScreens(): BuiltScreen[] {
  return REMOTES.flatMap((remote) => {
    // Loaded as data, by a path known only at run time (apps.json).
    const { routes } = require(join(__dirname, '..', '..', remote.dir, 'src', 'routes')) as { routes: RouteObject[] };
    const flat = (list: RouteObject[], parent = ''): Array<{ path: string; handle: unknown }> =>
      list.flatMap((route) => {
        const path = [parent, route.path ?? ''].filter((part) => part !== '').join('/');
        return [...(route.path ? [{ path, handle: route.handle as unknown }] : []), ...flat(route.children ?? [], path)];
      });
    return flat(routes).map(({ path, handle }) => ({
      path,
      // Paths match case-insensitively; a trailing slash is optional.
      pattern: new RegExp(`^/${path.replace(/:[A-Za-z]+/g, '[^/]+').replace(/\/$/, '')}/?$`, 'i'),
      reach: declaredReach(handle),
    }));
  });
}

/** The in-portal addresses the page links to (links and button-links), once it has loaded. */
async function portalLinks(page: Page): Promise<string[]> {
  await expect(page.locator('.loading-state')).toHaveCount(0);
  const hrefs = await page.locator('a[href]').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  return hrefs.filter((href) => href.startsWith('/') && !href.startsWith('//'));
}

test('every built screen has a way back, and no link of any of them opens the not-found page', async ({ page }) => {
  test.setTimeout(240_000);
  const screens = builtScreens();
  expect(screens.length).toBeGreaterThan(10);
  const seenScreens = new Set<string>();
  const deadEnds: string[] = [];
  const withoutWayBack: string[] = [];
  // Issue 23: every screen announced (its own title, the focus on its heading or a field of its
  // own) and a way back a thumb can hit (44x44 px at least).
  const unannounced: string[] = [];
  const smallTargets: string[] = [];

  // The demo session as the native app opens it; from there, every address reached by a link.
  const queue: { url: string; from: string }[] = [{ url: `/App?driverId=${DEMO_DRIVER_ID}`, from: 'the native app' }];
  const queued = new Set(queue.map((entry) => entry.url));
  let first = true;
  while (queue.length > 0) {
    const { url, from } = queue.shift()!;
    await page.goto(first ? withToken(url) : `${HOST}${url}`);
    first = false;
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toBeVisible();
    if ((await heading.textContent()) === NOT_FOUND) {
      deadEnds.push(`${url} (linked from ${from})`);
      continue;
    }
    const pathname = new URL(page.url()).pathname;
    const screen = screens.find((candidate) => candidate.pattern.test(pathname));
    const announced = await page.evaluate(() => {
      const title = document.querySelector('h1')?.textContent ?? '';
      const expected = title === 'Portal do Motorista' ? title : `${title} | Portal do Motorista`;
      const focused = document.activeElement?.tagName ?? '';
      return document.title === expected && ['H1', 'INPUT'].includes(focused) ? '' : `${document.title} / focus on ${focused}`;
    });
    if (announced) unannounced.push(`${url}: ${announced}`);
    if (screen) {
      seenScreens.add(screen.path);
      const back = page.locator('header').getByRole('link', { name: 'Voltar' });
      if ((await back.count()) !== 1) withoutWayBack.push(url);
      else {
        const box = await back.boundingBox();
        if (!box || box.width < 44 || box.height < 44) smallTargets.push(`${url}: ${box?.width}x${box?.height}`);
      }
    } else if (!HOST_PAGES.has(pathname.toLowerCase())) {
      deadEnds.push(`${url} (linked from ${from}): not a built screen`);
    }
    for (const href of await portalLinks(page)) {
      if (NOT_FOLLOWED.has(new URL(href, HOST).pathname.toLowerCase()) || queued.has(href)) continue;
      queued.add(href);
      queue.push({ url: href, from: url });
    }
  }

  expect(deadEnds).toEqual([]);
  expect(withoutWayBack).toEqual([]);
  expect(unannounced).toEqual([]);
  expect(smallTargets).toEqual([]);
  // The demo data reaches through links every built screen that does not declare another way
  // (a form, the native app, a link for another driver: each remote's routes say so), so every
  // one of them was checked; a screen that declares another way but is linked must drop it.
  const reachedByLinks = screens.filter((screen) => screen.reach === undefined).map((screen) => screen.path);
  const declaredButLinked = screens.filter((screen) => screen.reach !== undefined && seenScreens.has(screen.path));
  expect(
    declaredButLinked.map((screen) => `${screen.path} (${screen.reach})`),
    'linked screens that declare another way',
  ).toEqual([]);
  expect(
    reachedByLinks.filter((path) => !seenScreens.has(path)),
    "screens no link reaches: link them, or declare the route's handle.reachedBy (docs/screens.md)",
  ).toEqual([]);
});

test('the way back returns to where the driver came from, else to the portal home', async ({ page }) => {
  // Deposits opened by the native app, then its statement: back is the deposits, as they were.
  await page.goto(withToken(`/deposits/list?id=${DEMO_DRIVER_ID}`));
  await expect(page.getByRole('heading', { level: 1, name: 'Depósitos' })).toBeVisible();
  await page.getByRole('link', { name: 'Ver extrato de corridas' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Extrato de corridas' })).toBeVisible();
  // A screen reached by a tap is announced: its title, the focus on its heading.
  await expect(page).toHaveTitle('Extrato de corridas | Portal do Motorista');
  await expect(page.getByRole('heading', { level: 1, name: 'Extrato de corridas' })).toBeFocused();
  await page.locator('header').getByRole('link', { name: 'Voltar' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Depósitos' })).toBeVisible();
  expect(page.url()).toBe(`${HOST}/deposits/list?id=${DEMO_DRIVER_ID}`);

  // The deposits were the first screen: back is the portal home.
  await page.locator('header').getByRole('link', { name: 'Voltar' }).click();
  await expect(page).toHaveURL(`${HOST}/App`);
  await expect(page.getByRole('heading', { level: 1, name: 'Portal do Motorista' })).toBeVisible();
});

test("at a remote's own URL, the way back from a deep link opens the portal home in the host", async ({ page }) => {
  await page.goto(withToken('/password/resend', REMOTE_ORIGINS.selfService));
  await expect(page.getByRole('heading', { level: 1, name: 'Lembrar senha' })).toBeVisible();
  await page.locator('header').getByRole('link', { name: 'Voltar' }).click();
  await expect(page).toHaveURL(`${HOST}/App`);
  await expect(page.getByRole('heading', { level: 1, name: 'Portal do Motorista' })).toBeVisible();
});
