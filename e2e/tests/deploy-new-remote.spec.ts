import { execFile, execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { APPS } from '../../build-preset/apps.cjs';
import { freshRemote } from '../../scripts/fresh-remote.cjs';
import { scratchCopy } from '../../scripts/scratch-copy.cjs';
import { expect, HOST, test, withToken } from './support';
import { promValue, receiverMetrics } from './telemetry-support';

// Issue 31: a squad ships a new remote alone. A new remote is scaffolded into a scratch copy of
// the repository (the squad's checkout), built there, and added to the running nginx deployment
// with one command; it opens at the host and at its own URL, shows its own home section, and
// is then taken out again. Runs only through nginx, in the serial deployment project.
// Issue 40: under a name no one uses (never the docs' example, which a squad adds), every command
// run from the squad's checkout (its own scripts, paths read from there, `--deployment` naming the
// running one); `--new` again is a no-op; a release whose apps.json adds a prefix opens it at the
// host, and its rollback takes it out of the host's list with the release.
const repo = join(__dirname, '..', '..');
const { dir: NEW_REMOTE, name: NEW_NAME, port: PORT, prefix: PREFIX } = freshRemote();
/** The prefix a later release adds (a FAQ of its own): the same words, not overlapping. */
const NEW_PREFIX = `${PREFIX}-faq`;
const DEPLOYMENT = join(__dirname, '..', '..', '.deploy');
const TITLE = 'Recompensas';
const ORIGIN = `http://localhost:${PORT}`;

/** The files of the scratch copy: everything but dependencies, builds, caches and git's own. */
function filesOf(root: string, folder = ''): string[] {
  return readdirSync(join(root, folder), { withFileTypes: true }).flatMap((entry) => {
    const path = folder ? `${folder}/${entry.name}` : entry.name;
    if (entry.isDirectory())
      return ['node_modules', 'dist', '.cache', '.deploy', '@mf-types', '.git'].includes(entry.name) ? [] : filesOf(root, path);
    return entry.isFile() ? [path] : [];
  });
}

const digest = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

function run(script: string, args: string[], cwd: string): string {
  return execFileSync(process.execPath, [script, ...args], { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/** The new remote's build served by the checkout's own Node server (scripts/suite.mjs), on its port. */
async function servedByNode(checkout: string): Promise<{ stop: () => Promise<void> }> {
  const script = `const { serveBuilds } = await import(${JSON.stringify(join(checkout, 'scripts', 'suite.mjs'))});
const { REMOTES } = await import(${JSON.stringify(join(checkout, 'scripts', 'apps.mjs'))});
await serveBuilds(REMOTES.filter((remote) => remote.dir === ${JSON.stringify(NEW_REMOTE)}));
console.log('serving');`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], { cwd: checkout, stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('serving')) resolve();
    });
    child.on('exit', (code) => reject(new Error(`the Node server stopped (${code})`)));
  });
  return {
    stop: () =>
      new Promise<void>((resolve) => {
        child.removeAllListeners('exit');
        child.on('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** One GET of the host's home on a connection of its own (as a new page load makes). */
function hostAnswer(): Promise<string> {
  return new Promise((resolve) => {
    get(`${HOST}/App`, { agent: false }, (response) => {
      response.resume();
      response.on('end', () => resolve(String(response.statusCode)));
    }).on('error', (error) => resolve(error.message));
  });
}

/**
 * A driver's signed cohort cookie, as the native app's entry gets it (deploy/nginx/portal-cohort.mjs),
 * and the cohort the host's remote list names for it: '' when the signature no longer holds.
 */
async function cohortCookie(): Promise<string> {
  const entry = await fetch(withToken('/App'), { redirect: 'manual' });
  const cookie = /portal_cohort=[^;]+/.exec(entry.headers.get('set-cookie') ?? '')?.[0];
  expect(cookie).toMatch(/^portal_cohort=c\d\d\./);
  return cookie ?? '';
}
const cohortOf = async (cookie: string) =>
  (await fetch(`${HOST}/remotes.json`, { headers: { Cookie: cookie }, cache: 'no-store' })).headers.get('portal-cohort') ?? '';

/** The deployment's files that hold a secret (the statement credential, the cohort secret): their modes. */
function secretFileModes(): Record<string, string> {
  const deploy = join(repo, '.deploy');
  const files = [
    join(deploy, 'cohort-secret'),
    ...APPS.flatMap((app) =>
      ['portal/portal-statement.conf', 'portal/portal-maps.conf'].map((file) => join(deploy, 'nginx', app.dir, file)),
    ),
  ];
  return Object.fromEntries(files.map((file) => [file.slice(deploy.length + 1), (statSync(file).mode & 0o777).toString(8)]));
}

/** Requests to the host, one after another, while `command` runs; the answers that were not 200. */
async function requestsDuring(command: string[], cwd = repo): Promise<{ sent: number; failed: string[]; output: string }> {
  let running = true;
  const failed: string[] = [];
  let sent = 0;
  const loop = (async () => {
    while (running) {
      sent += 1;
      const answer = await hostAnswer();
      if (answer !== '200') failed.push(answer);
    }
  })();
  try {
    // As npm runs it from that folder: INIT_CWD is where the squad typed the command.
    const { stdout } = await promisify(execFile)(process.execPath, command, {
      cwd,
      encoding: 'utf8',
      env: { ...process.env, INIT_CWD: cwd },
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    return { sent, failed, output: stdout };
  } finally {
    running = false;
    await loop;
  }
}

test('a new remote: one folder and one line of apps.json, added to the running deployment with one command, then taken out', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const started = Date.now();
  const checkout = scratchCopy('portal-new-remote-');
  try {
    const before = new Map(filesOf(checkout).map((file) => [file, digest(join(checkout, file))]));
    run(join(checkout, 'scripts', 'new-remote.mjs'), [NEW_REMOTE, '--port', String(PORT), '--prefix', PREFIX, '--title', TITLE], checkout);
    const after = filesOf(checkout);
    const changedOutside = after.filter((file) => !file.startsWith(`${NEW_REMOTE}/`) && before.get(file) !== digest(join(checkout, file)));
    const removed = [...before.keys()].filter((file) => !after.includes(file));
    console.log(`[new-remote] files changed outside ${NEW_REMOTE}/: ${changedOutside.length} (${changedOutside.join(', ')})`);
    expect([...changedOutside, ...removed]).toEqual(['apps.json']);

    run(join(checkout, 'scripts', 'build.mjs'), ['--only', NEW_REMOTE], checkout);
    // Served from the squad's checkout by `npm start`'s Node server: its own URL and its tiles.
    const served = await servedByNode(checkout);
    try {
      await page.goto(withToken(`${PREFIX}/home`, ORIGIN));
      await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
      const tiles = await fetch(`${ORIGIN}/navigation.json`, { headers: { Origin: HOST } });
      expect(tiles.headers.get('access-control-allow-origin')).toBe(HOST);
      expect(await tiles.json()).toEqual([expect.objectContaining({ group: TITLE, path: `${PREFIX}/home` })]);
    } finally {
      await served.stop();
    }

    const hostCsp = async () => (await fetch(`${HOST}/App`)).headers.get('content-security-policy') ?? '';
    const remoteList = async () => (await (await fetch(`${HOST}/remotes.json`, { cache: 'no-store' })).json()) as Array<{ name: string }>;
    const listBefore = await remoteList();
    expect(await hostCsp()).not.toContain(ORIGIN);
    // Issue 37, item 10: the configuration holding secrets is its owner's only, and a driver's
    // cohort cookie signed before the change still holds after it (the deployment keeps its one
    // secret: --new and --remove no longer render every app with a fresh random one).
    expect(Object.entries(secretFileModes()).filter(([, mode]) => mode !== '600')).toEqual([]);
    const cookie = await cohortCookie();
    const cohort = await cohortOf(cookie);
    expect(cohort).toMatch(/^c\d\d$/);

    // One command on the running deployment; the host answers throughout.
    // From the squad's checkout: its own scripts, the running deployment named by --deployment.
    const release = join(checkout, 'scripts', 'release-remote.mjs');
    const adding = await requestsDuring([release, NEW_REMOTE, '--new', '--deployment', DEPLOYMENT, '--no-build'], checkout);
    expect(adding.output).toContain('added to the running deployment');
    console.log(`[new-remote] host requests while adding: ${adding.sent}, failed: ${adding.failed.length}`);
    expect(adding.failed).toEqual([]);
    expect(adding.sent).toBeGreaterThan(0);
    try {
      expect((await remoteList()).map((remote) => remote.name)).toEqual([...listBefore.map((remote) => remote.name), NEW_NAME]);
      expect(await hostCsp()).toContain(ORIGIN);
      expect(await cohortOf(cookie)).toBe(cohort);

      // Its route at the host and at its own URL, and its own home section. Its screen's news
      // come from its own sandbox/handlers.ts, which the running sandbox loads from the squad's
      // checkout (where --new recorded its folder): no restart, no file of sandbox-api/.
      await page.goto(withToken(`${PREFIX}/home`));
      await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: 'Bem-vindo' })).toBeVisible();
      // Its beacons are counted: the running receiver learns the remote from the host's list
      // (within its reading interval) and Prometheus scrapes it.
      const loads = `sum(portal_remote_loads_total{remote="${NEW_NAME}"})`;
      // What the pages' beacons got back, for the message when nothing is counted.
      const beaconAnswers: string[] = [];
      page.on('response', (response) => {
        if (response.url().includes('/telemetry/')) beaconAnswers.push(`${response.status()} ${response.url()}`);
      });
      try {
        await expect
          .poll(
            async () => {
              // The host's telemetry starts a couple of seconds after the first screen (host/src/bootstrap.tsx).
              const sent = page.waitForRequest((request) => request.url().includes('/telemetry/'), { timeout: 15_000 });
              await page.goto(withToken(`${PREFIX}/home`));
              await expect(page.getByRole('heading', { level: 2, name: 'Bem-vindo' })).toBeVisible();
              await sent;
              return promValue(loads);
            },
            { timeout: 60_000, intervals: [2_000] },
          )
          .toBeGreaterThan(0);
      } finally {
        const received = (await receiverMetrics())
          .split('\n')
          .filter(
            (line) =>
              (line.startsWith('portal_telemetry_rejected_beacons_total') && !line.endsWith(' 0')) ||
              (line.startsWith('portal_remote_loads_total') && line.includes(NEW_NAME)),
          );
        console.log(`[new-remote] beacon answers: ${beaconAnswers.slice(-6).join(', ') || 'none'}; receiver: ${received.join('; ')}`);
      }
      console.log(`[new-remote] page loads of ${NEW_NAME} counted by Prometheus: ${await promValue(loads)}`);
      await page.goto(withToken(`${PREFIX}/home`, ORIGIN));
      await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
      await page.goto(withToken('/App'));
      const section = page.getByRole('navigation', { name: TITLE });
      await expect(section.getByRole('heading', { level: 2, name: TITLE })).toBeVisible();
      await section.getByRole('link', { name: TITLE }).click();
      await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
      await expect(page).toHaveURL(`${HOST}${PREFIX}/home`);

      // --new again (as in the checkout whose start:nginx deployed it already): nothing to do, said so.
      const again = await promisify(execFile)(process.execPath, [release, NEW_REMOTE, '--new', '--deployment', '.deploy', '--no-build'], {
        cwd: repo,
        env: { ...process.env, INIT_CWD: repo },
      });
      expect(again.stdout).toContain(`${NEW_REMOTE} is in the running deployment already`);

      // Issue 40, item 2: a screen under a new prefix ships with the release that adds it.
      const entryOf = async () =>
        (await remoteList()).find((remote) => remote.name === NEW_NAME) as unknown as { manifest: string; prefixes: string[] };
      const first = await entryOf();
      expect(first.prefixes).toEqual([PREFIX]);
      const routes = join(checkout, NEW_REMOTE, 'src', 'routes.ts');
      writeFileSync(
        routes,
        readFileSync(routes, 'utf8').replace(
          'export const routes: RouteObject[] = [',
          `export const routes: RouteObject[] = [\n  { path: '${NEW_PREFIX.slice(1)}/home', lazy: () => import('./features/home/HomePage').then((m) => ({ Component: m.HomePage })) },`,
        ),
      );
      const appsFile = join(checkout, 'apps.json');
      writeFileSync(
        appsFile,
        readFileSync(appsFile, 'utf8').replace(`"prefixes": ["${PREFIX}"]`, `"prefixes": ["${PREFIX}", "${NEW_PREFIX}"]`),
      );
      await page.goto(withToken(`${NEW_PREFIX}/home`));
      await expect(page.getByRole('heading', { name: 'Página não encontrada' })).toBeVisible();
      // Later releases: one command from the checkout, the deployment's path as typed there.
      const released = await requestsDuring([release, NEW_REMOTE, '--deployment', DEPLOYMENT], checkout);
      expect(released.output).toContain(`prefixes added ${NEW_PREFIX}`);
      expect(released.failed).toEqual([]);
      const second = await entryOf();
      expect(second.prefixes).toEqual([PREFIX, NEW_PREFIX]);
      expect(second.manifest).not.toBe(first.manifest);
      await page.goto(withToken(`${NEW_PREFIX}/home`));
      await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();

      // A prefix another remote owns is refused before anything is built or published.
      const taken = (await remoteList()).find((remote) => remote.name !== NEW_NAME) as unknown as { prefixes: string[] };
      writeFileSync(appsFile, readFileSync(appsFile, 'utf8').replace(`"${NEW_PREFIX}"]`, `"${NEW_PREFIX}", "${taken.prefixes[0]}"]`));
      const refused = await promisify(execFile)(process.execPath, [release, NEW_REMOTE, '--deployment', DEPLOYMENT], {
        cwd: checkout,
      }).then(
        () => 'released',
        (error: { code: number; stderr: string }) => `${error.code} ${error.stderr}`,
      );
      expect(refused).toMatch(new RegExp(`^2 [^]*"${taken.prefixes[0]}" overlaps`));
      expect(await entryOf()).toEqual(second);

      // The rollback takes the prefix out of the host's list with the release.
      const rolledBack = await requestsDuring([release, NEW_REMOTE, '--rollback', '--deployment', DEPLOYMENT], checkout);
      expect(rolledBack.output).toContain(`prefixes removed ${NEW_PREFIX}`);
      expect(await entryOf()).toEqual(first);
      await page.goto(withToken(`${NEW_PREFIX}/home`));
      await expect(page.getByRole('heading', { name: 'Página não encontrada' })).toBeVisible();
      await page.goto(withToken(`${PREFIX}/home`));
      await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
    } finally {
      const removing = await requestsDuring([release, NEW_REMOTE, '--remove', '--deployment', DEPLOYMENT], checkout);
      console.log(`[new-remote] host requests while removing: ${removing.sent}, failed: ${removing.failed.length}`);
      expect(removing.output).toContain('removed from the running deployment');
      expect(removing.failed).toEqual([]);
    }
    expect(await remoteList()).toEqual(listBefore);
    expect(await hostCsp()).not.toContain(ORIGIN);
    expect(await cohortOf(cookie)).toBe(cohort);
    expect(Object.entries(secretFileModes()).filter(([, mode]) => mode !== '600')).toEqual([]);
    await expect
      .poll(() =>
        fetch(`${ORIGIN}${PREFIX}/home`).then(
          () => 'answers',
          () => 'closed',
        ),
      )
      .toBe('closed');
    await page.goto(withToken('/App'));
    await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
    await expect(page.getByRole('navigation', { name: TITLE })).toHaveCount(0);
  } finally {
    rmSync(checkout, { recursive: true, force: true });
    console.log(`[new-remote] scaffold, build, add, check and remove: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
});
