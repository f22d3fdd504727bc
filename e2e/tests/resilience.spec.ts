import { firstScreenOf } from './navigation-files';
import { DEMO_DRIVER_ID, expect, expectAccessible, HOST, REMOTE_APPS, test, withToken, type Page } from './support';

/** Every remote of apps.json, reached at the screen of its first home tile (its navigation file). */
const remotes = REMOTE_APPS.map((remote) => ({
  name: remote.dir,
  origin: remote.origin,
  path: firstScreenOf(remote.dir, DEMO_DRIVER_ID).path,
}));
/** What a screen of an area is not: the fallbacks. */
const NOT_A_SCREEN = /indisponível|não encontrada|Algo deu errado/;

/** The page shows a screen of its own: a heading that is no fallback and not `previous`'s. */
async function expectScreen(page: Page, previous?: string): Promise<string> {
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toBeVisible({ timeout: 15_000 });
  await expect(heading).not.toHaveText(NOT_A_SCREEN, { timeout: 15_000 });
  if (previous !== undefined) await expect(heading).not.toHaveText(previous, { timeout: 15_000 });
  return (await heading.textContent()) ?? '';
}

for (const down of remotes) {
  test(`${down.name} unreachable: its routes show a fallback whose retry works; the others keep working`, async ({ page }) => {
    await page.route(`${down.origin}/**`, (route) => route.abort('connectionrefused'));
    await page.goto(withToken(down.path));
    await expect(page.getByRole('heading', { level: 1, name: 'Esta área está indisponível' })).toBeVisible({ timeout: 15_000 });
    await expectAccessible(page);

    let previous = 'Esta área está indisponível';
    for (const other of remotes.filter((remote) => remote !== down)) {
      await page.evaluate((path) => {
        window.history.pushState(null, '', path);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, other.path);
      previous = await expectScreen(page, previous);
    }

    // The remote comes back: the retry loads it without a page reload.
    await page.evaluate((path) => {
      (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
      window.history.pushState(null, '', path);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, down.path);
    await expect(page.getByRole('heading', { level: 1, name: 'Esta área está indisponível' })).toBeVisible({ timeout: 15_000 });
    await page.unroute(`${down.origin}/**`);
    await page.getByRole('button', { name: 'Tentar novamente' }).click();
    await expectScreen(page);
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  });
}

/** A hand-written federation container whose screen throws while rendering. */
const THROWING_REMOTE = `
window.mfe_self_service = {
  init: function () {},
  get: function () {
    return Promise.resolve(function () {
      return {
        prefixes: ['/notifications'],
        routes: [{ path: 'notifications/list', Component: function () { throw new Error('boom'); } }],
      };
    });
  },
};`;

test('a remote that throws while rendering is contained to its routes', async ({ page }) => {
  await page.route('**/remotes.json', async (route) => {
    const response = await route.fetch();
    const list = (await response.json()) as Array<{ name: string; manifest: string }>;
    const patched = list.map((remote) =>
      remote.name === 'mfe_self_service' ? { ...remote, manifest: 'http://localhost:3000/__e2e__/throwing-remote.js' } : remote,
    );
    await route.fulfill({ response, json: patched });
  });
  await page.route('**/__e2e__/throwing-remote.js', (route) => route.fulfill({ contentType: 'text/javascript', body: THROWING_REMOTE }));

  await page.goto(withToken('/notifications/list/'));
  await expect(page.getByRole('heading', { level: 1, name: 'Algo deu errado nesta tela' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Tentar novamente' })).toBeVisible();
  await page.getByRole('link', { name: 'Ir para o início' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Portal do Motorista' })).toBeVisible();
  await page.goto(`/eula/${DEMO_DRIVER_ID}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Termos e políticas' })).toBeVisible();
});

test('without its runtime configuration the host says so and offers to try again', async ({ page }) => {
  await page.route('**/env.json', (route) => route.fulfill({ status: 503, body: 'indisponível' }));
  await page.goto(withToken('/notifications/list/'));
  await expect(page.getByRole('alert')).toContainText('Não foi possível carregar a configuração do portal');
  await expect(page.getByRole('button', { name: 'Tentar novamente' })).toBeVisible();
  await page.unroute('**/env.json');
  await page.getByRole('button', { name: 'Tentar novamente' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Notificações' })).toBeVisible();
});

test('without the remote list the host serves its own pages, and the other areas recover on retry', async ({ page }) => {
  await page.route('**/remotes.json', (route) => route.abort('connectionrefused'));
  await page.goto(withToken('/App'));
  await expect(page.getByRole('heading', { level: 1, name: 'Portal do Motorista' })).toBeVisible();
  // The home's tiles come from the remotes of the list: none, and a retry.
  await expect(page.getByRole('alert')).toContainText('Nenhuma área do portal está disponível agora.');
  await page.goto(`${HOST}/notifications/list/`);
  await expect(page.getByRole('heading', { level: 1, name: 'Esta área está indisponível' })).toBeVisible();
  await page.unroute('**/remotes.json');
  await page.getByRole('button', { name: 'Tentar novamente' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Notificações' })).toBeVisible();
});

test('without the remote list at first, the home retry brings the tiles back', async ({ page }) => {
  await page.route('**/remotes.json', (route) => route.abort('connectionrefused'));
  await page.goto(withToken('/App'));
  await expect(page.getByRole('alert')).toContainText('Nenhuma área do portal está disponível agora.');
  await expectAccessible(page);
  await page.unroute('**/remotes.json');
  await page.getByRole('button', { name: 'Tentar novamente' }).click();
  await page.getByRole('link', { name: 'Notificações' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Notificações' })).toBeVisible();
});

// Issue 13, point 3: loading a remote has a deadline (portal-deadline), and the fallback's retry
// recovers from an entry that threw once it is fixed, without a page reload.

/** The fallback must come within about 10 s of the first try (the deadlines, plus rendering). */
const FALLBACK_WITHIN_MS = 11_000;
/** The first remote of apps.json. */
const selfService = remotes[0] ?? { name: '', origin: '', path: '' };
/** A file of the self-service remote by name; the entry is named by its content (`remoteEntry.<hash>.js`, the manifest names it). */
const isFile = (name: string) => (url: URL) =>
  url.origin === selfService.origin &&
  (name === 'remoteEntry.js' ? /\/remoteEntry(?:\.[0-9a-f]+)?\.js$/.test(url.pathname) : url.pathname.endsWith(`/${name}`));
/** A request left unanswered: the connection stays open and nothing comes. */
const neverAnswer = () => new Promise<void>(() => undefined);

async function expectFallbackWithin(page: Page, started: number): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: 'Esta área está indisponível' })).toBeVisible({ timeout: FALLBACK_WITHIN_MS });
  const elapsed = Date.now() - started;
  test.info().annotations.push({ type: 'fallback after', description: `${elapsed} ms` });
  expect(elapsed).toBeLessThan(FALLBACK_WITHIN_MS);
}

async function retryRecovers(page: Page): Promise<void> {
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
  await page.getByRole('button', { name: 'Tentar novamente' }).click();
  await expectScreen(page);
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
}

for (const file of ['mf-manifest.json', 'remoteEntry.js']) {
  test(`a ${file} that never answers: the fallback within about 10 s, and its retry loads the remote once it answers`, async ({ page }) => {
    test.setTimeout(60_000);
    const hangs = isFile(file);
    await page.route(hangs, neverAnswer);
    const started = Date.now();
    // An unanswered script holds the page's load event: wait only for the page to start.
    await page.goto(withToken(selfService.path), { waitUntil: 'commit' });
    await expectFallbackWithin(page, started);
    await expectAccessible(page);
    await page.unroute(hangs);
    await retryRecovers(page);
  });
}

test('a tile tapped at /App whose remote never answers leads to the fallback within about 10 s', async ({ page }) => {
  test.setTimeout(60_000);
  await page.goto(withToken('/App'));
  await expect(page.getByRole('link', { name: 'Notificações' })).toBeVisible();
  const hangs = isFile('mf-manifest.json');
  await page.route(hangs, neverAnswer);
  const started = Date.now();
  await page.getByRole('link', { name: 'Notificações' }).click();
  await expectFallbackWithin(page, started);
  await page.unroute(hangs);
  await retryRecovers(page);
});

test('an entry that throws shows the fallback; once fixed, the retry loads it without a reload', async ({ page }) => {
  const entry = isFile('remoteEntry.js');
  await page.route(entry, (route) => route.fulfill({ contentType: 'text/javascript', body: 'throw new Error("a broken release");' }));
  await page.goto(withToken(selfService.path));
  await expect(page.getByRole('heading', { level: 1, name: 'Esta área está indisponível' })).toBeVisible({ timeout: FALLBACK_WITHIN_MS });
  // Still broken: the retry says so again rather than hanging on "Tentando...".
  await page.getByRole('button', { name: 'Tentar novamente' }).click();
  await expect(page.getByRole('button', { name: 'Tentar novamente' })).toBeVisible({ timeout: FALLBACK_WITHIN_MS });
  await page.unroute(entry);
  await retryRecovers(page);
});

test("the host's federation runtime (its own chunk) not downloading: the area's fallback, and its retry loads it", async ({ page }) => {
  const runtimeChunk = (url: URL) => url.origin === HOST && /^\/federation\.[0-9a-f]+\.js$/.test(url.pathname);
  await page.route(runtimeChunk, (route) => route.abort('internetdisconnected'));
  // The home needs no federation runtime: it works without the chunk.
  await page.goto(withToken(`/App?driverId=${DEMO_DRIVER_ID}`));
  await expect(page.getByRole('link', { name: 'Notificações' })).toBeVisible();
  await page.getByRole('link', { name: 'Notificações' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Esta área está indisponível' })).toBeVisible();
  await page.unroute(runtimeChunk);
  await retryRecovers(page);
});
