import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { HSTS, securityHeaders } from '../../deploy/security-headers.cjs';
import { HOST as SUITE_HOST } from '../../build-preset/apps.cjs';
import { DEMO_TOKEN, expect, HOST, REMOTE_APPS, REMOTE_ORIGINS, test, withToken } from './support';

// Issue 13, point 9, on both servers (`npm start` and nginx): the same security headers from one
// definition (deploy/security-headers.cjs), no page framed by a foreign one, no source map served.

const repo = join(__dirname, '..', '..');
const EVIL = 'https://evil.example';
/** The host and every remote of apps.json. */
const APPS = [
  { dir: SUITE_HOST.dir, origin: HOST, camera: SUITE_HOST.camera },
  ...REMOTE_APPS.map(({ dir, origin, camera }) => ({ dir, origin, camera })),
];
const SECURITY_HEADERS = securityHeaders({
  remoteOrigins: '',
  serviceOrigins: '',
  imgOrigins: '',
  frameAncestors: '',
  xFrameOptions: '',
  cameraAllowlist: '',
  localOverrideSources: '',
}).map(([name]) => name.toLowerCase());

/** The files an app serves: its live release under nginx, its build under `npm start`. */
function servedFolder(dir: string): string {
  return process.env.PORTAL_SERVER === 'nginx' ? join(repo, '.deploy', 'apps', dir, 'current') : join(repo, dir, 'dist');
}

function filesUnder(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

test('every app sends the security headers of the one definition, on pages, files and errors', async () => {
  for (const { origin } of APPS) {
    for (const path of ['/password/change', '/env.json', '/main.0123456789.js']) {
      const response = await fetch(`${origin}${path}`);
      for (const name of SECURITY_HEADERS) expect(response.headers.get(name), `${name} on ${origin}${path}`).toBeTruthy();
      // Issue 37, item 10: a page is for its own origin; the build's files (and their 404s) for any.
      expect(response.headers.get('cross-origin-resource-policy'), `CORP on ${origin}${path}`).toBe(
        path === '/password/change' ? 'same-origin' : 'cross-origin',
      );
      // Plain HTTP here: no HSTS (browsers would ignore it; on localhost it would pin other servers).
      expect(response.headers.get('strict-transport-security'), `HSTS on ${origin}${path}`).toBeNull();
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('cross-origin-opener-policy'), `COOP on ${origin}${path}`).toBe('same-origin');
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain('unsafe-inline');
    }
  }
});

test("the camera is allowed only on the apps that capture documents (apps.json's `camera`, and the host that shows them); nothing else", async () => {
  expect(APPS.filter((app) => app.camera).length).toBeGreaterThan(1);
  for (const { dir, origin, camera } of APPS) {
    const policy = (await fetch(`${origin}/App`)).headers.get('permissions-policy') ?? '';
    expect(policy, dir).toContain(camera ? 'camera=(self)' : 'camera=()');
    for (const feature of ['microphone', 'geolocation', 'payment']) expect(policy, dir).toContain(`${feature}=()`);
  }
});

test('a foreign page cannot frame the password change, at the host or at the remote', async ({ page }) => {
  const targets = [HOST, REMOTE_ORIGINS.selfService].map((origin) => `${origin}/password/change?token=${DEMO_TOKEN}`);
  await page.route(`${EVIL}/**`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><title>evil</title>${targets.map((src) => `<iframe src="${src}" width="360" height="600"></iframe>`).join('')}`,
    }),
  );
  await page.goto(`${EVIL}/`);
  await expect(page.locator('iframe')).toHaveCount(2);
  // A refused frame ends on Chromium's error page; give an allowed one time to render.
  await page.waitForTimeout(2_000);
  for (const frame of page.frames().slice(1)) {
    expect(frame.url(), 'a portal page rendered inside a foreign frame').not.toMatch(/^http:\/\/localhost:300\d\//);
  }
  for (const index of [0, 1]) {
    await expect(page.frameLocator('iframe').nth(index).getByRole('heading', { name: 'Alterar senha' })).toHaveCount(0);
  }
});

test('no source map reaches a browser: no map served, no sourceMappingURL, no build path', async () => {
  let checked = 0;
  for (const { dir, origin } of APPS) {
    const folder = servedFolder(dir);
    const files = filesUnder(folder).filter((file) => /\.(?:js|css|json|html)$/.test(file));
    expect(files.length, dir).toBeGreaterThan(3);
    expect(
      filesUnder(folder).filter((file) => file.endsWith('.map')),
      `${dir} deploys source maps`,
    ).toEqual([]);
    for (const file of files) {
      const url = `${origin}/${relative(folder, file).split('\\').join('/')}`;
      const response = await fetch(url);
      expect(response.status, url).toBe(200);
      const text = await response.text();
      expect(text, url).not.toMatch(/[#@] sourceMappingURL=/);
      expect(text, `${url} holds the build machine's path`).not.toContain(repo);
      if (/\.(?:js|css)$/.test(file)) {
        const map = await fetch(`${url}.map`);
        expect(map.status, `${url}.map`).toBe(404);
        expect(map.headers.get('content-type') ?? '', `${url}.map`).not.toContain('json');
      }
      checked += 1;
    }
  }
  test.info().annotations.push({ type: 'files checked', description: String(checked) });
  expect(checked).toBeGreaterThan(50);
});

test("the proxies' answers are for their own origin only (CORP same-origin), on every app", async () => {
  for (const { origin } of APPS) {
    for (const path of [
      '/driver-api/register/api/2.0/driver/eula',
      '/driver-api/register/api/1.0/driver/x.json',
      '/session-handoff/redeem',
    ]) {
      const response = await fetch(`${origin}${path}`);
      expect(response.headers.get('cross-origin-resource-policy'), `CORP on ${origin}${path} (${response.status})`).toBe('same-origin');
    }
  }
});

test('HSTS only where TLS is: behind a proxy that ended TLS and says so, never on plain HTTP', async () => {
  for (const { origin } of APPS) {
    for (const path of ['/App', '/env.json', '/driver-api/register/api/2.0/driver/eula']) {
      const behindTls = await fetch(`${origin}${path}`, { headers: { 'X-Forwarded-Proto': 'https' } });
      expect(behindTls.headers.get('strict-transport-security'), `${origin}${path} behind TLS`).toBe(HSTS);
      const saysHttp = await fetch(`${origin}${path}`, { headers: { 'X-Forwarded-Proto': 'http' } });
      expect(saysHttp.headers.get('strict-transport-security'), `${origin}${path} behind plain HTTP`).toBeNull();
    }
  }
});

test("with CORP, the host still loads a remote's files across origins and shows its screen", async ({ page }) => {
  const failed: string[] = [];
  const remoteFiles: Array<{ url: string; corp: string | null }> = [];
  page.on('requestfailed', (request) => failed.push(`${request.url()} ${request.failure()?.errorText ?? ''}`));
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.origin !== HOST && REMOTE_APPS.some((remote) => remote.origin === url.origin) && /\.(?:js|css)$/.test(url.pathname)) {
      remoteFiles.push({ url: response.url(), corp: response.headers()['cross-origin-resource-policy'] ?? null });
    }
  });
  await page.goto(withToken('/password/change'));
  await expect(page.getByRole('heading', { name: 'Alterar senha' })).toBeVisible();
  expect(new URL(page.url()).origin).toBe(HOST);
  // The self-service remote's entry and chunks came from its own origin, each marked cross-origin.
  expect(remoteFiles.filter((file) => file.url.startsWith(REMOTE_ORIGINS.selfService)).length).toBeGreaterThan(0);
  expect(remoteFiles.filter((file) => file.corp !== 'cross-origin')).toEqual([]);
  expect(failed).toEqual([]);
});
