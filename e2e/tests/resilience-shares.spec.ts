import { firstScreenOf } from './navigation-files';
import { DEMO_DRIVER_ID, expect, HOST, test, withToken } from './support';

// Issue 39, item 1: the platform's HTTP singleton is shared lazily (the host downloads it the
// first time a remote's screen needs it). A driver offline at that moment, back online, gets the
// screen from "Tentar novamente", without a reload: the share scope forgets the failed download.

/** The host's chunk of the HTTP singleton (shared/src/http), whatever its content hash. */
const httpChunk = (url: URL) => url.origin === HOST && /^\/shared_src_http_index_ts\.[0-9a-f]+\.js$/.test(url.pathname);

// Both halves: the share scope forgets the failed download (share-scope.ts), and the screen's
// "Tentar novamente" loads the remote afresh (host/src/federation/remote-area.tsx): the screen's
// module, which failed while it ran, stays failed in the remote's module cache and in React
// Router's lazy route, so the retry runs the remote's entry again and replaces the area's routes.
test('the HTTP singleton failing to download once: "Tentar novamente" shows the screen, with no reload', async ({ page }) => {
  const screen = firstScreenOf('mfe-self-service', DEMO_DRIVER_ID);
  let asked = 0;

  await page.route(httpChunk, (route) => {
    asked += 1;
    // Offline for the first download only.
    return asked === 1 ? route.abort('internetdisconnected') : route.fallback();
  });
  await page.goto(withToken('/App'));
  await expect(page.getByRole('heading', { level: 1, name: 'Portal do Motorista' })).toBeVisible();
  // Into the area from the home, in the same document (a reload would hide the bug).
  await page.evaluate((path) => {
    (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
    window.history.pushState(null, '', path);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, screen.path);
  const retry = page.getByRole('button', { name: 'Tentar novamente' });
  await expect(retry).toBeVisible({ timeout: 15_000 });
  expect(asked).toBe(1);
  await retry.click();
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).not.toHaveText(/indisponível|não encontrada|Algo deu errado/, { timeout: 15_000 });
  await expect(retry).toBeHidden();
  expect(asked).toBe(2);
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
});
