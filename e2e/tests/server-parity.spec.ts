import { ALL_REMOTE_ORIGINS, expect, HOST, REMOTE_ORIGINS, test } from './support';

// Issue 25, point 7: `npm start`'s Node server and nginx answer the same paths the same way. Run
// by both (PORTAL_SERVER=nginx for the second): a page route is the app whatever its last
// segment holds, a missing script or data file is a real 404, a malformed escape a 400.

const ORIGINS = [HOST, ...ALL_REMOTE_ORIGINS];

/** Page routes that once answered a plain-text 404 (a dot in the last segment) or a 500 (an escape that is not UTF-8) on the Node server. */
const PAGE_ROUTES = ['/policies/a.b.c', '/policies/eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl', '/policies/v1.2', '/eula/%E0%A4%A4'];

test('a page route is the app on every origin, whatever its last segment holds', async () => {
  for (const origin of ORIGINS) {
    for (const path of PAGE_ROUTES) {
      const response = await fetch(`${origin}${path}`);
      expect(response.status, `${origin}${path}`).toBe(200);
      expect(response.headers.get('content-type'), `${origin}${path}`).toMatch(/^text\/html/);
      expect(await response.text(), `${origin}${path}`).toContain('<div id="root">');
    }
  }
});

test('a missing script, style or data file is a real 404, and a malformed escape a 400, on every origin', async () => {
  for (const origin of ORIGINS) {
    for (const path of ['/missing.js', '/policies/a.json', '/x/y.CSS', '/nothing.woff2']) {
      const response = await fetch(`${origin}${path}`);
      expect(response.status, `${origin}${path}`).toBe(404);
      expect(await response.text(), `${origin}${path}`).not.toContain('<div id="root">');
    }
    // ... and an overlong escape (`%C0%AF` is `/` to a lenient decoder): the path rule of both
    // servers refuses it (issue 37; deploy/test/odd-paths.json has the rest).
    for (const path of ['/policies/abc%zz', '/policies/%', '/eula/%E0%A4%A', '/eula/%C0%AF']) {
      expect((await fetch(`${origin}${path}`)).status, `${origin}${path}`).toBe(400);
    }
  }
});

test('a JWT-like policy link opens the policy screen, at the host and at the account remote', async ({ page }) => {
  for (const origin of [HOST, REMOTE_ORIGINS.account]) {
    await page.goto(`${origin}/policies/eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl`);
    await expect(page.getByRole('heading', { level: 1, name: 'Termos atualizados' })).toBeVisible();
  }
});
