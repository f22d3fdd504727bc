import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// `npm run new:remote`: a folder and one line of apps.json (the e2e proof that the result builds,
// serves and releases is e2e/tests/deploy-new-remote.spec.ts).
const ROOT = join(__dirname, '..', '..');
const SCRIPT = join(ROOT, 'scripts', 'new-remote.mjs');
/** The field of the entry new:remote adds: the next index of apps.json's remotes. */
const ADDED = `remotes[${(JSON.parse(readFileSync(join(ROOT, 'apps.json'), 'utf8')) as { remotes: unknown[] }).remotes.length}]`;

describe('the new remote scaffold', () => {
  let root: string;
  const run = (...args: string[]) => spawnSync(process.execPath, [SCRIPT, ...args, '--root', root], { encoding: 'utf8' });
  const suite = () => JSON.parse(readFileSync(join(root, 'apps.json'), 'utf8')) as { remotes: Array<{ app: string }> };

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'new-remote-'));
    copyFileSync(join(ROOT, 'apps.json'), join(root, 'apps.json'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('creates the folder (config, page, routes, navigation with its own section, a screen, its tests) and adds one line to apps.json', () => {
    const before = readFileSync(join(root, 'apps.json'), 'utf8');
    const result = run('mfe-rewards', '--port', '3105', '--prefix', '/rewards', '--title', 'Recompensas');
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(readdirSync(root).sort()).toEqual(['apps.json', 'mfe-rewards']);
    const after = readFileSync(join(root, 'apps.json'), 'utf8');
    const added = after.split('\n').filter((line) => !before.split('\n').includes(line));
    // The entry, and the comma after the one before it.
    expect(added).toHaveLength(2);
    expect(added[0]).toMatch(/\},$/);
    expect(added[1]).toBe('    { "app": "mfe-rewards", "port": 3105, "prefixes": ["/rewards"] }');
    expect(suite().remotes.at(-1)).toEqual({ app: 'mfe-rewards', port: 3105, prefixes: ['/rewards'] });
    const navigation = JSON.parse(readFileSync(join(root, 'mfe-rewards', 'src', 'navigation.json'), 'utf8')) as unknown[];
    expect(navigation).toEqual([
      { label: 'Recompensas', path: '/rewards/home', group: 'Recompensas', groupOrder: 100, needsDriverId: false },
    ]);
    for (const file of [
      'package.json',
      'rspack.config.cjs',
      'src/index.ts',
      'src/bootstrap.ts',
      'src/routes.ts',
      'src/navigation.test.ts',
    ]) {
      expect(readFileSync(join(root, 'mfe-rewards', file), 'utf8')).not.toBe('');
    }
    expect(readFileSync(join(root, 'mfe-rewards', 'src', 'bootstrap.ts'), 'utf8')).toContain("startStandalone('mfe_rewards', remote)");
  });

  it.each([
    [['rewards', '--port', '3105', '--prefix', '/rewards'], 'mfe-<name>'],
    [['mfe-rewards', '--port', '3001', '--prefix', '/rewards'], `${ADDED}.port: 3001 is mfe-self-service's port`],
    [
      ['mfe-rewards', '--port', '3105', '--prefix', '/deposits'],
      `${ADDED}.prefixes[0]: "/deposits" overlaps /deposits, which belongs to mfe-self-service`,
    ],
    [['mfe-account', '--port', '3105', '--prefix', '/rewards'], 'in apps.json already'],
    [['mfe-rewards', '--port', '3105'], '--prefix takes'],
    [['mfe-rewards', '--port', '3005; #|.*', '--prefix', '/rewards'], '--port takes a free port number'],
    [['mfe-rewards', '--port', '3105', '--prefix', '/'], '--prefix /: one path segment'],
    // Issue 37, item 4: the ports the suite's own services bind...
    [['mfe-rewards', '--port', '4000', '--prefix', '/rewards'], `${ADDED}.port: 4000 is the sandbox API's default port`],
    [['mfe-rewards', '--port', '4010', '--prefix', '/rewards'], `${ADDED}.port: 4010 is the telemetry receiver's port`],
    [['mfe-rewards', '--port', '4011', '--prefix', '/rewards'], `${ADDED}.port: 4011 is the session handoff exchange's port`],
    [['mfe-rewards', '--port', '9090', '--prefix', '/rewards'], `${ADDED}.port: 9090 is Prometheus's port`],
    // ...and the 14 paths the servers and the host answer themselves.
    ...[
      '/driver-api',
      '/telemetry',
      '/session-handoff',
      '/releases',
      '/statement',
      '/signout',
      '/env',
      '/remotes',
      '/canary',
      '/current',
      '/app',
      '/sair',
      '/login',
      '/static',
    ].map((prefix) => [
      ['mfe-rewards', '--port', '3105', '--prefix', prefix],
      `${ADDED}.prefixes[0]: "${prefix}" overlaps ${prefix}, reserved for`,
    ]),
  ])('refuses %j, saying why, and changes nothing', (args, why) => {
    const before = readFileSync(join(root, 'apps.json'), 'utf8');
    const result = run(...args);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain(why);
    expect(readFileSync(join(root, 'apps.json'), 'utf8')).toBe(before);
    expect(readdirSync(root)).toEqual(['apps.json']);
  });
});
