// SERVER behaviour (runs on both servers, e2e/spec-classes.ts): the paths a deep link, a screen
// journey and /Sair open, as each server answers them at the HTTP level. Issue 46: the journeys
// that open them in a browser (deep-links.spec.ts, shell-signout.spec.ts, ...) run once, on nginx;
// what the Node server of `npm start` answers for the same paths is held here, so a path that
// one server stops answering as the app still turns CI red on that server.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ALL_REMOTE_ORIGINS, DEMO_DRIVER_ID, expect, HOST, remoteOwning, test } from './support';

interface DeepLink {
  path: string;
}
const DEEP_LINKS = (JSON.parse(readFileSync(join(__dirname, '..', '..', 'bench', 'deep-links.json'), 'utf8')) as DeepLink[]).map(
  ({ path }) => path.replace('{driverId}', DEMO_DRIVER_ID),
);

/** The host's own pages, a path in capitals (routes are matched case-insensitively) and one no route has (the not-found page). */
const HOST_PAGES = ['/App', '/Login', '/Sair', '/NOTIFICATIONS/List/', '/nao/existe', `/eula/${DEMO_DRIVER_ID}`, '/register/next-steps/'];

/** Fetches `url` and holds it to the app's page: 200, HTML, the root the app renders into. */
async function expectTheApp(url: string): Promise<void> {
  const response = await fetch(url, { redirect: 'manual' });
  expect(response.status, url).toBe(200);
  expect(response.headers.get('content-type') ?? '', url).toMatch(/^text\/html/);
  expect(await response.text(), url).toContain('<div id="root">');
}

test('every deep link of the benchmark and the host’s own pages answer the app at the host', async () => {
  for (const path of [...DEEP_LINKS, ...HOST_PAGES]) await expectTheApp(`${HOST}${path}`);
});

test("every deep link answers the app at its remote's own URL", async () => {
  const owned = DEEP_LINKS.filter((path) => remoteOwning(path) !== undefined);
  expect(owned.length).toBeGreaterThan(3);
  for (const path of owned) await expectTheApp(`${remoteOwning(path)?.origin}${path}`);
});

test('the sign-out page /Sair goes through is served on every origin (shell-signout.spec.ts relies on it)', async () => {
  for (const origin of [HOST, ...ALL_REMOTE_ORIGINS]) {
    const response = await fetch(`${origin}/signout.html`, { redirect: 'manual' });
    expect(response.status, origin).toBe(200);
    expect(response.headers.get('content-type') ?? '', origin).toMatch(/^text\/html/);
  }
});
