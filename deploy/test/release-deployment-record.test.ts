import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FEDERATION_PROTOCOL } from '../../build-preset/federation-versions.cjs';
import { listOf, writeRecord, type AppsList } from '../../scripts/deployment-record.cjs';
import * as suite from '../../build-preset/apps.cjs';

// Issue 46 (decision 0028): the deployment records what it really runs, and every message of
// release:remote names a command that then works. In one checkout, as a squad works locally: a
// deployment (the files start:nginx leaves, with its record), then `new:remote` in the same
// checkout, then release:remote. Each refusal's advice is taken from its message and run as typed
// (plus --no-build: no bundler here) until the remote is deployed and released. The scripts run in
// a scratch copy of the checkout's scripts with a deployment folder of their own; NGINX_BIN is
// /bin/true (no server starts, every nginx command "succeeds"), and the running host's
// provided-shared.json is served by a stub for the compatibility check.
const REPO = join(__dirname, '..', '..');
const REMOTE = 'mfe-quasar';
const ENTRY = { app: REMOTE, port: 3011, prefixes: ['/quasar'] };
/** A federation plugin version the host's runtime speaks: the lowest of its range. */
const PLUGIN_VERSION = FEDERATION_PROTOCOL.replace(/^[~^]/, '');

// Each test runs the scripts several times (about 0.5 s each on a quiet machine, seconds on a loaded one).
jest.setTimeout(60_000);

let base: string;
let checkout: string;
let deploy: string;
let host: Server;
let hostUrl: string;

const started = (): AppsList => listOf(suite);

beforeAll(async () => {
  base = mkdtempSync(join(tmpdir(), 'release-record-'));
  checkout = join(base, 'checkout');
  deploy = join(checkout, '.deploy');
  for (const part of ['scripts', 'build-preset', 'deploy', 'config', 'apps.json', 'apps.schema.json', 'package.json']) {
    cpSync(join(REPO, part), join(checkout, part), { recursive: true, filter: (source) => !/[/\\](node_modules|test)$/.test(source) });
  }
  symlinkSync(join(REPO, 'node_modules'), join(checkout, 'node_modules'));
  // The squad's build, as far as --new needs it: the remote's build, from the list the build reads
  // (build-preset/apps.cjs), refused when that list does not name it.
  writeFileSync(
    join(checkout, 'scripts', 'build.mjs'),
    `import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
const { REMOTES } = createRequire(import.meta.url)('../build-preset/apps.cjs');
const dir = process.argv[process.argv.indexOf('--only') + 1];
if (!REMOTES.some((remote) => remote.dir === dir)) {
  console.error(\`build: \${dir} is not in the list this build reads\`);
  process.exit(1);
}
mkdirSync(new URL(\`../\${dir}/dist\`, import.meta.url), { recursive: true });
writeFileSync(new URL(\`../\${dir}/dist/mf-manifest.json\`, import.meta.url), JSON.stringify({ metaData: { pluginVersion: '${PLUGIN_VERSION}' }, shared: [] }));
writeFileSync(new URL(\`../\${dir}/dist/index.html\`, import.meta.url), dir);
`,
  );
  // What the running host provides (its provided-shared.json): the versions every remote here is built with.
  host = createServer((request, response) => {
    response.writeHead(request.url === '/provided-shared.json' ? 200 : 404, { 'Content-Type': 'application/json' });
    response.end(JSON.stringify({ federationProtocol: FEDERATION_PROTOCOL }));
  });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  hostUrl = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => host.close(resolve));
  rmSync(base, { recursive: true, force: true });
});

/**
 * The files `start:nginx` leaves for `list` (each app's first release, its config, the host's
 * remote list, the cohort secret) and, unless `recorded` is false (a deployment started before
 * the record), its record. The checkout's apps.json is the list it was started from.
 */
function startedDeployment(list: AppsList, { recorded = true } = {}) {
  rmSync(deploy, { recursive: true, force: true });
  rmSync(join(checkout, REMOTE), { recursive: true, force: true });
  writeFileSync(join(checkout, 'apps.json'), `${JSON.stringify(list, null, 2)}\n`);
  for (const app of [list.host.app, ...list.remotes.map((remote) => remote.app)]) {
    mkdirSync(join(deploy, 'apps', app, 'releases', 'r-1'), { recursive: true });
    writeFileSync(join(deploy, 'apps', app, 'releases', 'r-1', 'index.html'), app);
    symlinkSync(join('releases', 'r-1'), join(deploy, 'apps', app, 'current'));
    mkdirSync(join(deploy, 'apps', app, 'config'));
    writeFileSync(join(deploy, 'apps', app, 'config', 'env.json'), '{}');
  }
  const remoteList = list.remotes.map((remote) => ({
    name: remote.app.replace(/-/g, '_'),
    manifest: `http://localhost:${remote.port}/releases/r-1/mf-manifest.json`,
    prefixes: remote.prefixes,
  }));
  writeFileSync(join(deploy, 'apps', list.host.app, 'config', 'remotes.json'), JSON.stringify(remoteList));
  writeFileSync(join(deploy, 'cohort-secret'), 'k'.repeat(43), { mode: 0o600 });
  if (recorded) writeRecord(deploy, list);
}

/** A build of the scaffolded remote, as the suite's build writes its manifest. */
function built() {
  mkdirSync(join(checkout, REMOTE, 'dist'), { recursive: true });
  writeFileSync(
    join(checkout, REMOTE, 'dist', 'mf-manifest.json'),
    JSON.stringify({ metaData: { pluginVersion: PLUGIN_VERSION }, shared: [] }),
  );
  writeFileSync(join(checkout, REMOTE, 'dist', 'index.html'), REMOTE);
}

/**
 * A command as the squad types it (`npm run <script> -- <args>`), run from the checkout. Not
 * spawnSync: the stub host answers from this process while the command runs.
 */
function npmRun(typed: string, { build = false } = {}): Promise<{ status: number | null; out: string }> {
  const match = /^npm run (release:remote|new:remote) -- (.+)$/.exec(typed);
  if (!match) throw new Error(`not a command this test runs: ${typed}`);
  const script = match[1] === 'release:remote' ? 'release-remote.mjs' : 'new-remote.mjs';
  const args = match[2]!.split(' ');
  // Releases here take the fake build above.
  if (script === 'release-remote.mjs' && !args.includes('--remove') && !build) args.push('--no-build');
  const env: NodeJS.ProcessEnv = { ...process.env, NGINX_BIN: '/bin/true', PORTAL_HOST_URL: hostUrl, INIT_CWD: checkout };
  delete env.PORTAL_APPS_JSON;
  delete env.PORTAL_DEPLOY_ROOT;
  delete env.PORTAL_COHORT_SECRET;
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [join(checkout, 'scripts', script), ...args],
      { cwd: checkout, env, timeout: 30_000 },
      (error, stdout, stderr) =>
        resolve({ status: error ? (typeof error.code === 'number' ? error.code : null) : 0, out: `${stdout}${stderr}` }),
    );
  });
}

/** The commands a message sends the squad to, in order (each between backquotes). */
const advice = (message: string) => [...message.matchAll(/`(npm run [^`]+)`/g)].map((match) => match[1]!);

const record = (): AppsList => JSON.parse(readFileSync(join(deploy, 'apps.json'), 'utf8')) as AppsList;
const remoteList = () =>
  JSON.parse(readFileSync(join(deploy, 'apps', 'host', 'config', 'remotes.json'), 'utf8')) as Array<{
    name: string;
    manifest: string;
    prefixes: string[];
  }>;
const listed = () => remoteList().find((entry) => entry.name === 'mfe_quasar');

describe('one checkout: start:nginx, new:remote, then release:remote', () => {
  it('start:nginx records what it deployed, in apps.json spelling: the list it was started from', () => {
    const list = started();
    expect(list.host).toEqual({ app: suite.HOST.dir, port: suite.HOST.port });
    expect(list.remotes.map((remote) => remote.app)).toEqual(suite.REMOTES.map((remote) => remote.dir));
    expect(list.sandboxPort).toBe(suite.SANDBOX_PORT);
    expect(list.remotes.filter((remote) => remote.camera).map((remote) => remote.app)).toEqual(
      suite.REMOTES.filter((remote) => remote.camera).map((remote) => remote.dir),
    );
  });

  it("the issue's dead end: release:remote sends the squad to --new, which adds it; --new again and the release it advises work", async () => {
    startedDeployment(started());
    const scaffolded = await npmRun(`npm run new:remote -- ${REMOTE} --port 3011 --prefix /quasar --title Pontos`);
    expect(scaffolded.status).toBe(0);
    built();

    const release = await npmRun(`npm run release:remote -- ${REMOTE}`);
    expect(release).toEqual({ status: 2, out: expect.stringContaining(`${REMOTE} is not in the running deployment`) });
    expect(advice(release.out)).toEqual([`npm run release:remote -- ${REMOTE} --new`]);

    const added = await npmRun(advice(release.out)[0]!);
    expect(added).toEqual({ status: 0, out: expect.stringContaining(`${REMOTE} added to the running deployment`) });
    expect(record().remotes).toContainEqual(ENTRY);
    expect(listed()).toEqual({
      name: 'mfe_quasar',
      manifest: expect.stringMatching(/^http:\/\/localhost:3011\/releases\/[^/]+\/mf-manifest\.json$/),
      prefixes: ['/quasar'],
    });
    // Its own server's configuration, on its own port.
    const conf = join(deploy, 'nginx', REMOTE, 'conf.d');
    expect(
      readdirSync(conf)
        .map((file) => readFileSync(join(conf, file), 'utf8'))
        .join('\n'),
    ).toMatch(/listen 127\.0\.0\.1:3011;/);

    const again = await npmRun(`npm run release:remote -- ${REMOTE} --new`);
    expect(again).toEqual({ status: 0, out: expect.stringContaining('nothing to add') });
    expect(advice(again.out)).toEqual([`npm run release:remote -- ${REMOTE}`]);
    const first = listed()!.manifest;
    // A change of it (release ids name their build's content).
    writeFileSync(join(checkout, REMOTE, 'dist', 'index.html'), `${REMOTE} changed`);
    const released = await npmRun(advice(again.out)[0]!);
    expect(released).toEqual({ status: 0, out: expect.stringMatching(new RegExp(`^${REMOTE}: release \\S+ is live`, 'm')) });
    expect(listed()!.manifest).not.toBe(first);
  });

  it("a port changed in the squad's list: --remove then --new, as the message says", async () => {
    startedDeployment(started());
    await npmRun(`npm run new:remote -- ${REMOTE} --port 3011 --prefix /quasar`);
    built();
    expect((await npmRun(`npm run release:remote -- ${REMOTE} --new`)).status).toBe(0);
    const appsFile = join(checkout, 'apps.json');
    writeFileSync(appsFile, readFileSync(appsFile, 'utf8').replace('"port": 3011', '"port": 3012'));

    const moved = await npmRun(`npm run release:remote -- ${REMOTE} --new`);
    expect(moved).toEqual({ status: 2, out: expect.stringContaining(`${REMOTE} is deployed already with port 3011`) });
    const steps = advice(moved.out);
    expect(steps).toEqual([`npm run release:remote -- ${REMOTE} --remove`, `npm run release:remote -- ${REMOTE} --new`]);
    for (const step of steps) expect((await npmRun(step)).status).toBe(0);
    expect(record().remotes).toContainEqual({ ...ENTRY, port: 3012 });
    expect(listed()?.manifest).toMatch(/^http:\/\/localhost:3012\//);
  });

  it("a prefix changed in the squad's list: the release it advises publishes it", async () => {
    startedDeployment(started());
    await npmRun(`npm run new:remote -- ${REMOTE} --port 3011 --prefix /quasar`);
    built();
    expect((await npmRun(`npm run release:remote -- ${REMOTE} --new`)).status).toBe(0);
    const appsFile = join(checkout, 'apps.json');
    writeFileSync(appsFile, readFileSync(appsFile, 'utf8').replace('["/quasar"]', '["/quasar", "/quasar-faq"]'));

    const changed = await npmRun(`npm run release:remote -- ${REMOTE} --new`);
    expect(changed).toEqual({ status: 2, out: expect.stringContaining('is deployed already with prefixes /quasar') });
    expect(advice(changed.out)).toEqual([`npm run release:remote -- ${REMOTE}`]);
    expect(await npmRun(advice(changed.out)[0]!)).toEqual({ status: 0, out: expect.stringContaining('prefixes added /quasar-faq') });
    expect(listed()?.prefixes).toEqual(['/quasar', '/quasar-faq']);
    expect(record().remotes).toContainEqual({ ...ENTRY, prefixes: ['/quasar', '/quasar-faq'] });
  });

  it('a remote in neither list: new:remote as advised, then --new', async () => {
    startedDeployment(started());
    const nowhere = await npmRun(`npm run release:remote -- ${REMOTE}`);
    expect(nowhere).toEqual({ status: 2, out: expect.stringContaining(`${REMOTE} is neither in the running deployment`) });
    const [scaffold, add] = advice(nowhere.out);
    expect(scaffold).toBe(`npm run new:remote -- ${REMOTE} --port <a free port> --prefix /<its path>`);
    expect((await npmRun(scaffold!.replace('<a free port>', '3011').replace('/<its path>', '/quasar'))).status).toBe(0);
    built();
    expect(await npmRun(add!)).toEqual({ status: 0, out: expect.stringContaining('added to the running deployment') });
    expect(record().remotes).toContainEqual(ENTRY);
  });

  it('a deployment started before the record: made from what it serves, so the checkout’s new remote is not taken as deployed', async () => {
    const list = started();
    // The host's list routes a prefix a release added since start (the checkout's list is older).
    startedDeployment(list, { recorded: false });
    const first = list.remotes[0]!;
    const routes = remoteList().map((entry) =>
      entry.name === first.app.replace(/-/g, '_') ? { ...entry, prefixes: [...first.prefixes, '/faq'] } : entry,
    );
    writeFileSync(join(deploy, 'apps', 'host', 'config', 'remotes.json'), JSON.stringify(routes));
    await npmRun(`npm run new:remote -- ${REMOTE} --port 3011 --prefix /quasar`);
    built();

    const release = await npmRun(`npm run release:remote -- ${REMOTE}`);
    expect(advice(release.out)).toEqual([`npm run release:remote -- ${REMOTE} --new`]);
    expect(record().remotes.map((remote) => remote.app)).toEqual(list.remotes.map((remote) => remote.app));
    expect(record().remotes[0]?.prefixes).toEqual([...first.prefixes, '/faq']);
    expect((await npmRun(advice(release.out)[0]!)).status).toBe(0);
    expect(record().remotes).toContainEqual(ENTRY);
  });

  it('an entry of the record with nothing published (a --new stopped half-way): --new, as advised, adds it again', async () => {
    startedDeployment(started());
    await npmRun(`npm run new:remote -- ${REMOTE} --port 3011 --prefix /quasar`);
    built();
    writeRecord(deploy, { ...started(), remotes: [...started().remotes, ENTRY] });

    const release = await npmRun(`npm run release:remote -- ${REMOTE}`);
    expect(release.status).toBe(2);
    expect(advice(release.out)).toEqual([`npm run release:remote -- ${REMOTE} --new`]);
    expect(await npmRun(advice(release.out)[0]!)).toEqual({ status: 0, out: expect.stringContaining('added to the running deployment') });
    expect(record().remotes.filter((remote) => remote.app === REMOTE)).toEqual([ENTRY]);
    expect(existsSync(join(deploy, 'apps', REMOTE, 'current'))).toBe(true);
  });

  it("--new builds the remote from the squad's list (the deployment's does not name it yet)", async () => {
    startedDeployment(started());
    await npmRun(`npm run new:remote -- ${REMOTE} --port 3011 --prefix /quasar`);
    const added = await npmRun(`npm run release:remote -- ${REMOTE} --new`, { build: true });
    expect(added).toEqual({ status: 0, out: expect.stringContaining(`${REMOTE} added to the running deployment`) });
    expect(added.out).not.toContain('is not in the list this build reads');
    expect(readdirSync(join(deploy, 'apps', REMOTE, 'releases'))).toHaveLength(1);
  });

  it('no deployment: release:remote and --new say to start one, naming the folder they looked in', async () => {
    rmSync(deploy, { recursive: true, force: true });
    for (const typed of [`npm run release:remote -- ${suite.REMOTES[0]!.dir}`, `npm run release:remote -- ${REMOTE} --new`]) {
      const result = await npmRun(typed);
      expect(result).toEqual({
        status: 1,
        out: expect.stringContaining(`No deployment found in ${deploy}: start one with \`npm run start:nginx\``),
      });
    }
    expect(existsSync(deploy)).toBe(false);
  });
});
