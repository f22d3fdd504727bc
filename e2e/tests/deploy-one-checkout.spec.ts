// SERVER behaviour (the nginx deployment's own scripts): issue 46, a squad's day in ONE checkout,
// as a squad works locally: `start:nginx`, then `new:remote` in that same checkout, then
// `release:remote -- <remote> --new`, then `release:remote -- <remote>`. Before decision 0028 the
// deployment read the checkout's live apps.json as what it ran: `--new` answered "deployed
// already", the release "No deployment of ... found", and the route said "Página não encontrada".
// Now the deployment keeps its record (.deploy/apps.json): the remote is added, opens at the host
// and at its own URL, and its page loads are counted by the deployment's telemetry.
// The checkout is a scratch copy whose apps.json has every port moved by 300 (host 3300, sandbox
// 4300, Prometheus 9390, ...), so its deployment runs beside the suite's (which holds the usual
// ports while this project runs); its builds are the suite's (builds do not depend on ports:
// deploy-replicas.spec.ts serves them on other ports too). Changes deployments: deploy-*.spec.ts.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { shiftedApps } from '../../scripts/shifted-apps.cjs';
import { scratchCopy } from '../../scripts/scratch-copy.cjs';
import { expect, test, withToken } from './support';

const repo = join(__dirname, '..', '..');
const SHIFT = 300;
const APPS = shiftedApps(SHIFT);
const HOST = `http://localhost:${APPS.host.port}`;
const PROMETHEUS = `http://127.0.0.1:${9090 + SHIFT}`;
const REMOTE = 'mfe-quasar';
const NAME = 'mfe_quasar';
const PORT = 3011 + SHIFT;
const PREFIX = '/quasar';
const TITLE = 'Pontos';
const OWN_URL = `http://localhost:${PORT}`;

/** The environment of a command typed in the checkout: npm's INIT_CWD, none of the variables that name another deployment. */
function typedIn(checkout: string, env: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const environment: NodeJS.ProcessEnv = { ...process.env, INIT_CWD: checkout };
  for (const name of ['PORTAL_APPS_JSON', 'PORTAL_DEPLOY_ROOT', 'PORTAL_HOST_URL', 'PORTAL_PROMETHEUS_URL', 'PORTAL_METRICS_DIR'])
    delete environment[name];
  return { ...environment, ...env };
}

/** A command typed in the checkout (`npm run <script> -- ...`): its script, run from there. */
async function npmRun(checkout: string, script: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  const environment = typedIn(checkout, env);
  return promisify(execFile)(process.execPath, [join(checkout, 'scripts', script), ...args], {
    cwd: checkout,
    env: environment,
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  }).then(
    ({ stdout, stderr }) => ({ code: 0, out: `${stdout}${stderr}` }),
    (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, out: `${error.stdout}${error.stderr}` }),
  );
}

const promValue = async (promql: string) => {
  const answer = (await (await fetch(`${PROMETHEUS}/api/v1/query?query=${encodeURIComponent(promql)}`)).json()) as {
    data: { result: Array<{ value: [number, string] }> };
  };
  return Number(answer.data.result[0]?.value[1] ?? 0);
};
const closed = (url: string) =>
  fetch(url).then(
    () => 'answers',
    () => 'closed',
  );

test('one checkout: start:nginx, new:remote, release:remote --new, then a release: the remote opens at the host and at its own URL, its loads counted', async ({
  page,
}) => {
  test.setTimeout(420_000);
  const started = Date.now();
  const checkout = scratchCopy('portal-one-checkout-');
  let deployment: ChildProcess | undefined;
  try {
    // The squad's checkout: its list of apps (ports moved, see above) and the suite's builds.
    writeFileSync(join(checkout, 'apps.json'), `${JSON.stringify({ $schema: './apps.schema.json', ...APPS }, null, 2)}\n`);
    for (const app of [APPS.host.app, ...APPS.remotes.map((remote) => remote.app)])
      cpSync(join(repo, app, 'dist'), join(checkout, app, 'dist'), { recursive: true });

    // `npm run start:nginx` in the checkout.
    deployment = spawn(process.execPath, [join(checkout, 'scripts', 'start-nginx.mjs'), '--no-build'], {
      cwd: checkout,
      env: typedIn(checkout),
      stdio: ['ignore', 'pipe', 'inherit'],
      detached: true,
    });
    let output = '';
    deployment.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await expect.poll(() => output, { timeout: 90_000, intervals: [500] }).toContain('Open the portal');
    // The record of what it runs: the list it was started from.
    const record = () => JSON.parse(readFileSync(join(checkout, '.deploy', 'apps.json'), 'utf8')) as typeof APPS;
    expect(record().remotes.map((remote) => remote.app)).toEqual(APPS.remotes.map((remote) => remote.app));

    // `npm run new:remote -- mfe-quasar --port 3311 --prefix /quasar --title "Pontos"`, in the same checkout.
    const scaffolded = await npmRun(checkout, 'new-remote.mjs', [REMOTE, '--port', String(PORT), '--prefix', PREFIX, '--title', TITLE]);
    expect(scaffolded.code).toBe(0);
    // Scaffolded is not deployed: the record and the host's list are unchanged, the route not found yet.
    expect(record().remotes.map((remote) => remote.app)).not.toContain(REMOTE);
    await page.goto(withToken(`${PREFIX}/home`, HOST));
    await expect(page.getByRole('heading', { name: 'Página não encontrada' })).toBeVisible();

    // `npm run release:remote -- mfe-quasar --new`: builds it in the checkout, starts its server, lists it.
    const added = await npmRun(checkout, 'release-remote.mjs', [REMOTE, '--new']);
    expect(added, added.out).toEqual({ code: 0, out: expect.stringContaining(`${REMOTE} added to the running deployment`) });
    expect(record().remotes).toContainEqual({ app: REMOTE, port: PORT, prefixes: [PREFIX] });

    // At the host and at its own URL, with its news from its own sandbox handlers.
    for (const origin of [HOST, OWN_URL]) {
      await page.goto(withToken(`${PREFIX}/home`, origin));
      await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: 'Bem-vindo' })).toBeVisible();
    }
    // Its home section at the host.
    await page.goto(withToken('/App', HOST));
    await page.getByRole('navigation', { name: TITLE }).getByRole('link', { name: TITLE }).click();
    await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
    await expect(page).toHaveURL(`${HOST}${PREFIX}/home`);

    // Its loads counted: the deployment's receiver learns it from the host's list, its Prometheus scrapes it.
    const loads = `sum(portal_remote_loads_total{remote="${NAME}"})`;
    await expect
      .poll(
        async () => {
          // The host's telemetry starts a couple of seconds after the first screen (host/src/bootstrap.tsx).
          const sent = page.waitForRequest((request) => request.url().startsWith(`${HOST}/telemetry/`), { timeout: 15_000 });
          await page.goto(withToken(`${PREFIX}/home`, HOST));
          await expect(page.getByRole('heading', { level: 2, name: 'Bem-vindo' })).toBeVisible();
          await sent;
          return promValue(loads);
        },
        { timeout: 90_000, intervals: [2_000] },
      )
      .toBeGreaterThan(0);
    console.log(`[one-checkout] page loads of ${NAME} counted by the deployment's Prometheus: ${await promValue(loads)}`);

    // `npm run release:remote -- mfe-quasar` (a change of it): the release the issue was refused.
    const home = join(checkout, REMOTE, 'src', 'features', 'home', 'HomePage.tsx');
    writeFileSync(home, readFileSync(home, 'utf8').replace(`title={'${TITLE}'}`, `title={'${TITLE} da semana'}`));
    const released = await npmRun(checkout, 'release-remote.mjs', [REMOTE]);
    expect(released, released.out).toEqual({ code: 0, out: expect.stringMatching(new RegExp(`^${REMOTE}: release \\S+ is live`, 'm')) });
    const live = /release (\S+) is live/.exec(released.out)?.[1] ?? '';
    await page.goto(withToken(`${PREFIX}/home`, HOST));
    await expect(page.getByRole('heading', { level: 1, name: `${TITLE} da semana` })).toBeVisible();
    await page.goto(withToken(`${PREFIX}/home`, OWN_URL));
    await expect(page.getByRole('heading', { level: 1, name: `${TITLE} da semana` })).toBeVisible();

    // `npm run release:status` names it (this deployment's Prometheus: release:status reads 9090 unless told).
    const status = await npmRun(checkout, 'release-status.mjs', ['--window', '30m'], { PORTAL_PROMETHEUS_URL: PROMETHEUS });
    expect(status.code, status.out).toBe(0);
    expect(status.out).toMatch(new RegExp(`^${NAME}\\s+\\S+\\s+(live|retired)\\b`, 'm'));
    console.log(`[one-checkout] release:status:\n${status.out}`);
    expect(live).not.toBe('');
  } finally {
    if (deployment && deployment.exitCode === null) {
      const ended = new Promise((resolve) => deployment!.on('exit', resolve));
      process.kill(-deployment.pid!, 'SIGTERM');
      await ended;
    }
    // Stopping the deployment stops the remote's own server too (start-nginx.mjs, addedRemotes).
    await expect.poll(() => closed(`${OWN_URL}/`), { timeout: 15_000 }).toBe('closed');
    await expect.poll(() => closed(`${HOST}/App`), { timeout: 15_000 }).toBe('closed');
    if (existsSync(checkout)) rmSync(checkout, { recursive: true, force: true });
    console.log(`[one-checkout] start, scaffold, add, open, count, release: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
});
