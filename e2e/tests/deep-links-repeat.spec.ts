import portalCohort from '../../deploy/nginx/portal-cohort.mjs';
import { HOST as SUITE_HOST, REMOTES } from '../../build-preset/apps.cjs';
import deepLinks from '../../bench/deep-links.json';
import { openOnce, openTwice, type OpenFigures } from '../../bench/repeat-open.mjs';
import { DEMO_DRIVER_ID, driverToken, expect, HOST, remoteOwning, test, withToken, type Page } from './support';

/**
 * The driver who opens the portal again (issue 39): many times a shift, with the webview's HTTP
 * cache kept. Each deep link of the benchmark (bench/deep-links.json) is opened twice in one
 * browser context, at the host and at its remote's own URL, each time until the screen shows and
 * the page's idle work is done (the home's prefetch of its areas, telemetry); the second open must
 * download no unchanged file in full (only the page, whose address carries the native app's token
 * and is never stored), must revalidate (304s) rather than download, and must stay within the
 * link's repeat budget: bytes received for the portal's files, headers included, as Chromium's
 * DevTools protocol counts them (bench/repeat-open.mjs, the benchmark's own count). Services'
 * answers (the driver's data, telemetry beacons) are not files and are not counted.
 */

// Playwright's request routing turns the browser's HTTP cache off: these tests need it on, so they
// run on the sandbox's default namespace, with no route (they only read the demo driver's data).
test.use({ isolateSandbox: false });

interface DeepLink {
  path: string;
  heading: string;
  text: string;
  maxKB: { hostRepeat?: number; remoteRepeat?: number };
}

const local = (port: number) => [`http://localhost:${port}`, `http://127.0.0.1:${port}`];
/** The portal's own origins: what is received from them is the portal's files (bench/repeat-open.mjs). */
const APP_ORIGINS: ReadonlySet<string> = new Set([...local(SUITE_HOST.port), ...REMOTES.flatMap(({ port }) => local(port))]);

const links = (deepLinks as DeepLink[]).map((link) => {
  const path = link.path.replace('{driverId}', DEMO_DRIVER_ID);
  return { ...link, path, owner: remoteOwning(path) };
});

const describe = (figures: OpenFigures) =>
  `${(figures.files.bytes / 1024).toFixed(1)} KB, ${figures.files.network} of ${figures.files.requests} requests over the network, ${figures.files.notModified} answered 304, ${figures.files.cached} from the cache`;

for (const link of links) {
  const targets: [string, string, number | undefined][] = [
    ['at the host', HOST, link.maxKB.hostRepeat],
    ...(link.owner
      ? [
          ["at its remote's own URL", `http://localhost:${link.owner.port}`, link.maxKB.remoteRepeat] as [
            string,
            string,
            number | undefined,
          ],
        ]
      : []),
  ];
  for (const [label, origin, budget] of targets) {
    test(`${link.path} opened again ${label}: nothing unchanged downloaded in full, within ${budget} KB`, async ({ context }) => {
      test.setTimeout(90_000);
      expect(budget, 'every deep link has a repeat-open budget per target (bench/deep-links.json)').toBeDefined();
      const ready = async (page: Page) => {
        await expect(page.getByRole('heading', { level: 1, name: link.heading })).toBeVisible();
        await expect(page.getByText(link.text).first()).toBeVisible();
      };
      const { first, second } = await openTwice(context, withToken(link.path, origin), ready, APP_ORIGINS);
      test
        .info()
        .annotations.push({ type: 'first open', description: describe(first) }, { type: 'repeat open', description: describe(second) });
      expect(second.files.fullDownloads).toEqual([]);
      // The configuration (and at the host the remote list) is revalidated, not trusted blindly.
      expect(second.files.notModified).toBeGreaterThan(0);
      expect(second.files.bytes / 1024).toBeLessThanOrEqual(budget ?? 0);
    });
  }
}

/** The cohort the remote list names to this page, read as the host reads it: through the browser's cache. */
const listCohort = (page: Page) =>
  page.evaluate(async (name) => (await fetch('/remotes.json')).headers.get(name), portalCohort.COHORT_HEADER);

test('the remote list a repeat open reads names the cohort of the driver opening it, not of the copy the browser kept', async ({
  context,
}) => {
  test.setTimeout(60_000);
  const otherDriver =
    Array.from({ length: 50 }, (_, index) => `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`).find(
      (id) => portalCohort.cohortOfDriver(id) !== portalCohort.cohortOfDriver(DEMO_DRIVER_ID),
    ) ?? '';
  const home = async (page: Page) => expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  const opens: [string, string | null][] = [
    [withToken('/App'), portalCohort.cohortOfDriver(DEMO_DRIVER_ID)],
    // Another driver on the same phone (the same webview cache).
    [withToken('/App', HOST, driverToken(otherDriver)), portalCohort.cohortOfDriver(otherDriver)],
    // A token the provider refuses: no cohort, the live release.
    [withToken('/App', HOST, 'not-a-token-of-the-provider'), null],
  ];
  for (const [url, cohort] of opens) {
    let seen: string | null | undefined;
    await openOnce(
      context,
      url,
      async (page) => {
        await home(page);
        seen = await listCohort(page);
      },
      { minMs: 0, quietMs: 0 },
    );
    expect([url, seen]).toEqual([url, cohort]);
  }
});
