import Ajv from 'ajv';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REMOTES } from '../../build-preset/apps.cjs';
import {
  appsProblems,
  appsSchema,
  checkApps,
  RESERVED_PORTS,
  RESERVED_PREFIXES,
  releaseIdProblem,
} from '../../build-preset/apps-validate.cjs';

// Issue 37, item 4: every tool builds paths, nginx directives, Origin regexes and CSP lists from
// apps.json, so the one validator (build-preset/apps-validate.cjs) must refuse each value the
// probes slipped through, naming the field and the reason, and accept the real list.
const ROOT = join(__dirname, '..', '..');
type Suite = { $schema?: string; host: { app: string; port: number }; remotes: Array<Record<string, unknown>>; sandboxPort: number };
const current = (): Suite => JSON.parse(readFileSync(join(ROOT, 'apps.json'), 'utf8')) as Suite;
/** A free port and a prefix no app has: a valid new remote. */
const FREE_PORT = 3105;
const valid = { app: 'mfe-rewards', port: FREE_PORT, prefixes: ['/rewards'] };
/** The list with one more remote (index = the current count). */
const withRemote = (entry: Record<string, unknown>): Suite => ({ ...current(), remotes: [...current().remotes, entry] });
const added = () => `apps.json remotes[${current().remotes.length}]`;
/** A prefix another remote owns, and its owner (whichever remote comes first). */
const someRemote = REMOTES[0];
if (!someRemote) throw new Error('apps.json lists no remote');
const ownedPrefix = someRemote.prefixes[0] ?? '';

// The probes of item 4, each with the field and the reason the message must carry.
const portProbes: Array<[unknown, string]> = [
  ['3005; #|.*', '.port: "3005; #|.*" is not an integer port'],
  ['3005', '.port: "3005" is not an integer port'],
  [3005.5, '.port: 3005.5 is not an integer port'],
  [80, '.port: 80 is outside 1024-65535'],
  [70000, '.port: 70000 is outside 1024-65535'],
  [null, '.port: null is not an integer port'],
  ...[...RESERVED_PORTS.keys()].map((port): [number, string] => [port, `.port: ${port} is `]),
  [someRemote.port, `.port: ${someRemote.port} is ${someRemote.dir}'s port`],
];

const nameProbes = [
  '../../../../../tmp/x',
  '../x',
  'mfe-a/b',
  'mfe-a.b',
  'mfe-..',
  'MFE-REWARDS',
  'mfe-',
  'rewards',
  'mfe-rewards ',
  'mfe-rewards;',
  `mfe-${'a'.repeat(40)}`,
  42,
];

const prefixProbes: Array<[unknown, string]> = [
  ['/', 'is not a path prefix'],
  ['', 'is not a path prefix'],
  ['rewards', 'is not a path prefix'],
  ['/rewards/', 'is not a path prefix'],
  ['/Rewards', 'is not a path prefix'],
  ['/re.wards', 'is not a path prefix'],
  ['/..', 'is not a path prefix'],
  ['/%2e%2e', 'is not a path prefix'],
  ['/a//b', 'is not a path prefix'],
  ['/rewards\\x', 'is not a path prefix'],
  [`/${'a'.repeat(64)}`, 'is not a path prefix'],
  [ownedPrefix, `overlaps ${ownedPrefix}, which belongs to ${someRemote.dir}`],
  [`${ownedPrefix}/x`, `overlaps ${ownedPrefix}, which belongs to ${someRemote.dir}`],
  // The 14 reserved paths of the probe (and their sub-paths), refused as reserved.
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
  ].flatMap((path): Array<[string, string]> => [
    [path, `overlaps ${path}, reserved for`],
    [`${path}/x`, `overlaps ${path}, reserved for`],
  ]),
];

describe('the validator of apps.json', () => {
  it('accepts the repository’s apps.json and a valid new remote', () => {
    expect(appsProblems(current())).toEqual([]);
    expect(appsProblems(withRemote(valid))).toEqual([]);
    expect(appsProblems(withRemote({ ...valid, camera: true, prefixes: ['/rewards', '/points/history'] }))).toEqual([]);
    expect(() => checkApps(current())).not.toThrow();
  });

  it.each(portProbes)('refuses the port %j, naming the field', (port, message) => {
    const problems = appsProblems(withRemote({ ...valid, port }));
    expect(problems).toHaveLength(1);
    expect(problems[0]?.startsWith(`${added()}${message}`)).toBe(true);
  });

  it('names the reserved services: the telemetry receiver, the handoff exchange, Prometheus, the sandbox', () => {
    const reason = (port: number) => appsProblems(withRemote({ ...valid, port }))[0];
    expect(reason(4010)).toContain('telemetry receiver');
    expect(reason(4011)).toContain('session handoff');
    expect(reason(9090)).toContain('Prometheus');
    expect(reason(4000)).toContain('sandbox');
    expect(appsProblems({ ...withRemote(valid), sandboxPort: 4100 }).join('\n')).toBe('');
    expect(appsProblems({ ...withRemote({ ...valid, port: 4100 }), sandboxPort: 4100 })).toEqual([
      `${added()}.port: 4100 is the sandbox API's port (sandboxPort)`,
    ]);
  });

  it.each(nameProbes)('refuses the app name %j, naming the field', (app) => {
    expect(appsProblems(withRemote({ ...valid, app }))).toEqual([
      `${added()}.app: ${JSON.stringify(app)} is not a remote's folder name (mfe-<name>: lower-case letters and digits, words joined by "-")`,
    ]);
  });

  it('refuses a name listed twice, and a bad host name or port', () => {
    expect(appsProblems(withRemote({ ...valid, app: someRemote.dir }))).toEqual([
      `${added()}.app: "${someRemote.dir}" is listed twice (also remotes[0])`,
    ]);
    expect(appsProblems({ ...current(), host: { app: '../host', port: 3000 } })[0]).toMatch(
      /^apps\.json host\.app: "\.\.\/host" is not a folder name/,
    );
    expect(appsProblems({ ...current(), host: { app: 'host', port: 9090 } })).toEqual([
      "apps.json host.port: 9090 is Prometheus's port (scripts/telemetry.mjs)",
    ]);
  });

  it.each(prefixProbes)('refuses the prefix %j, naming the field', (prefix, reason) => {
    const problems = appsProblems(withRemote({ ...valid, prefixes: [prefix] }));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(new RegExp(`^${escapeRegex(`${added()}.prefixes[0]: ${JSON.stringify(prefix)} ${reason}`)}`));
  });

  it('compares prefixes by path segment, both ways, case-insensitively', () => {
    // A new remote's prefix under another's, or another's under the new one's.
    const parent = ownedPrefix.split('/').slice(0, 2).join('/');
    expect(appsProblems(withRemote({ ...valid, prefixes: [`${ownedPrefix}/deeper/still`] }))[0]).toContain(
      `which belongs to ${someRemote.dir}`,
    );
    expect(appsProblems(withRemote({ ...valid, prefixes: ['/rewards', '/rewards/x'] }))).toEqual([
      `${added()}.prefixes[1]: "/rewards/x" overlaps /rewards, which belongs to mfe-rewards`,
    ]);
    // Not a segment prefix: "/my" does not own "/my-account".
    expect(appsProblems(withRemote({ ...valid, prefixes: [`${parent}x`] }))).toEqual([]);
    // The reserved list is compared in lower case (the host matches paths case-insensitively).
    for (const path of RESERVED_PREFIXES.keys()) expect(path).toBe(path.toLowerCase());
  });

  it('refuses unknown keys, a non-boolean camera, an empty or missing prefix list, a bad sandbox port', () => {
    expect(appsProblems({ ...current(), extra: 1 })).toEqual(['apps.json extra: unknown key']);
    expect(appsProblems({ ...current(), host: { ...current().host, prefixes: ['/x'] } })).toEqual(['apps.json host.prefixes: unknown key']);
    expect(appsProblems(withRemote({ ...valid, listen: '0.0.0.0:80' }))).toEqual([`${added()}.listen: unknown key`]);
    expect(appsProblems(withRemote({ ...valid, camera: 'yes' }))).toEqual([`${added()}.camera: "yes" is not true or false`]);
    expect(appsProblems(withRemote({ ...valid, prefixes: [] }))).toEqual([`${added()}.prefixes: [] is not a non-empty list of paths`]);
    expect(appsProblems(withRemote({ app: 'mfe-rewards', port: FREE_PORT }))).toEqual([
      `${added()}.prefixes: undefined is not a non-empty list of paths`,
    ]);
    expect(appsProblems({ ...current(), sandboxPort: '4000' })).toEqual(['apps.json sandboxPort: "4000" is not an integer port']);
    expect(appsProblems({ ...current(), sandboxPort: 4010 })[0]).toMatch(/^apps\.json sandboxPort: 4010 is the telemetry receiver/);
    expect(appsProblems(null)).toEqual(['apps.json (top): is not an object with host, remotes and sandboxPort']);
    expect(appsProblems({ ...current(), remotes: {} })).toEqual(['apps.json remotes: {} is not a list']);
  });

  it('throws every problem at once, with the list’s name', () => {
    expect(() => checkApps(withRemote({ app: 'mfe-x', port: '3005; #|.*', prefixes: ['/'] }), '/tmp/other.json')).toThrow(
      /^\/tmp\/other\.json remotes\[\d+\]\.port: "3005; #\|\.\*" is not an integer port\n\/tmp\/other\.json remotes\[\d+\]\.prefixes\[0\]: "\/" is not a path prefix/,
    );
  });
});

describe('release ids (release:remote --id)', () => {
  it.each(['../../../tmp/x', '..', '.', 'a/b', '', 'r 1', 'r;1', 'x'.repeat(65), undefined])('refuses %j', (id) => {
    expect(releaseIdProblem(id)).toMatch(/is not a release id/);
  });
  it.each(['r-0123456789ab', 'v1.2.3', 'hotfix_2', '...x', 'x'.repeat(64)])('accepts %j', (id) => {
    expect(releaseIdProblem(id)).toBeUndefined();
  });
});

describe('apps.schema.json', () => {
  const schema = JSON.parse(readFileSync(join(ROOT, 'apps.schema.json'), 'utf8')) as Record<string, unknown>;
  const validate = new Ajv({ allErrors: true }).compile(schema);

  it('is the validator’s schema, written out, and apps.json names it', () => {
    expect(schema).toEqual(appsSchema());
    expect(current().$schema).toBe('./apps.schema.json');
  });

  it('agrees with the validator on every entry a schema can judge', () => {
    const entries: Array<Record<string, unknown>> = [
      valid,
      { ...valid, camera: true },
      ...portProbes.map(([port]) => ({ ...valid, port })).filter(({ port }) => port !== someRemote.port),
      ...nameProbes.map((app) => ({ ...valid, app })),
      ...prefixProbes
        .filter(([prefix]) => typeof prefix !== 'string' || !prefix.startsWith(ownedPrefix))
        .map(([prefix]) => ({ ...valid, prefixes: [prefix] })),
      { ...valid, camera: 'yes' },
      { ...valid, prefixes: [] },
      { ...valid, extra: 1 },
    ];
    for (const entry of entries) {
      const list = withRemote(entry);
      expect({ entry, schema: validate(list) }).toEqual({ entry, schema: appsProblems(list).length === 0 });
    }
    // The current list, for both.
    expect(validate(current())).toBe(true);
  });
});

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
