// support.ts's fixtures talk to the e2e runs' sandbox on 4000; this deployment's is on 4000 + the offset.
// eslint-disable-next-line no-restricted-imports
import { expect, test, type Page } from '@playwright/test';
import { DEMO_DRIVER_ID } from '@driver-portal/sandbox-api/constants';
import { HOST as SUITE_HOST, REMOTES, SANDBOX_PORT } from '../../build-preset/apps.cjs';
import { mintFromPage } from './handoff-support';

/*
 * The compose deployment, started from the images (scripts/compose-smoke.mjs): what a driver and
 * an operator would notice first. Its own config (e2e/playwright.compose.config.ts): the other
 * passes' fixtures talk to the sandbox on 4000, this deployment's is on 4000 + the offset.
 */
const OFFSET = Number(process.env.PORTAL_COMPOSE_PORT_OFFSET ?? '0');
const origin = (port: number) => `http://localhost:${port + OFFSET}`;
const HOST = origin(SUITE_HOST.port);
const remoteOwning = (prefix: string) => REMOTES.find((remote) => remote.prefixes.includes(prefix))!;
const SELF_SERVICE = origin(remoteOwning('/notifications').port);
const ACCOUNT = origin(remoteOwning('/my-account').port);
const PROMETHEUS = `http://127.0.0.1:${9090 + OFFSET}`;
const SANDBOX = origin(SANDBOX_PORT);

const held = (page: Page) =>
  page.evaluate(() => ({
    token: sessionStorage.getItem('driver-portal:token'),
    driverId: sessionStorage.getItem('driver-portal:driverId'),
  }));

test('the host renders /App, with its runtime configuration served as JSON from the environment', async ({ page, request }) => {
  // podman-compose 1.0.3 once served `${PORTAL_ENV_JSON:-}` here, literally.
  for (const path of ['/env.json', '/remotes.json']) {
    const answer = await request.get(`${HOST}${path}`);
    expect(answer.status()).toBe(200);
    const text = await answer.text();
    expect(text).not.toContain('${');
    expect(() => JSON.parse(text)).not.toThrow();
  }
  const remotes = (await (await request.get(`${HOST}/remotes.json`)).json()) as Array<{ manifest: string; prefixes: string[] }>;
  // The list names this deployment's own remotes, on its public ports.
  expect(remotes.map((remote) => new URL(remote.manifest).origin).sort()).toEqual(REMOTES.map((remote) => origin(remote.port)).sort());
  await page.goto(`${HOST}/App?token=demo-token`);
  await expect(page.getByRole('heading', { level: 1, name: 'Portal do Motorista' })).toBeVisible();
  expect(page.url()).not.toContain('token=');
});

for (const [where, at] of [
  ['the host', HOST],
  ["the remote's own URL", SELF_SERVICE],
] as const) {
  test(`a deep link to /notifications renders at ${where}`, async ({ page }) => {
    await page.goto(`${at}/notifications/list/?token=demo-token`);
    await expect(page.getByRole('heading', { level: 1, name: 'Notificações' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Página não encontrada' })).toHaveCount(0);
  });
}

test('a session crosses origins through the handoff, ten times (codes minted on one replica, redeemed on either)', async ({ browser }) => {
  // The deployment's first mint, from a page, until it succeeds (at most 30 s): every container
  // says it is healthy, but on a loaded machine the first token check of the provider (the
  // sandbox's container, reached by name) can outlast the handoff's 3 s and answer 503. What it
  // took is printed; the ten journeys after it must each succeed at once.
  {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${ACCOUNT}/my-account/init/${DEMO_DRIVER_ID}?token=demo-token&driverId=${DEMO_DRIVER_ID}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Minha conta' })).toBeVisible();
    const started = Date.now();
    const refusals: string[] = [];
    await expect
      .poll(
        async () => {
          const minted = await mintFromPage(page, HOST);
          if (minted.status !== 201) refusals.push(`${minted.status} ${minted.error}`);
          return minted.status;
        },
        { timeout: 30_000, intervals: [500, 1000, 2000] },
      )
      .toBe(201);
    console.log(`compose smoke: the first mint succeeded after ${Date.now() - started} ms (before it: ${refusals.join(', ') || 'none'})`);
    await context.close();
  }
  for (let journey = 0; journey < 10; journey += 1) {
    // A new browser each time: the host holds no session before the handoff brings it.
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${ACCOUNT}/my-account/init/${DEMO_DRIVER_ID}?token=demo-token&driverId=${DEMO_DRIVER_ID}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Minha conta' })).toBeVisible();
    const minted = await mintFromPage(page, HOST);
    // 201: a code was created (deploy/session-handoff.cjs).
    expect(minted.status, `journey ${journey}: ${minted.error}`).toBe(201);
    await page.goto(`${HOST}/App#portal-handoff=${minted.code}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Portal do Motorista' })).toBeVisible();
    expect((await held(page)).token, `journey ${journey}`).toBe('demo-token');
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    await context.close();
  }
});

test('Prometheus scrapes both telemetry receivers', async () => {
  // Found by DNS (deploy/prometheus/prometheus.yml), scraped every 15 s.
  await expect
    .poll(
      async () => {
        const answer = await fetch(`${PROMETHEUS}/api/v1/targets?state=active`);
        const { data } = (await answer.json()) as { data: { activeTargets: Array<{ labels: { job: string }; health: string }> } };
        return data.activeTargets.filter((target) => target.labels.job === 'portal-telemetry' && target.health === 'up').length;
      },
      { timeout: 45_000, intervals: [2_000] },
    )
    .toBe(2);
  // The sandbox answers on its own public port (the pages' service calls go there).
  expect((await fetch(`${SANDBOX}/core/`)).status).toBeLessThan(500);
});
