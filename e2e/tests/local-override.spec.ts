import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import deepLinks from '../../bench/deep-links.json';
import { serveStatic } from '../../scripts/static-server.mjs';
import { DEMO_DRIVER_ID, expect, expectAccessible, HOST, remoteOwning, test, withToken, type Page, type Request } from './support';

/*
 * A squad runs its local copy of one remote inside a running host (docs/local-override.md,
 * host/src/federation/local-override.ts): an override in the browser's own localStorage, a
 * loopback address only, the devtools asked for, a banner while it is in effect. The "local copy"
 * is the remote's build (its dist/) served by the Node static server on a free loopback port; the
 * remote is the owner of the first deep link of the benchmark that has one (apps.json decides).
 */

const REPO = join(__dirname, '..', '..');
const link = deepLinks
  .map((candidate) => ({ ...candidate, path: candidate.path.replace('{driverId}', DEMO_DRIVER_ID) }))
  .map((candidate) => ({ ...candidate, owner: remoteOwning(candidate.path) }))
  .find((candidate) => candidate.owner !== undefined);
if (!link?.owner) throw new Error('no deep link of bench/deep-links.json opens a remote');
const remote = link.owner;
const overrideKey = `portal-override:${remote.name}`;

interface Manifest {
  metaData: { remoteEntry: { name: string; path?: string } };
  exposes: Array<{ path: string; assets: { js: { sync: string[] } } }>;
}

/** The entry and the `./routes` chunks a manifest names, as addresses under `folder`. */
function routesScripts(manifest: Manifest, folder: string): string[] {
  const { name, path = '' } = manifest.metaData.remoteEntry;
  const routes = manifest.exposes.find((expose) => expose.path === './routes');
  return [
    new URL(`${path ? `${path}/` : ''}${name}`, folder).href,
    ...(routes?.assets.js.sync ?? []).map((file) => new URL(file, folder).href),
  ];
}

/**
 * Whether this server's deployment opted in (PORTAL_LOCAL_OVERRIDE, decision 0026): `npm start` is a
 * squad's own machine and does; `start:nginx` is a deployment and does not (its default), like the
 * images. Both are proven: the override runs where opted in, the CSP stops it where not.
 */
const OPTED_IN = process.env.PORTAL_SERVER !== 'nginx';

let local: Server;
let localOrigin = '';
/** Every request the squad's loopback server received. */
const reachedLocal: string[] = [];

test.beforeAll(async () => {
  // Port 0: a free port. CORS to the host only, as a squad's dev server would answer it.
  local = await serveStatic({ root: join(REPO, remote.dir, 'dist'), port: 0, corsOrigins: [HOST] });
  local.on('request', (request: { url?: string }) => reachedLocal.push(request.url ?? ''));
  localOrigin = `http://localhost:${(local.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await new Promise((resolve) => local.close(resolve));
});

/** Sets localStorage on the host's origin as a squad does in its console, from a page of the host. */
async function setOnHost(page: Page, items: Record<string, string>): Promise<void> {
  await page.goto(withToken('/App'));
  await expect(page.getByRole('heading', { level: 1, name: 'Portal do Motorista' })).toBeVisible();
  await page.evaluate((entries) => {
    for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
  }, items);
}

/** The deep link's screen at the host, its heading and text shown. */
async function openScreen(page: Page): Promise<void> {
  await page.goto(withToken(link?.path ?? '/'));
  await expect(page.getByRole('heading', { level: 1, name: link?.heading })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(link?.text ?? '').first()).toBeVisible();
}

const scriptsFrom = (requests: Request[], origin: string) =>
  requests
    .filter((request) => request.resourceType() === 'script' && new URL(request.url()).origin === origin)
    .map((request) => request.url());

/** The manifest the host's remote list names for the remote (its root, or a release folder through nginx). */
async function deployedManifestUrl(page: Page): Promise<string> {
  const list = (await (await page.request.get(`${HOST}/remotes.json`)).json()) as Array<{ name: string; manifest: string }>;
  const entry = list.find((item) => item.name === remote.name);
  if (!entry) throw new Error(`${remote.name} is not in the host's remote list`);
  return new URL(entry.manifest, HOST).href;
}

test(`the host's policy names loopback only where the deployment opted in (${OPTED_IN ? 'npm start: on' : 'start:nginx: off, as production'})`, async ({
  page,
}) => {
  const csp = (await page.request.get(`${HOST}/App`)).headers()['content-security-policy'] ?? '';
  if (OPTED_IN) expect(csp).toMatch(/script-src [^;]*http:\/\/localhost:\*/);
  // A production policy names no localhost at all: the remotes' origins here are ports of
  // localhost, named one by one, never the wildcard port a squad's copy (or any app on a phone) needs.
  else expect(csp).not.toMatch(/localhost:\*/);
});

test(`a squad's local copy of the remote runs inside the host: manifest, entry and chunks from its loopback port, the screen, a banner that clears it`, async ({
  page,
}) => {
  test.skip(!OPTED_IN, 'this deployment did not opt in: the next test proves the override stopped');
  const manifestUrl = `${localOrigin}/mf-manifest.json`;
  await setOnHost(page, { 'portal-devtools': '1', [overrideKey]: manifestUrl });
  const requests: Request[] = [];
  page.on('request', (request) => requests.push(request));
  await openScreen(page);

  // The manifest, the entry and the routes chunks it names, all from the squad's port...
  const localManifest = JSON.parse(readFileSync(join(REPO, remote.dir, 'dist', 'mf-manifest.json'), 'utf8')) as Manifest;
  expect(requests.map((request) => request.url())).toContain(manifestUrl);
  const fromLocal = scriptsFrom(requests, localOrigin);
  expect(fromLocal).toEqual(expect.arrayContaining(routesScripts(localManifest, `${localOrigin}/`)));
  // ...and the screen's own chunks too (loaded by the container, after the routes).
  expect(fromLocal.length).toBeGreaterThan(routesScripts(localManifest, `${localOrigin}/`).length);
  // The release's origin served at most what the page's early script announces before the host
  // runs (its entry and routes, a head start that downloads and never runs): nothing the screen ran.
  const deployedManifest = await deployedManifestUrl(page);
  const release = (await (await page.request.get(deployedManifest)).json()) as Manifest;
  const announced = routesScripts(release, new URL('.', deployedManifest).href);
  for (const url of scriptsFrom(requests, remote.origin)) expect(announced).toContain(url);

  // Never silent: the banner names the remote and the squad's origin, with a button that clears.
  const banner = page.getByRole('region', { name: 'Remotas locais' });
  await expect(banner).toContainText(`Remota local: ${remote.name} ← ${localOrigin}`);
  await expectAccessible(page);
  // Reached with the keyboard alone (Tab, from wherever the page left the focus), and pressed with Enter.
  const clear = banner.getByRole('button', { name: 'Limpar remotas locais e recarregar' });
  for (let presses = 0; presses < 40 && !(await clear.evaluate((button) => button === document.activeElement)); presses += 1) {
    await page.keyboard.press('Tab');
  }
  await expect(clear).toBeFocused();

  // Cleared and reloaded: the release again, no banner, nothing from the squad's port.
  requests.length = 0;
  await Promise.all([page.waitForEvent('load'), page.keyboard.press('Enter')]);
  await expect(page.getByRole('heading', { level: 1, name: link.heading })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(link.text).first()).toBeVisible();
  expect(await page.evaluate((key) => localStorage.getItem(key), overrideKey)).toBeNull();
  // The devtools stay asked for (only the overrides are cleared): the banner would be there if one were left.
  expect(await page.evaluate(() => localStorage.getItem('portal-devtools'))).toBe('1');
  await expect(banner).toHaveCount(0);
  expect(requests.filter((request) => new URL(request.url()).origin === localOrigin)).toEqual([]);
  expect(scriptsFrom(requests, remote.origin)).toEqual(expect.arrayContaining(routesScripts(release, new URL('.', deployedManifest).href)));
});

test('an override that is not a loopback address is refused, said in the console, and the release runs', async ({ page }) => {
  const { port } = new URL(localOrigin);
  // User info: the host of this address is not localhost.
  const refused = `http://localhost:${port}@portal-squad.example/mf-manifest.json`;
  await setOnHost(page, { 'portal-devtools': '1', [overrideKey]: refused });
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  const requests: Request[] = [];
  page.on('request', (request) => requests.push(request));
  await openScreen(page);
  expect(warnings.some((text) => text.includes(`${overrideKey} refused`) && text.includes('the deployed release is used'))).toBe(true);
  expect(requests.filter((request) => !['localhost', '127.0.0.1'].includes(new URL(request.url()).hostname))).toEqual([]);
  expect(requests.filter((request) => new URL(request.url()).origin === localOrigin)).toEqual([]);
  const deployedManifest = await deployedManifestUrl(page);
  expect(requests.map((request) => request.url())).toContain(deployedManifest);
  await expect(page.getByRole('region', { name: 'Remotas locais' })).toHaveCount(0);
});

test('an override without the devtools asked for does nothing: no byte from loopback, no banner', async ({ page }) => {
  await setOnHost(page, { [overrideKey]: `${localOrigin}/mf-manifest.json` });
  await page.evaluate(() => localStorage.removeItem('portal-devtools'));
  const requests: Request[] = [];
  page.on('request', (request) => requests.push(request));
  await openScreen(page);
  expect(requests.filter((request) => new URL(request.url()).origin === localOrigin)).toEqual([]);
  await expect(page.getByRole('region', { name: 'Remotas locais' })).toHaveCount(0);
});

test('where the deployment did not opt in, the CSP stops the override: not one request reaches the loopback port, and the console says why', async ({
  page,
}) => {
  test.skip(OPTED_IN, 'this server opted in: the override runs (test above)');
  await setOnHost(page, { 'portal-devtools': '1', [overrideKey]: `${localOrigin}/mf-manifest.json` });
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  reachedLocal.length = 0;
  await page.goto(withToken(link.path));
  // The banner still says an override was asked for (never silent)...
  await expect(page.getByRole('region', { name: 'Remotas locais' })).toContainText(`Remota local: ${remote.name}`);
  // ...and the browser refused the address: the policy, not the portal's code, is what stops it.
  await expect.poll(() => violations.some((text) => text.includes(localOrigin)), { timeout: 15_000 }).toBe(true);
  expect(reachedLocal).toEqual([]);
});
