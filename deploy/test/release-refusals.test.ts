import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REMOTES } from '../../build-preset/apps.cjs';

// Issue 37, item 4, tried again through the tools themselves: `release:remote --new` (and
// `--remove`, `--id`), `start:nginx`, the build and the Compose renderer, given a hostile list,
// name or id, exit non-zero naming the field, and write nothing: the deployment folder is byte
// for byte the same and nothing appears outside it. They run in a scratch copy of the scripts
// with a deployment of its own (the scripts find .deploy beside themselves), never this
// checkout's; NGINX_BIN=/bin/false so that no nginx could start even if a refusal failed.
const REPO = join(__dirname, '..', '..');
type Suite = { host: { app: string; port: number }; remotes: Array<Record<string, unknown>>; sandboxPort: number };
const current = (): Suite => JSON.parse(readFileSync(join(REPO, 'apps.json'), 'utf8')) as Suite;
const someRemote = REMOTES[0];
if (!someRemote) throw new Error('apps.json lists no remote');
/** A remote already in the running deployment but not in apps.json (added earlier with --new). */
const DEPLOYED = { app: 'mfe-deployed', port: 3105, prefixes: ['/points'] };

let base: string;
let checkout: string;
let squad: string;

/** Every file, folder and link under `root` (node_modules, a link to the repository's, excluded), with its content. */
function snapshot(root: string, folder = ''): string[] {
  return readdirSync(join(root, folder)).flatMap((name) => {
    const path = folder ? `${folder}/${name}` : name;
    if (path === 'node_modules') return [];
    const full = join(root, path);
    const info = lstatSync(full);
    if (info.isSymbolicLink()) return [`${path} -> ${readlinkSync(full)}`];
    if (info.isDirectory()) return [`${path}/ ${(info.mode & 0o777).toString(8)}`, ...snapshot(root, path)];
    return [`${path} ${(info.mode & 0o777).toString(8)} ${createHash('sha256').update(readFileSync(full)).digest('hex')}`];
  });
}

function run(script: string, args: string[], env: Record<string, string> = {}) {
  const environment: NodeJS.ProcessEnv = { ...process.env, NGINX_BIN: '/bin/false', ...env };
  if (!('PORTAL_COHORT_SECRET' in env)) delete environment.PORTAL_COHORT_SECRET;
  if (!('PORTAL_APPS_JSON' in env)) delete environment.PORTAL_APPS_JSON;
  return spawnSync(process.execPath, [join(checkout, 'scripts', script), ...args], {
    cwd: checkout,
    encoding: 'utf8',
    env: environment,
    timeout: 30_000,
  });
}

/** Writes the squad's checkout: apps.json with `entry` added, and a build of it. */
function squadWith(entry: Record<string, unknown>): string {
  rmSync(squad, { recursive: true, force: true });
  mkdirSync(squad, { recursive: true });
  writeFileSync(join(squad, 'apps.json'), JSON.stringify({ ...current(), remotes: [...current().remotes, entry] }));
  if (typeof entry.app === 'string' && /^mfe-[a-z-]+$/.test(entry.app)) {
    mkdirSync(join(squad, entry.app, 'dist'), { recursive: true });
    writeFileSync(join(squad, entry.app, 'dist', 'mf-manifest.json'), '{}');
  }
  return squad;
}

beforeAll(() => {
  base = mkdtempSync(join(tmpdir(), 'release-refusals-'));
  checkout = join(base, 'checkout');
  squad = join(base, 'squad');
  for (const part of [
    'scripts',
    'build-preset',
    'deploy',
    'config',
    'apps.json',
    'apps.schema.json',
    'docker-compose.yml',
    'package.json',
  ]) {
    cpSync(join(REPO, part), join(checkout, part), {
      recursive: true,
      filter: (source) => !/[/\\](node_modules|test)$/.test(source),
    });
  }
  symlinkSync(join(REPO, 'node_modules'), join(checkout, 'node_modules'));
  // A running deployment's files, as start:nginx and one earlier `--new` leave them.
  const deploy = join(checkout, '.deploy');
  for (const app of [current().host.app, ...current().remotes.map((remote) => String(remote.app)), DEPLOYED.app]) {
    mkdirSync(join(deploy, 'apps', app, 'releases', 'r-1'), { recursive: true });
    writeFileSync(join(deploy, 'apps', app, 'releases', 'r-1', 'index.html'), app);
    symlinkSync(join('releases', 'r-1'), join(deploy, 'apps', app, 'current'));
    mkdirSync(join(deploy, 'apps', app, 'config'));
    writeFileSync(join(deploy, 'apps', app, 'config', 'env.json'), '{}');
  }
  writeFileSync(join(deploy, 'apps', current().host.app, 'config', 'remotes.json'), '[]');
  writeFileSync(join(deploy, 'apps.json'), JSON.stringify({ ...current(), remotes: [...current().remotes, DEPLOYED] }));
  writeFileSync(join(deploy, 'cohort-secret'), 'k'.repeat(43), { mode: 0o600 });
});
afterAll(() => rmSync(base, { recursive: true, force: true }));

/** Runs a command and proves the refusal: exit 2, the message, and not one file changed or added. */
function expectRefused(result: ReturnType<typeof run>, message: RegExp) {
  expect({ status: result.status, stderr: result.stderr }).toEqual({ status: 2, stderr: expect.stringMatching(message) });
}

describe('a hostile apps.json, name or id is refused by the tools, and nothing is written', () => {
  let before: string[];
  beforeEach(() => {
    before = snapshot(base);
  });
  afterEach(() => {
    // The squad's checkout and the hostile lists are the test's inputs; everything else must be as it was.
    const kept = (line: string) => !/^(squad|lists)\b/.test(line);
    expect(snapshot(base).filter(kept)).toEqual(before.filter(kept));
    expect(existsSync(join(base, 'escaped'))).toBe(false);
  });

  const added = `remotes\\[${current().remotes.length}\\]`;
  it.each<[string, Record<string, unknown>, RegExp]>([
    [
      'a port that is an nginx directive',
      { app: 'mfe-evil', port: '3005; #|.*', prefixes: ['/evil'] },
      new RegExp(`${added}\\.port: "3005; #\\|\\.\\*" is not an integer port`),
    ],
    [
      "the handoff exchange's port",
      { app: 'mfe-evil', port: 4011, prefixes: ['/evil'] },
      new RegExp(`${added}\\.port: 4011 is the session handoff`),
    ],
    ["Prometheus's port", { app: 'mfe-evil', port: 9090, prefixes: ['/evil'] }, new RegExp(`${added}\\.port: 9090 is Prometheus`)],
    [
      "the telemetry receiver's port",
      { app: 'mfe-evil', port: 4010, prefixes: ['/evil'] },
      new RegExp(`${added}\\.port: 4010 is the telemetry`),
    ],
    ['the prefix /', { app: 'mfe-evil', port: 3106, prefixes: ['/'] }, new RegExp(`${added}\\.prefixes\\[0\\]: "/" is not a path prefix`)],
    [
      "another remote's prefix",
      { app: 'mfe-evil', port: 3106, prefixes: [someRemote.prefixes[0]] },
      new RegExp(`${added}\\.prefixes\\[0\\]: .* which belongs to ${someRemote.dir}`),
    ],
    [
      'a reserved path',
      { app: 'mfe-evil', port: 3106, prefixes: ['/driver-api'] },
      new RegExp(`${added}\\.prefixes\\[0\\]: .* reserved for`),
    ],
    ['an unknown key', { app: 'mfe-evil', port: 3106, prefixes: ['/evil'], root: '/tmp' }, new RegExp(`${added}\\.root: unknown key`)],
    [
      'a port of a remote only the running deployment has',
      { app: 'mfe-evil', port: DEPLOYED.port, prefixes: ['/evil'] },
      /the running deployment's list with mfe-evil .* remotes\[\d+\]\.port: 3105 is mfe-deployed's port/,
    ],
  ])('release:remote --new with %s', (_what, entry, message) => {
    const result = run('release-remote.mjs', ['mfe-evil', '--new', '--root', squadWith(entry), '--no-build']);
    expectRefused(result, message);
    expect(result.stderr).toContain('mfe-evil was not added; nothing was written');
  });

  it.each(['../../../../../tmp/x', '../../../escaped', '..', 'mfe-x/../../escaped'])('release:remote %j --new and --remove', (name) => {
    const squadRoot = squadWith({ app: name, port: 3106, prefixes: ['/evil'] });
    expectRefused(run('release-remote.mjs', [name, '--new', '--root', squadRoot, '--no-build']), /is not a remote's folder name/);
    expectRefused(run('release-remote.mjs', [name, '--remove']), /is not a remote's folder name/);
  });

  it.each(['../../../tmp/x', '../../../../escaped', '..', '.', 'a/b'])('release:remote <remote> --id %j', (id) => {
    expectRefused(
      run('release-remote.mjs', [someRemote.dir, '--id', id, '--no-build']),
      /--id .* is not a release id \(.*\); nothing was written/,
    );
  });

  it('a hostile PORTAL_APPS_JSON stops release:remote, start:nginx, the build and the Compose renderer before they do anything', () => {
    // Beside the squad's checkout (which squadWith rewrites), outside the deployment.
    const hostile = join(base, 'lists', 'hostile.json');
    mkdirSync(join(base, 'lists'), { recursive: true });
    writeFileSync(
      hostile,
      JSON.stringify({ ...current(), remotes: [...current().remotes, { app: '../../../escaped', port: '3005; #|.*', prefixes: ['/'] }] }),
    );
    const field = new RegExp(
      `hostile\\.json ${added}\\.app: "\\.\\./\\.\\./\\.\\./escaped" is not a remote's folder name[^]*${added}\\.port: "3005; #\\|\\.\\*" is not an integer port`,
    );
    const env = { PORTAL_APPS_JSON: hostile };
    expectRefused(run('release-remote.mjs', ['mfe-evil', '--new', '--root', squadWith(DEPLOYED), '--no-build'], env), field);
    expectRefused(run('release-remote.mjs', [someRemote.dir, '--no-build'], env), field);
    expectRefused(run('start-nginx.mjs', ['--no-build'], env), field);
    expectRefused(run('build.mjs', ['--only', someRemote.dir], env), field);
    expectRefused(run('compose.mjs', ['--render'], env), field);
    expect(existsSync(join(checkout, 'docker-compose.apps.yml'))).toBe(false);
  });

  it('a cohort secret under 32 characters stops release:remote --new/--remove and start:nginx', () => {
    const env = { PORTAL_COHORT_SECRET: 'sixteen-chars-00' };
    const short = /PORTAL_COHORT_SECRET is 16 characters long; it needs 32 or more/;
    expectRefused(
      run(
        'release-remote.mjs',
        ['mfe-evil', '--new', '--root', squadWith({ app: 'mfe-evil', port: 3106, prefixes: ['/evil'] }), '--no-build'],
        env,
      ),
      short,
    );
    expectRefused(run('release-remote.mjs', [DEPLOYED.app, '--remove'], env), short);
    expectRefused(run('start-nginx.mjs', ['--no-build'], env), short);
  });
});
