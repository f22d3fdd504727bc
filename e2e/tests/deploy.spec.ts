import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { join } from 'node:path';
import portalCohort from '../../deploy/nginx/portal-cohort.mjs';
import { APPS as SUITE_APPS } from '../../build-preset/apps.cjs';
import { hashTree, listFiles } from '../../scripts/tree.cjs';
import {
  DEMO_DRIVER_ID,
  DEMO_TOKEN,
  driverToken,
  expect,
  expectAccessible,
  HOST,
  REMOTE_ORIGINS,
  savedDraft,
  test,
  withToken,
  type Browser,
  type Page,
} from './support';
import { promValue, receiverLog, receiverMetrics, sampleSum } from './telemetry-support';

// Runs only through nginx (PORTAL_SERVER=nginx, see playwright.config.ts): the deployment's
// own web server configuration, caching, headers, statement proxy and one-remote releases.

const repo = join(__dirname, '..', '..');
const deployRoot = join(repo, '.deploy');

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A raw GET: headers as nginx sent them (no decompression, no browser cache). */
/** The signed cohort cookie the native app's entry gives the demo driver (deploy/nginx/portal-cohort.mjs), as a Cookie header. */
async function entryCohortCookie(): Promise<string> {
  const entry = await fetch(withToken('/App'), { redirect: 'manual' });
  const cookie = /portal_cohort=[^;]+/.exec(entry.headers.get('set-cookie') ?? '')?.[0] ?? '';
  expect(cookie).toMatch(/^portal_cohort=c\d\d\./);
  return cookie;
}

function rawGet(url: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

function hashedChunk(dir: string, pattern: RegExp): string {
  const name = readdirSync(join(deployRoot, 'apps', dir, 'current')).find((file) => pattern.test(file));
  if (!name) throw new Error(`no file like ${pattern} in ${dir}`);
  return name;
}

function release(args: string[]): string {
  return execFileSync(process.execPath, [join(repo, 'scripts', 'release-remote.mjs'), ...args], { cwd: repo, encoding: 'utf8' });
}

const remoteListFile = join(deployRoot, 'apps', 'host', 'config', 'remotes.json');
const selfServiceReleases = join(deployRoot, 'apps', 'mfe-self-service', 'releases');
const hostConfigFile = join(deployRoot, 'apps', 'host', 'config', 'env.json');

/** Runs `body` with the deployment's runtime configuration asking open tabs to revalidate every second. */
async function revalidatingEverySecond(body: () => Promise<void>): Promise<void> {
  const original = readFileSync(hostConfigFile, 'utf8');
  writeFileSync(hostConfigFile, JSON.stringify({ ...JSON.parse(original), releases: { revalidateSeconds: 1 } }));
  try {
    await body();
  } finally {
    writeFileSync(hostConfigFile, original);
  }
}

/** Marks the page's document: the mark is gone after a full load, still there after in-app navigations. */
const markDocument = (page: Page) => page.evaluate(() => ((window as unknown as { portalTestMark?: boolean }).portalTestMark = true));
const sameDocument = (page: Page) => page.evaluate(() => (window as unknown as { portalTestMark?: boolean }).portalTestMark === true);

/** From any screen of an area to the home and back into the self-service area by its tile, as a driver does. */
async function throughHomeToNotifications(page: Page): Promise<void> {
  await page.locator('header').getByRole('link', { name: 'Voltar' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Portal do Motorista' })).toBeVisible();
  // Past the configured interval since the list was last read.
  await page.waitForTimeout(1_200);
  await page.getByRole('link', { name: 'Notificações' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Notificações' })).toBeVisible();
}

/**
 * A newer tree of the self-service remote and the platform library, changed by `edit`, inside
 * the repository (so it resolves the rest of its packages); the copy of the platform library
 * is what the copied remote builds against.
 */
function newerTree(name: string, edit: (tree: { remote: string; shared: string }) => void): string {
  const root = join(repo, '.tmp', name);
  rmSync(root, { recursive: true, force: true });
  const skipBuilds = (source: string) => !/[/\\](node_modules|dist)([/\\]|$)/.test(source);
  cpSync(join(repo, 'mfe-self-service'), join(root, 'mfe-self-service'), { recursive: true, filter: skipBuilds });
  cpSync(join(repo, 'shared'), join(root, 'shared'), { recursive: true, filter: skipBuilds });
  cpSync(join(repo, 'apps.json'), join(root, 'apps.json'));
  mkdirSync(join(root, 'node_modules', '@driver-portal'), { recursive: true });
  symlinkSync(join(root, 'shared'), join(root, 'node_modules', '@driver-portal', 'shared'), 'dir');
  edit({ remote: join(root, 'mfe-self-service'), shared: join(root, 'shared') });
  return root;
}

/** Replaces `anchor` in a file, failing loudly if the source moved on. */
function patch(file: string, anchor: string, replacement: string): void {
  const content = readFileSync(file, 'utf8');
  if (!content.includes(anchor)) throw new Error(`${file} no longer contains ${anchor}`);
  writeFileSync(file, content.replace(anchor, replacement));
}

function editJson(file: string, edit: (json: Record<string, Record<string, string>>) => void): void {
  const json = JSON.parse(readFileSync(file, 'utf8')) as Record<string, Record<string, string>>;
  edit(json);
  writeFileSync(file, JSON.stringify(json, null, 2));
}

/**
 * What a squad ships alone: a call its host has never heard of, a new CSS class, and a new
 * export of a stateless platform part (format) that its screen uses, built against a newer
 * platform library (the next minor version) than the running host's.
 */
function squadRelease({ remote, shared }: { remote: string; shared: string }): void {
  editJson(join(shared, 'package.json'), (json) => {
    const [major, minor] = String(json.version).split('.').map(Number);
    json.version = `${major}.${(minor ?? 0) + 1}.0` as never;
  });
  patch(
    join(shared, 'src', 'format', 'index.ts'),
    'export function onlyDigits(',
    'export function releaseLabel(text: string): string {\n  return `Versão nova: ${text}`;\n}\n\nexport function onlyDigits(',
  );
  patch(
    join(remote, 'src', 'contract', 'index.ts'),
    '\n} as const;',
    `\n  register: {\n    eulaDocument: defineEndpoint('register', 'GET', 'api/1.0/driver/eula/:type', { answer: v.object({ documentUrl: v.string() }) }),\n  },\n} as const;`,
  );
  const feature = join(remote, 'src', 'features', 'notifications');
  writeFileSync(join(feature, 'release-note.css'), '.release-note {\n  color: rgb(1, 2, 3);\n}\n');
  writeFileSync(
    join(feature, 'ReleaseNote.tsx'),
    [
      "import { useLoad } from '@driver-portal/shared/data';",
      "import { releaseLabel } from '@driver-portal/shared/format';",
      "import { callApi } from '@driver-portal/shared/http';",
      "import { api } from '../../contract';",
      "import './release-note.css';",
      'export function ReleaseNote() {',
      '  const load = useLoad((signal) => callApi(api.register.eulaDocument, { params: { type: 0 }, signal }), []);',
      "  return <p className=\"release-note\">{load.state.status === 'success' ? releaseLabel(load.state.data.documentUrl) : '…'}</p>;",
      '}',
    ].join('\n'),
  );
  const page = join(feature, 'NotificationsListPage.tsx');
  patch(
    page,
    "import { fetchNotifications } from './api';",
    "import { fetchNotifications } from './api';\nimport { ReleaseNote } from './ReleaseNote';",
  );
  patch(page, '<LoadView {...load}', '<ReleaseNote />\n      <LoadView {...load}');
}

/** The worker processes of an app's nginx (Linux: children of the master named by its pid file). */
function nginxWorkers(app: string): string[] {
  const master = readFileSync(join(deployRoot, 'nginx', app, 'logs', 'nginx.pid'), 'utf8').trim();
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        // "pid (comm) state ppid ...": the parent's pid is the second field after the command.
        return (
          readFileSync(`/proc/${pid}/stat`, 'utf8')
            .replace(/^.*\) /, '')
            .split(' ')[1] === master
        );
      } catch {
        return false;
      }
    })
    .sort();
}

/** A notification list that fails with the driver's data in its message, as careless code would. */
function throwingScreen({ remote }: { remote: string }): void {
  const feature = join(remote, 'src', 'features', 'notifications');
  writeFileSync(
    join(feature, 'Boom.tsx'),
    'export function Boom(): never {\n  throw new Error(\'Falha do canário para "João da Silva", CPF 529.982.247-25\');\n}\n',
  );
  const page = join(feature, 'NotificationsListPage.tsx');
  patch(page, "import { fetchNotifications } from './api';", "import { fetchNotifications } from './api';\nimport { Boom } from './Boom';");
  patch(page, '<LoadView {...load}', '<Boom />\n      <LoadView {...load}');
}

async function expectReleaseNote(page: Page): Promise<void> {
  const note = page.locator('.release-note');
  await expect(note).toHaveText(/^Versão nova: http:\/\/localhost:4000\/static\//);
  // Styled by the stylesheet that shipped with the remote, at the host as at its own URL.
  await expect(note).toHaveCSS('color', 'rgb(1, 2, 3)');
}

test.describe('served by nginx', () => {
  test('cache, security and compression headers', async () => {
    const html = await rawGet(`${HOST}/notifications/list/`);
    expect(html.status).toBe(200);
    expect(html.headers['content-type']).toMatch(/text\/html/);
    expect(html.headers['cache-control']).toBe('no-store');
    expect(html.headers['x-content-type-options']).toBe('nosniff');
    expect(html.headers['referrer-policy']).toBe('no-referrer');
    const csp = String(html.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self' http://localhost:3001");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('unsafe-eval');

    // Revalidated at every use (issue 39): an ETag and a 304 while unchanged (a tab's cohort cookie
    // with the list: without a signed cohort nginx answers it in full, host.conf); private where the
    // answer depends on the driver's cohort (the list names it, a remote's own files follow its canary).
    const cookie = await entryCohortCookie();
    for (const [path, cacheControl] of [
      ['/remotes.json', 'private, no-cache'],
      ['/env.json', 'no-cache'],
    ]) {
      const config = await rawGet(`${HOST}${path}`, { Cookie: cookie });
      expect(config.status).toBe(200);
      expect(config.headers['cache-control']).toBe(cacheControl);
      expect((await rawGet(`${HOST}${path}`, { Cookie: cookie, 'If-None-Match': String(config.headers.etag) })).status).toBe(304);
    }
    const manifest = await rawGet(`${REMOTE_ORIGINS.selfService}/mf-manifest.json`, { Origin: HOST });
    expect(manifest.status).toBe(200);
    expect(manifest.headers['cache-control']).toBe('private, no-cache');
    expect(manifest.headers['access-control-allow-origin']).toBe(HOST);
    // The entry is named by its content in the manifest, and cached for a year like any hashed file.
    const entryName = String(
      (JSON.parse(manifest.body.toString()) as { metaData: { remoteEntry: { name: string } } }).metaData.remoteEntry.name,
    );
    expect(entryName).toMatch(/^remoteEntry\.[0-9a-f]{10}\.js$/);
    const entry = await rawGet(`${REMOTE_ORIGINS.selfService}/${entryName}`, { Origin: HOST });
    expect(entry.status).toBe(200);
    expect(entry.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(entry.headers['access-control-allow-origin']).toBe(HOST);

    const chunk = hashedChunk('host', /^vendors-.*react-dom_client_js.*\.[0-9a-f]{10}\.js$/);
    const hashed = await rawGet(`${HOST}/${chunk}`, { 'Accept-Encoding': 'gzip' });
    expect(hashed.status).toBe(200);
    expect(hashed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(hashed.headers['content-encoding']).toBe('gzip');

    // A missing script is a real 404, not the SPA's index.html.
    const missing = await rawGet(`${HOST}/main.0123456789.js`);
    expect(missing.status).toBe(404);
    expect(missing.headers['cache-control']).toBe('no-store');
    expect(missing.body.toString()).not.toContain('<div id="root">');
  });

  test('remotes answer CORS only to the host', async () => {
    const foreign = await rawGet(`${REMOTE_ORIGINS.account}/mf-manifest.json`, { Origin: 'https://evil.example' });
    expect(foreign.status).toBe(200);
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
  });

  test('the Content-Security-Policy blocks an injected inline script', async ({ page }) => {
    await page.goto(withToken('/App'));
    await expect(page.getByRole('heading', { level: 1, name: 'Portal do Motorista' })).toBeVisible();
    const outcome = await page.evaluate(async () => {
      const violated = new Promise<string>((resolve) =>
        document.addEventListener('securitypolicyviolation', (event) => resolve(event.violatedDirective), { once: true }),
      );
      const script = document.createElement('script');
      script.textContent = 'window.__injected = true;';
      document.body.append(script);
      const directive = await Promise.race([violated, new Promise<string>((resolve) => setTimeout(() => resolve('none'), 2000))]);
      return { directive, ran: (window as unknown as { __injected?: boolean }).__injected === true };
    });
    expect(outcome.ran).toBe(false);
    expect(outcome.directive).toMatch(/script-src/);
  });

  test('the statement service is reached on the host origin; its credential never reaches a browser', async () => {
    const credential = process.env.STATEMENT_BASIC_AUTH ?? '';
    expect(credential).not.toBe('');
    const encoded = Buffer.from(credential).toString('base64');
    const query = 'cpf=52998224725&BirthDate=1985-04-12&startDate=2026-01-01&endDate=2026-12-31';

    // Only for a signed-in driver (statement-proxy.spec.ts has the refusals).
    const driver = { Authorization: `Bearer ${DEMO_TOKEN}` };
    const proxied = await rawGet(`${HOST}/statement/api/extrato/nf?${query}`, driver);
    expect(proxied.status).toBe(200);
    expect(JSON.parse(proxied.body.toString()).data.length).toBeGreaterThan(0);
    // Every app's origin has it (a remote's own page calls its own origin too).
    const viaRemote = await rawGet(`${REMOTE_ORIGINS.account}/statement/api/extrato/nf?${query}`, driver);
    expect(viaRemote.status).toBe(200);
    const direct = await rawGet(`http://localhost:4000/statement/api/extrato/nf?${query}`);
    expect(direct.status).toBe(401);
    // The deployment's runtime configuration sends the apps there, not to the sandbox.
    const env = JSON.parse((await rawGet(`${HOST}/env.json`)).body.toString()) as {
      environments: { sandbox: { services: { statement: string } } };
    };
    expect(env.environments.sandbox.services.statement).toBe('/statement/');

    const secret = credential.split(':')[1] ?? credential;
    for (const response of [proxied, viaRemote, direct]) {
      const exposed = JSON.stringify(response.headers) + response.body.toString();
      expect(exposed).not.toContain(secret);
      expect(exposed).not.toContain(encoded);
    }
    // Nothing served to browsers holds it: every file of every deployed app.
    const files = SUITE_APPS.map((app) => app.dir).flatMap((app) => [
      ...listFiles(join(deployRoot, 'apps', app, 'releases')),
      ...listFiles(join(deployRoot, 'apps', app, 'config')),
    ]);
    expect(files.length).toBeGreaterThan(50);
    for (const file of files) {
      const content = readFileSync(file, 'latin1');
      expect(content.includes(secret) || content.includes(encoded)).toBe(false);
    }
  });
});

test.describe('one-remote releases', () => {
  test.describe.configure({ timeout: 90_000 });

  test('a remote built from a newer tree (new call, new CSS class, newer stateless platform part) is released alone and works at the host; rollback restores it', async ({
    page,
  }) => {
    const hostBefore = hashTree(join(deployRoot, 'apps', 'host', 'current'));
    const source = newerTree('release-src', squadRelease);

    await page.goto(withToken('/notifications/list/'));
    await expect(page.getByRole('heading', { level: 1, name: 'Notificações' })).toBeVisible();
    await expect(page.locator('.release-note')).toHaveCount(0);

    const id = `e2e-${Date.now().toString(36)}`;
    try {
      expect(release(['mfe-self-service', '--root', source, '--id', id])).toContain(`release ${id} is live`);
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: 'Notificações' })).toBeVisible();
      await expectReleaseNote(page);
      await expect(page.getByRole('list', { name: 'Notificações' }).getByRole('listitem').first()).toBeVisible();
      await expectAccessible(page);
      // The other remotes, from the older tree, still work beside it.
      await page.goto(`${HOST}/car-insurance/init/${DEMO_DRIVER_ID}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByText('Esta área precisa ser atualizada')).toHaveCount(0);
      await page.goto(`${REMOTE_ORIGINS.selfService}/notifications/list/`);
      await expectReleaseNote(page);
      // The host was not rebuilt or redeployed: byte for byte the same files.
      expect(hashTree(join(deployRoot, 'apps', 'host', 'current'))).toBe(hostBefore);
    } finally {
      release(['mfe-self-service', '--rollback']);
    }
    await page.goto(`${HOST}/notifications/list/`);
    await expect(page.getByRole('heading', { level: 1, name: 'Notificações' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Notificações' })).toBeVisible();
    await expect(page.locator('.release-note')).toHaveCount(0);
    expect(hashTree(join(deployRoot, 'apps', 'host', 'current'))).toBe(hostBefore);
  });

  const incompatible: Array<[string, string, string, (tree: { remote: string; shared: string }) => void]> = [
    [
      'React 18',
      'react: the build requires ^18.3.1, the running host provides 19.3.1',
      'Rebuild mfe-self-service against react 19.3.1',
      ({ remote }) =>
        editJson(join(remote, 'package.json'), (json) => {
          (json.dependencies as Record<string, string>).react = '18.3.1';
        }),
    ],
    [
      'an incompatible session (platform singleton 2.0.0)',
      '@driver-portal/shared/session: the build requires ^2.0.0, the running host provides',
      'Release the host built with @driver-portal/shared/session 2.0.0 first',
      ({ shared }) =>
        editJson(join(shared, 'package.json'), (json) => {
          (json.platformSingletons as Record<string, string>).session = '2.0.0';
        }),
    ],
  ];
  for (const [label, needs, releaseFirst, edit] of incompatible) {
    test(`a remote built against ${label} is refused by release:remote: non-zero exit, nothing published, the remote list untouched`, async ({
      page,
    }) => {
      const source = newerTree('mismatch-src', edit);
      const listBefore = readFileSync(remoteListFile, 'utf8');
      const releasesBefore = readdirSync(selfServiceReleases).sort();
      const id = `e2e-mismatch-${Date.now().toString(36)}`;
      const outcome = spawnSync(
        process.execPath,
        [join(repo, 'scripts', 'release-remote.mjs'), 'mfe-self-service', '--root', source, '--id', id],
        {
          cwd: repo,
          encoding: 'utf8',
        },
      );
      expect(outcome.status).toBe(3);
      expect(outcome.stderr).toContain(needs);
      expect(outcome.stderr).toContain(releaseFirst);
      expect(outcome.stdout).not.toContain('is live');
      expect(readFileSync(remoteListFile, 'utf8')).toBe(listBefore);
      expect(readdirSync(selfServiceReleases).sort()).toEqual(releasesBefore);
      expect(existsSync(join(selfServiceReleases, id))).toBe(false);
      // Drivers never saw it.
      await page.goto(withToken('/notifications/list/'));
      await expect(page.getByRole('heading', { level: 1, name: 'Notificações' })).toBeVisible();
    });
  }

  test('a build the check did not see (published by hand) is refused in the browser; after the rollback its "Tentar novamente" recovers without a reload', async ({
    page,
  }) => {
    // The version guard stays the browser's last line (a host rolled back under its remotes, a
    // list edited by hand): this publishes a session 2.0.0 build the way a release would,
    // without the check.
    const source = newerTree('guard-src', ({ shared }) =>
      editJson(join(shared, 'package.json'), (json) => {
        (json.platformSingletons as Record<string, string>).session = '2.0.0';
      }),
    );
    execFileSync(process.execPath, [join(repo, 'scripts', 'build.mjs'), '--only', 'mfe-self-service', '--root', source], { cwd: repo });
    const id = `e2e-guard-${Date.now().toString(36)}`;
    cpSync(join(source, 'mfe-self-service', 'dist'), join(selfServiceReleases, id), { recursive: true });
    const listBefore = readFileSync(remoteListFile, 'utf8');
    const messages: string[] = [];
    page.on('console', (message) => messages.push(message.text()));
    try {
      writeFileSync(remoteListFile, listBefore.replace(/\/releases\/[^/]+\/mf-manifest\.json/, `/releases/${id}/mf-manifest.json`));
      await page.goto(withToken('/notifications/list/'));
      await expect(page.getByRole('heading', { level: 1, name: 'Esta área precisa ser atualizada' })).toBeVisible({ timeout: 15_000 });
      await expect(page.getByText('versão diferente do aplicativo')).toBeVisible();
      expect(messages.join('\n')).toContain('@driver-portal/shared/session ^2.0.0');
      await expectAccessible(page);
      await markDocument(page);
    } finally {
      // The rollback: the list names the release that worked.
      writeFileSync(remoteListFile, listBefore);
    }
    await page.getByRole('button', { name: 'Tentar novamente' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Notificações' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Notificações' })).toBeVisible();
    expect(await sameDocument(page)).toBe(true);
    rmSync(join(selfServiceReleases, id), { recursive: true, force: true });
  });
});

test.describe('a tab open across releases', () => {
  test.describe.configure({ timeout: 120_000 });

  test('gets the new release at its next navigation into the area without a manual reload or losing a draft; a rollback reaches it the same way', async ({
    page: loadedTab,
  }) => {
    const source = newerTree('skew-src', squadRelease);
    // nginx answers a revalidation of the list with 304 while nothing changed (a tab has its cohort's cookie).
    const cookie = await entryCohortCookie();
    const list = await rawGet(`${HOST}/remotes.json`, { 'Accept-Encoding': 'gzip', Cookie: cookie });
    const etag = String(list.headers.etag);
    expect(etag).not.toBe('undefined');
    expect((await rawGet(`${HOST}/remotes.json`, { 'Accept-Encoding': 'gzip', Cookie: cookie, 'If-None-Match': etag })).status).toBe(304);

    await revalidatingEverySecond(async () => {
      // A tab on the home that has not opened the area yet, and one that has (with a draft in another area).
      const homeTab = await loadedTab.context().newPage();
      await homeTab.goto(withToken('/App'));
      await expect(homeTab.getByRole('heading', { level: 1, name: 'Portal do Motorista' })).toBeVisible();
      await markDocument(homeTab);

      await loadedTab.goto(withToken(`/my-account/bank-info/${DEMO_DRIVER_ID}`));
      await expect(loadedTab.getByRole('heading', { level: 1, name: 'Dados bancários' })).toBeVisible();
      await loadedTab.getByLabel('Agência', { exact: true }).fill('4321');
      await expect.poll(() => savedDraft(loadedTab, `bank-info:${DEMO_DRIVER_ID}`)).toContain('4321');
      await loadedTab.goto(`${HOST}/notifications/list/`);
      await expect(loadedTab.getByRole('heading', { level: 1, name: 'Notificações' })).toBeVisible();
      await expect(loadedTab.locator('.release-note')).toHaveCount(0);
      await markDocument(loadedTab);
      let fullLoads = 0;
      loadedTab.on('load', () => (fullLoads += 1));

      const id = `e2e-skew-${Date.now().toString(36)}`;
      try {
        expect(release(['mfe-self-service', '--root', source, '--id', id])).toContain(`release ${id} is live`);

        // The area was not loaded: its first visit loads the new release in place.
        await homeTab.waitForTimeout(1_200);
        await homeTab.getByRole('link', { name: 'Notificações' }).click();
        await expectReleaseNote(homeTab);
        expect(await sameDocument(homeTab)).toBe(true);

        // The area was loaded: the next navigation into it is a full load of the target, once.
        await throughHomeToNotifications(loadedTab);
        await expectReleaseNote(loadedTab);
        expect(await sameDocument(loadedTab)).toBe(false);
        await expect(loadedTab).toHaveURL(`${HOST}/notifications/list/`);
        await expect(loadedTab.getByRole('list', { name: 'Notificações' }).getByRole('listitem').first()).toBeVisible();
        expect(await savedDraft(loadedTab, `bank-info:${DEMO_DRIVER_ID}`)).toContain('4321');
        await loadedTab.waitForTimeout(1_500);
        expect(fullLoads).toBe(1);
      } finally {
        release(['mfe-self-service', '--rollback']);
      }

      // The rollback reaches both tabs at their next navigation into the area.
      for (const tab of [homeTab, loadedTab]) {
        await markDocument(tab);
        await throughHomeToNotifications(tab);
        await expect(tab.getByRole('list', { name: 'Notificações' })).toBeVisible();
        await expect(tab.locator('.release-note')).toHaveCount(0);
        expect(await sameDocument(tab)).toBe(false);
      }
      // The draft typed before both switches is still there.
      await loadedTab.goto(`${HOST}/my-account/bank-info/${DEMO_DRIVER_ID}`);
      await expect(loadedTab.getByLabel('Agência', { exact: true })).toHaveValue('4321');
      // The release rolled away from stays served for its grace time (old tabs keep their files).
      expect(existsSync(join(selfServiceReleases, id))).toBe(true);
      await homeTab.close();
    });
  });
});

/**
 * Drivers of the sandbox (each with a token of their own, driverToken), and whether one is in a
 * canary of `percent`: the cohort the servers derive from the driver the token check names
 * (deploy/nginx/portal-cohort.mjs), never from the address.
 */
const sandboxDrivers = (series: number, count: number) =>
  Array.from({ length: count }, (_, index) => `00000000-0000-4000-8000-${(series * 1000 + index).toString(16).padStart(12, '0')}`);
const inCanary = (driverId: string, percent: number) => Number(portalCohort.cohortOfDriver(driverId).slice(1)) < percent;

test.describe('canary by cohort', () => {
  test.describe.configure({ timeout: 150_000 });

  test("a canary at 50 % splits drivers by their token's driver (never the address's id or a hand-written cookie), each the same at every load; a canary rollback and a promotion reach everyone", async ({
    browser,
  }) => {
    const source = newerTree('canary-src', squadRelease);
    const drivers = sandboxDrivers(1, 8);
    const inCohort = drivers.filter((id) => inCanary(id, 50));
    const outside = drivers.filter((id) => !inCanary(id, 50));
    // The ids were chosen so both halves are present: a split that gave everyone one version fails.
    expect(inCohort.length).toBeGreaterThan(0);
    expect(outside.length).toBeGreaterThan(0);

    /**
     * What a driver's fresh webview shows (twice: never flipping between loads). The native
     * app's deep link carries the driver's own token and, in the address, `addressDriver` (the
     * driver's id, or another's: it chooses nothing); the second load has neither (as after the
     * app's own navigations). `cookie`: what replaces the server's cohort cookie before it.
     */
    async function sees(
      driverId: string,
      path = '/notifications/list/',
      origin = HOST,
      { addressDriver = driverId, cookie }: { addressDriver?: string; cookie?: string } = {},
    ): Promise<'new' | 'live'> {
      const context = await browser.newContext();
      const page = await context.newPage();
      const seen: Array<'new' | 'live'> = [];
      try {
        for (const load of [0, 1]) {
          if (load && cookie !== undefined) await context.addCookies([{ name: 'portal_cohort', value: cookie, url: origin }]);
          await page.goto(load ? `${origin}${path}` : `${origin}${path}?token=${driverToken(driverId)}&driverId=${addressDriver}`);
          await expect(page.getByRole('list', { name: 'Notificações' }).getByRole('listitem').first()).toBeVisible();
          // The new release renders its note with the list's screen; give its call time to answer.
          const note = await page.locator('.release-note').count();
          seen.push(note > 0 ? 'new' : 'live');
        }
      } finally {
        await context.close();
      }
      if (cookie === undefined) expect(seen[0]).toBe(seen[1]);
      return seen[seen.length - 1] ?? 'live';
    }

    const id = `e2e-canary-${Date.now().toString(36)}`;
    const listBefore = readFileSync(remoteListFile, 'utf8');
    try {
      expect(release(['mfe-self-service', '--root', source, '--id', id, '--canary', '50'])).toContain(
        `canary ${id} is live for 50% of drivers`,
      );
      for (const driverId of drivers) {
        const expected = inCanary(driverId, 50) ? 'new' : 'live';
        expect(await sees(driverId)).toBe(expected);
        // The remote's own page picks the same version for the driver.
        expect(await sees(driverId, '/notifications/list/', REMOTE_ORIGINS.selfService)).toBe(expected);
      }

      // A driver cannot choose: the id of a driver of the other half in the address, or a cohort
      // cookie of the canary's written by hand (unsigned, or with a made-up signature), gives
      // the version of the token's driver, or the live release.
      const [inside, outsider] = [inCohort[0] ?? '', outside[0] ?? ''];
      for (const origin of [HOST, REMOTE_ORIGINS.selfService]) {
        expect(await sees(outsider, '/notifications/list/', origin, { addressDriver: inside })).toBe('live');
        expect(await sees(inside, '/notifications/list/', origin, { addressDriver: outsider })).toBe('new');
        for (const cookie of ['c00', `c00.${Math.floor(Date.now() / 1000) + 3600}.${'A'.repeat(43)}`]) {
          expect(await sees(outsider, '/notifications/list/', origin, { cookie })).toBe('live');
        }
      }

      // Rolling the canary back: every driver on the live release again.
      expect(release(['mfe-self-service', '--rollback'])).toContain(`canary ${id} rolled back`);
      expect(await sees(inCohort[0] ?? '')).toBe('live');
      expect(await sees(inCohort[0] ?? '', '/notifications/list/', REMOTE_ORIGINS.selfService)).toBe('live');
      expect(readFileSync(remoteListFile, 'utf8')).toBe(listBefore);

      // Again, then promoted: every driver, and the remote's own page, on the new release.
      release(['mfe-self-service', '--root', source, '--id', id, '--canary', '50', '--no-build']);
      expect(release(['mfe-self-service', '--promote'])).toContain(`canary ${id} promoted`);
      expect(await sees(outside[0] ?? '')).toBe('new');
      expect(await sees(outside[0] ?? '', '/notifications/list/', REMOTE_ORIGINS.selfService)).toBe('new');
    } finally {
      // Back to the release before (the promotion went into the history like a release).
      if (readFileSync(remoteListFile, 'utf8') !== listBefore) release(['mfe-self-service', '--rollback']);
    }
    expect(readFileSync(remoteListFile, 'utf8')).toBe(listBefore);
  });

  /** release:remote --canary 50 --watch with `thresholds`, its output kept; drivers of the cohort open the list until it exits. */
  /** The driver of the canary's cohort who opens the list while --watch decides. */
  const watchDriver = sandboxDrivers(2, 50).find((candidate) => inCanary(candidate, 50)) ?? '';

  async function watchWhileDriversLoad(
    browser: Browser,
    args: string[],
    heading: string,
    onceLive: () => void = () => undefined,
  ): Promise<{ code: number | null; output: string; id: string }> {
    const id = args[args.indexOf('--id') + 1] ?? '';
    const driver = watchDriver;
    let output = '';
    const watch = spawn(process.execPath, [join(repo, 'scripts', 'release-remote.mjs'), 'mfe-self-service', ...args], {
      cwd: repo,
      env: { ...process.env, PORTAL_WATCH_INTERVAL_MS: '1000' },
    });
    watch.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    watch.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => watch.on('exit', resolve));
    let exitCode: number | null | undefined;
    void exited.then((code) => (exitCode = code));
    try {
      await expect.poll(() => output, { timeout: 60_000 }).toContain(`canary ${id} is live for 50% of drivers`);
      onceLive();
      // Drivers of the cohort open the area until the watch decides from Prometheus.
      for (let attempt = 0; attempt < 12 && exitCode === undefined; attempt += 1) {
        const context = await browser.newContext();
        const page = await context.newPage();
        await page.goto(`${HOST}/notifications/list/?token=${driverToken(driver)}&driverId=${driver}`);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        // Telemetry arrives a couple of seconds after the first screen; Prometheus scrapes every 2 s.
        await page.waitForTimeout(4_500);
        await context.close();
      }
      return { code: await exited, output, id };
    } finally {
      if (exitCode === undefined) watch.kill();
    }
  }

  // One test address here (every browser is 127.0.0.1): one client. The vitals of a busy test
  // machine are noise, so their margin is wide here (the verdict's unit tests hold the rules).
  const E2E_THRESHOLDS = ['--min-loads', '3', '--min-clients', '1', '--vitals-margin', '1000', '--window', '10m'];

  test('--watch rolls back a canary that throws, from PromQL, and says why; the receiver kept no token, CPF or name; release:status prints what Prometheus holds', async ({
    browser,
  }) => {
    const source = newerTree('throwing-src', throwingScreen);
    const listBefore = readFileSync(remoteListFile, 'utf8');
    const id = `e2e-throws-${Date.now().toString(36)}`;
    const started = Date.now();
    const { code, output } = await watchWhileDriversLoad(
      browser,
      ['--root', source, '--id', id, '--canary', '50', '--watch', ...E2E_THRESHOLDS],
      'Algo deu errado nesta tela',
    );
    expect(code).toBe(4);
    expect(output).toMatch(new RegExp(`canary ${id} rolled back by --watch: \\d+ errors in \\d+ loads \\(\\d+ per 1,000\\) against`));
    // Before it, it waited for the minimum, saying so.
    expect(output).toMatch(new RegExp(`waiting: canary ${id} has \\d+ loads from \\d+ drivers so far`));
    expect(readFileSync(remoteListFile, 'utf8')).toBe(listBefore);
    console.log(`--watch rolled the throwing canary back in ${Math.round((Date.now() - started) / 1000)} s (build included)`);

    // What Prometheus holds for the canary, as release:status prints it.
    const loads = await promValue(`sum(portal_remote_loads_total{release="${id}"})`);
    const errors = await promValue(`sum(portal_remote_errors_total{release="${id}"})`);
    expect(loads).toBeGreaterThanOrEqual(3);
    expect(errors).toBeGreaterThanOrEqual(3);
    const status = execFileSync(process.execPath, [join(repo, 'scripts', 'release-status.mjs'), '--window', '10m'], {
      cwd: repo,
      encoding: 'utf8',
    });
    expect(status).toContain('From Prometheus (http://127.0.0.1:9090), the last 10m:');
    const row = new RegExp(`mfe_self_service\\s+${id}\\s+retired\\s+(\\d+)\\s+(\\d+)\\s+(\\d+)`).exec(status);
    expect(row).not.toBeNull();
    expect(Number(row?.[1])).toBeGreaterThanOrEqual(loads);
    expect(Number(row?.[2])).toBe(1);
    expect(Number(row?.[3])).toBeGreaterThanOrEqual(500);

    // The receiver logged the failures scrubbed: the release and route, never the driver's data.
    const log = receiverLog()
      .split('\n')
      .filter((line) => line.includes(id));
    expect(log.length).toBeGreaterThan(0);
    expect(JSON.parse(log[0] ?? '{}')).toMatchObject({
      kind: 'error',
      remote: 'mfe_self_service',
      cohort: 'canary',
      // The route the remote declares (its routes.ts pattern), whatever the page's address said.
      route: '/notifications/list',
    });
    const kept = `${log.join('\n')}\n${await receiverMetrics()}`;
    for (const secret of [driverToken(watchDriver), watchDriver, 'João', 'Silva', '529.982', '247-25']) expect(kept).not.toContain(secret);
  });

  test('--watch rolls back a canary every host refuses (it has no loads at all) at its first verdict, from the refusals', async ({
    browser,
  }) => {
    // A build the release check would refuse (session 2.0.0 against the host's 1.x) put in the
    // canary's folder once it is live: what a host released under a canary, or a check that
    // disagrees with the browser, leaves. Every driver of its cohort is refused: no loads, so a
    // verdict that waited for loads would wait until --watch-minutes (issue 39, item 4).
    const refusedBuild = newerTree('refused-canary-build', ({ shared }) =>
      editJson(join(shared, 'package.json'), (json) => {
        (json.platformSingletons as Record<string, string>).session = '2.0.0';
      }),
    );
    execFileSync(process.execPath, [join(repo, 'scripts', 'build.mjs'), '--only', 'mfe-self-service', '--root', refusedBuild], {
      cwd: repo,
    });
    const source = newerTree('refused-canary-src', () => undefined);
    const listBefore = readFileSync(remoteListFile, 'utf8');
    const id = `e2e-refused-${Date.now().toString(36)}`;
    try {
      const { code, output } = await watchWhileDriversLoad(
        browser,
        ['--root', source, '--id', id, '--canary', '50', '--watch', ...E2E_THRESHOLDS, '--min-failure-clients', '1'],
        'Esta área precisa ser atualizada',
        () => {
          rmSync(join(selfServiceReleases, id), { recursive: true, force: true });
          cpSync(join(refusedBuild, 'mfe-self-service', 'dist'), join(selfServiceReleases, id), { recursive: true });
        },
      );
      expect(code).toBe(4);
      expect(output).toMatch(new RegExp(`canary ${id} rolled back by --watch: \\d+ refused and 0 failed of \\d+ loads from 1 drivers`));
      expect(output).toContain(`hosts do not run ${id}`);
      // No loads were ever counted for it: the rollback did not wait for the minimum of loads.
      expect(await promValue(`sum(portal_remote_loads_total{release="${id}"})`)).toBe(0);
      expect(readFileSync(remoteListFile, 'utf8')).toBe(listBefore);
    } finally {
      if (readFileSync(remoteListFile, 'utf8') !== listBefore) release(['mfe-self-service', '--rollback']);
    }
  });

  test('--watch promotes a clean canary once Prometheus holds enough loads without errors', async ({ browser }) => {
    const source = newerTree('clean-canary-src', squadRelease);
    const listBefore = readFileSync(remoteListFile, 'utf8');
    const id = `e2e-clean-${Date.now().toString(36)}`;
    try {
      const { code, output } = await watchWhileDriversLoad(
        browser,
        ['--root', source, '--id', id, '--canary', '50', '--watch', ...E2E_THRESHOLDS],
        'Notificações',
      );
      expect(code).toBe(0);
      expect(output).toMatch(new RegExp(`canary ${id} promoted by --watch: \\d+ loads from 1 drivers at 0 errors per 1,000`));
      const entry = (JSON.parse(readFileSync(remoteListFile, 'utf8')) as Array<{ name: string; manifest: string; canary?: unknown }>).find(
        (item) => item.name === 'mfe_self_service',
      );
      expect(entry?.manifest).toContain(`/releases/${id}/`);
      expect(entry?.canary).toBeUndefined();
    } finally {
      // Back to the release before (the promotion went into the history like a release).
      if (readFileSync(remoteListFile, 'utf8') !== listBefore) release(['mfe-self-service', '--rollback']);
    }
    expect(readFileSync(remoteListFile, 'utf8')).toBe(listBefore);
  });
});

test.describe("a remote's own page", () => {
  test.describe.configure({ timeout: 120_000 });

  test('sends its load, errors and vitals to the receiver (at /telemetry/ of its own origin) with its release and cohort (a canary with no nginx reload), never the token, CPF or name', async ({
    browser,
  }) => {
    const source = newerTree('page-telemetry-src', throwingScreen);
    const listBefore = readFileSync(remoteListFile, 'utf8');
    const liveId = /\/releases\/([^/]+)\/mf-manifest\.json/.exec(
      (JSON.parse(listBefore) as Array<{ name: string; manifest: string }>).find((entry) => entry.name === 'mfe_self_service')?.manifest ??
        '',
    )?.[1];
    expect(liveId).toBeTruthy();
    const candidates = sandboxDrivers(3, 50);
    const cohortDriver = candidates.find((candidate) => inCanary(candidate, 50)) ?? '';
    const otherDriver = candidates.find((candidate) => !inCanary(candidate, 50)) ?? '';
    const canaryConf = join(deployRoot, 'nginx', 'mfe-self-service', 'conf.d', 'default.conf');
    const confBefore = readFileSync(canaryConf, 'utf8');
    // A reload replaces nginx's worker processes: the same workers afterwards, no reload.
    const workersBefore = nginxWorkers('mfe-self-service');
    expect(workersBefore.length).toBeGreaterThan(0);

    // Counted under the route the remote declares (telemetry/src/routes.ts), not the address's spelling.
    const route = '/notifications/list';
    const counted = async (metric: string, labels: Record<string, string>) => sampleSum(await receiverMetrics(), metric, labels);
    const remote = 'mfe_self_service';
    const errorsOfLiveBefore = await counted('portal_remote_errors_total', { remote, release: liveId ?? '', cohort: 'live' });
    const id = `e2e-page-${Date.now().toString(36)}`;
    try {
      expect(release(['mfe-self-service', '--root', source, '--id', id, '--canary', '50'])).toContain(
        `canary ${id} is live for 50% of drivers`,
      );
      // The canary reached the remote's own page with no nginx reload: the configuration it
      // started with, the same worker processes (release:remote only linked release folders).
      expect(readFileSync(canaryConf, 'utf8')).toBe(confBefore);
      expect(nginxWorkers('mfe-self-service')).toEqual(workersBefore);

      for (const [driverId, expected] of [
        [cohortDriver, { version: id, cohort: 'canary' }],
        [otherDriver, { version: liveId, cohort: 'live' }],
      ] as const) {
        // The receiver counts from its start (other tests' pages included): what this page adds.
        const series = { remote, release: expected.version ?? '', cohort: expected.cohort };
        const loadsBefore = await counted('portal_remote_loads_total', { ...series, route });
        const lcpBefore = await counted('portal_remote_lcp_milliseconds_count', series);
        const context = await browser.newContext();
        const page = await context.newPage();
        await page.goto(`${REMOTE_ORIGINS.selfService}/notifications/list/?token=${driverToken(driverId)}&driverId=${driverId}`);
        const heading = expected.cohort === 'canary' ? 'Algo deu errado nesta tela' : 'Notificações';
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        // Telemetry starts a couple of seconds after the page has loaded: its load first.
        await expect.poll(() => counted('portal_remote_loads_total', { ...series, route }), { timeout: 15_000 }).toBe(loadsBefore + 1);
        // A tap ends the LCP measurement; leaving the page sends what is left.
        await page.getByRole('heading', { level: 1 }).click();
        await page.goto('about:blank');
        await context.close();
        await expect.poll(() => counted('portal_remote_lcp_milliseconds_count', series), { timeout: 10_000 }).toBe(lcpBefore + 1);
      }
    } finally {
      if (readFileSync(remoteListFile, 'utf8') !== listBefore) release(['mfe-self-service', '--rollback']);
    }

    expect(await counted('portal_remote_errors_total', { remote, release: id, cohort: 'canary', route })).toBeGreaterThan(0);
    expect(await counted('portal_remote_errors_total', { remote, release: liveId ?? '', cohort: 'live' })).toBe(errorsOfLiveBefore);
    const kept = `${receiverLog()}\n${await receiverMetrics()}`;
    for (const secret of [DEMO_TOKEN, 'João', 'Silva', '529.982', '247-25', cohortDriver, otherDriver]) expect(kept).not.toContain(secret);
  });
});

test.describe('styles across versions', () => {
  test.describe.configure({ timeout: 90_000 });

  test("a newer remote's copy of a platform style does not restyle an older remote's screen on the same page", async ({ page }) => {
    // Each app's copy of the platform's stateless styles applies to the screens of that copy
    // (build-preset/platform-style-scope.cjs); before, the copy loaded last won (the account's
    // title grew from 18.4 to 40 px).
    const source = newerTree('style-src', ({ shared }) =>
      patch(join(shared, 'src', 'ui', 'ui.css'), '.page-title {\n  font-size: 1.15rem;', '.page-title {\n  font-size: 2.5rem;'),
    );
    const id = `e2e-style-${Date.now().toString(36)}`;
    const accountTitle = page.getByRole('heading', { level: 1 });
    const fontSize = () => accountTitle.evaluate((element) => getComputedStyle(element).fontSize);
    try {
      release(['mfe-self-service', '--root', source, '--id', id]);
      // The older account remote first, then the newer self-service on the same page, then back.
      await page.goto(withToken(`/my-account/init/${DEMO_DRIVER_ID}`));
      await expect(accountTitle).toBeVisible();
      const before = await fontSize();
      // In the same document (a full load would start the styles afresh): out by the back link, in by the tiles.
      await page.locator('header').getByRole('link', { name: 'Voltar' }).click();
      await page.getByRole('link', { name: 'Notificações' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Notificações' })).toBeVisible();
      // The newer copy of the rule is on the page (else this test could not fail).
      await expect(page.getByRole('heading', { level: 1, name: 'Notificações' })).toHaveCSS('font-size', '40px');
      await page.locator('header').getByRole('link', { name: 'Voltar' }).click();
      await page.getByRole('link', { name: 'Minha conta' }).first().click();
      await expect(accountTitle).toBeVisible();
      expect(await fontSize()).toBe(before);
    } finally {
      release(['mfe-self-service', '--rollback']);
    }
  });
});
