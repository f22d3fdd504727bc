import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REMOTES } from '../../build-preset/apps.cjs';
import { freshRemote } from '../../scripts/fresh-remote.cjs';

// `npm run new:remote`: a folder and one line of apps.json (the e2e proof that the result builds,
// serves and releases is e2e/tests/deploy-new-remote.spec.ts).
const ROOT = join(__dirname, '..', '..');
const SCRIPT = join(ROOT, 'scripts', 'new-remote.mjs');
/** The field of the entry new:remote adds: the next index of apps.json's remotes. */
const ADDED = `remotes[${REMOTES.length}]`;
// Issue 40, item 1: a name, port and prefix no app of apps.json uses (never the docs' example,
// which a squad following the docs adds), so scaffolding a remote keeps this test green.
const { dir: NAME, name: CONTAINER, port: PORT, prefix: PREFIX } = freshRemote();
const first = REMOTES[0]!;
const second = REMOTES[1] ?? first;

describe('the new remote scaffold', () => {
  let root: string;
  const run = (...args: string[]) => spawnSync(process.execPath, [SCRIPT, ...args, '--root', root], { encoding: 'utf8' });
  const suite = () => JSON.parse(readFileSync(join(root, 'apps.json'), 'utf8')) as { remotes: Array<{ app: string }> };

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'new-remote-'));
    copyFileSync(join(ROOT, 'apps.json'), join(root, 'apps.json'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('writes a title with quotes, a backslash or `${` as text in the generated source, and refuses one with a line break', () => {
    const title = `Prêmios d'hoje "já" \\ \${globalThis.x}`;
    expect(run(NAME, '--port', String(PORT), '--prefix', PREFIX, '--title', title).status).toBe(0);
    const page = readFileSync(join(root, NAME, 'src', 'features', 'home', 'HomePage.tsx'), 'utf8');
    const literal = /<Page title=\{(.+)\} backTo/.exec(page)?.[1] ?? '';
    // The literal, read as JavaScript, is the title exactly: nothing of it ran or broke out.
    expect(new Function(`return ${literal};`)()).toBe(title);
    const config = readFileSync(join(root, NAME, 'rspack.config.cjs'), 'utf8');
    expect(config).toContain(`title: ${literal.slice(0, -1)} · Portal do Motorista${literal.slice(-1)},`);
    rmSync(join(root, NAME), { recursive: true, force: true });
    copyFileSync(join(ROOT, 'apps.json'), join(root, 'apps.json'));
    const refused = run(NAME, '--port', String(PORT), '--prefix', PREFIX, '--title', 'linha\nquebrada');
    expect(refused.status).not.toBe(0);
    expect(refused.stderr).toContain('--title must be one line of text');
    expect(readdirSync(root)).toEqual(['apps.json']);
  });

  it('creates the folder (config, page, routes, navigation with its own section, a screen, its tests) and adds one line to apps.json', () => {
    const before = readFileSync(join(root, 'apps.json'), 'utf8');
    const result = run(NAME, '--port', String(PORT), '--prefix', PREFIX, '--title', 'Recompensas');
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(readdirSync(root).sort()).toEqual(['apps.json', NAME]);
    const after = readFileSync(join(root, 'apps.json'), 'utf8');
    const added = after.split('\n').filter((line) => !before.split('\n').includes(line));
    // The entry, and the comma after the one before it.
    expect(added).toHaveLength(2);
    expect(added[0]).toMatch(/\},$/);
    expect(added[1]).toBe(`    { "app": "${NAME}", "port": ${PORT}, "prefixes": ["${PREFIX}"] }`);
    expect(suite().remotes.at(-1)).toEqual({ app: NAME, port: PORT, prefixes: [PREFIX] });
    const navigation = JSON.parse(readFileSync(join(root, NAME, 'src', 'navigation.json'), 'utf8')) as unknown;
    expect(navigation).toEqual({
      $schema: '../../shared/src/links/navigation.schema.json',
      tiles: [{ label: 'Recompensas', path: `${PREFIX}/home`, group: 'Recompensas', groupOrder: 100, needsDriverId: false }],
    });
    for (const file of [
      'package.json',
      'tsconfig.json',
      'rspack.config.cjs',
      'src/index.ts',
      'src/bootstrap.ts',
      'src/routes.ts',
      'src/navigation.test.ts',
      'src/contract/index.ts',
      'src/contract/answers.test.ts',
      'src/contract/faults.test.ts',
      'sandbox/handlers.ts',
      'src/features/home/api.ts',
      'src/features/home/HomePage.tsx',
      'src/features/home/home.test.tsx',
    ]) {
      expect(readFileSync(join(root, NAME, file), 'utf8')).not.toBe('');
    }
    expect(readFileSync(join(root, NAME, 'src', 'bootstrap.ts'), 'utf8')).toContain(`startStandalone('${CONTAINER}', remote)`);
  });

  it.each([
    [[NAME.slice('mfe-'.length), '--port', String(PORT), '--prefix', PREFIX], 'mfe-<name>'],
    [[NAME, '--port', String(first.port), '--prefix', PREFIX], `${ADDED}.port: ${first.port} is ${first.dir}'s port`],
    [
      [NAME, '--port', String(PORT), '--prefix', first.prefixes[0] ?? ''],
      `${ADDED}.prefixes[0]: "${first.prefixes[0]}" overlaps ${first.prefixes[0]}, which belongs to ${first.dir}`,
    ],
    [[second.dir, '--port', String(PORT), '--prefix', PREFIX], 'in apps.json already'],
    [[NAME, '--port', String(PORT)], '--prefix takes'],
    [[NAME, '--port', '3005; #|.*', '--prefix', PREFIX], '--port takes a free port number'],
    [[NAME, '--port', String(PORT), '--prefix', '/'], '--prefix /: one path segment'],
    // Issue 37, item 4: the ports the suite's own services bind...
    [[NAME, '--port', '4000', '--prefix', PREFIX], `${ADDED}.port: 4000 is the sandbox API's default port`],
    [[NAME, '--port', '4010', '--prefix', PREFIX], `${ADDED}.port: 4010 is the telemetry receiver's port`],
    [[NAME, '--port', '4011', '--prefix', PREFIX], `${ADDED}.port: 4011 is the session handoff exchange's port`],
    [[NAME, '--port', '9090', '--prefix', PREFIX], `${ADDED}.port: 9090 is Prometheus's port`],
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
      [NAME, '--port', String(PORT), '--prefix', prefix],
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
