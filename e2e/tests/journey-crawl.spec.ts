import { REMOTES } from '../../build-preset/apps.cjs';
import { DEMO_DRIVER_ID, expect, HOST, test, withToken, type Page } from './support';

/*
 * The journey crawl (issue 20): from every screen the demo session reaches, at the host and at
 * the owning remote's own URL (where the native app deep-links), follow every link that leads
 * into another app of the portal (another remote, or the host's home). None may end on "Não foi
 * possível identificar o seu cadastro", the not-found page, an error alert, or a screen with no
 * way on. A link of the same kind (from the same app, at the same kind of origin, to the same
 * route) is followed once. The figures are printed.
 */

const DRIVER_UNKNOWN = /Não foi possível identificar o seu cadastro/;
const NOT_FOUND = 'Página não encontrada';
/** Leaving ends the session (shell-signout.spec.ts); the policy link carries a token route of its own. */
const NOT_FOLLOWED = /^\/(sair|login)\b/i;

const ownerOf = (pathname: string): string =>
  REMOTES.find((remote) => remote.prefixes.some((prefix) => pathname.toLowerCase().startsWith(prefix.toLowerCase())))?.dir ?? 'host';
const originOf = (app: string) => {
  const remote = REMOTES.find((candidate) => candidate.dir === app);
  return remote ? `http://localhost:${remote.port}` : HOST;
};
/** A route's shape: ids and numbers replaced, so one link per kind is followed. */
const shapeOf = (href: string) =>
  new URL(href, HOST).pathname
    .toLowerCase()
    .replace(/[0-9a-f]{8}-[0-9a-f-]{27,}/g, ':id')
    .replace(/\/\d+(?=\/|$)/g, '/:n')
    .replace(/\/$/, '');

async function settled(page: Page) {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('.loading-state')).toHaveCount(0);
}

async function portalLinks(page: Page): Promise<string[]> {
  await settled(page);
  const hrefs = await page.locator('a[href]').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  return [...new Set(hrefs.filter((href) => href.startsWith('/') && !href.startsWith('//') && !href.startsWith('/#')))];
}

/** The addresses the demo session reaches from the native app's home, link by link, at the host. */
async function reachableScreens(page: Page): Promise<string[]> {
  const queue = [`/App?driverId=${DEMO_DRIVER_ID}`];
  const seen = new Set(queue);
  const screens: string[] = [];
  let first = true;
  while (queue.length > 0) {
    const url = queue.shift()!;
    await page.goto(first ? withToken(url) : `${HOST}${url}`);
    first = false;
    if ((await page.getByRole('heading', { level: 1 }).textContent()) === NOT_FOUND) continue;
    screens.push(url);
    for (const href of await portalLinks(page)) {
      if (NOT_FOLLOWED.test(href) || seen.has(href)) continue;
      seen.add(href);
      queue.push(href);
    }
  }
  return screens;
}

/** What is wrong with the screen a followed link ended on, or undefined. */
async function problemAt(page: Page): Promise<string | undefined> {
  await settled(page);
  if ((await page.getByRole('heading', { level: 1 }).textContent()) === NOT_FOUND) return 'the not-found page';
  if ((await page.getByText(DRIVER_UNKNOWN).count()) > 0) return '"Não foi possível identificar o seu cadastro"';
  if ((await page.locator('.dialog-error').count()) > 0) return `an error alert: ${await page.locator('.dialog-error').innerText()}`;
  const waysOn = await page.locator('main a[href], main button:not([disabled])').count();
  return waysOn === 0 ? 'a screen with no way on' : undefined;
}

for (const at of ['host', "owning remote's own URL"] as const) {
  test(`journey crawl at the ${at}: every link into another app keeps the driver and leads somewhere`, async ({ page }) => {
    test.setTimeout(300_000);
    const screens = await reachableScreens(page);
    expect(screens.length).toBeGreaterThan(20);
    const followed = new Set<string>();
    const problems: string[] = [];
    const signedIn = new Set<string>([HOST]);
    let routes = 0;
    let skipped = 0;
    for (const screen of screens) {
      const pathname = new URL(screen, HOST).pathname;
      const owner = ownerOf(pathname);
      if (at !== 'host' && owner === 'host') continue;
      const origin = at === 'host' ? HOST : originOf(owner);
      // The native app opens a remote's own URL with the token and the driver.
      const open = () =>
        page.goto(
          signedIn.has(origin)
            ? `${origin}${screen}`
            : withToken(`${screen}${screen.includes('?') ? '&' : '?'}driverId=${DEMO_DRIVER_ID}`, origin),
        );
      await open();
      signedIn.add(origin);
      routes += 1;
      const across = (await portalLinks(page)).filter(
        (href) => !NOT_FOLLOWED.test(href) && ownerOf(new URL(href, HOST).pathname) !== owner,
      );
      for (const href of across) {
        const kind = `${owner} -> ${shapeOf(href)}`;
        if (followed.has(kind)) continue;
        followed.add(kind);
        if (new URL(page.url()).pathname !== pathname) await open();
        await settled(page);
        const link = page.locator(`a[href="${href}"]`).first();
        // A link only some loads show (a message's body read once): counted, not followed.
        if (!(await link.isVisible())) {
          followed.delete(kind);
          skipped += 1;
          continue;
        }
        await link.click();
        await page.waitForURL((url) => url.pathname !== pathname || url.origin !== origin);
        const problem = await problemAt(page).catch((error: Error) => error.message.split('\n')[0]);
        if (problem) problems.push(`${origin}${screen} -> ${href}: ${problem}`);
      }
    }
    console.log(
      `[journey crawl] at the ${at}: ${routes} screens opened, ${followed.size} kinds of link into another app followed (${skipped} not shown on a second load)`,
    );
    expect(problems).toEqual([]);
  });
}
