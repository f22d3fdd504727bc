import { join } from 'node:path';
import {
  historyOf,
  prefixChange,
  prefixesProblems,
  pushRelease,
  releasePaths,
  samePrefixes,
  withLivePrefixes,
} from '../../scripts/release-rules.cjs';

// Issue 40, items 2 and 3: a release ships the remote's prefixes and a rollback restores them;
// release:remote reads paths from where the squad ran npm.
const suite = {
  host: { app: 'host', port: 3000 },
  remotes: [
    { app: 'mfe-a', port: 3001, prefixes: ['/notifications', '/deposits'] },
    { app: 'mfe-b', port: 3002, prefixes: ['/register'] },
  ],
  sandboxPort: 4000,
};

describe('the prefixes a release ships with', () => {
  it('a new prefix of its own passes the one validator', () => {
    expect(prefixesProblems(suite, 'mfe-a', ['/notifications', '/deposits', '/faq'], 'the deployment')).toEqual([]);
  });

  it("another remote's prefix (either way round) or a reserved path is refused, naming the owner", () => {
    expect(prefixesProblems(suite, 'mfe-a', ['/notifications', '/register/extra'], 'the deployment')).toEqual([
      'the deployment remotes[1].prefixes[0]: "/register" overlaps /register/extra, which belongs to mfe-a',
    ]);
    expect(prefixesProblems(suite, 'mfe-a', ['/telemetry'], 'the deployment')).toEqual([
      'the deployment remotes[0].prefixes[0]: "/telemetry" overlaps /telemetry, reserved for field telemetry\'s beacons',
    ]);
  });

  it("the others' prefixes are the live ones of the host's list, not the list's older ones", () => {
    const live = withLivePrefixes(suite, [
      { name: 'mfe_a', prefixes: ['/notifications'] },
      { name: 'mfe_b', prefixes: ['/register', '/faq'] },
    ]);
    expect(live.remotes.map((remote) => remote.prefixes)).toEqual([['/notifications'], ['/register', '/faq']]);
    expect(prefixesProblems(live, 'mfe-a', ['/notifications', '/faq'], 'x')).toHaveLength(1);
    expect(prefixesProblems(suite, 'mfe-a', ['/notifications', '/faq'], 'x')).toEqual([]);
  });

  it('says what changed', () => {
    expect(prefixChange(['/a'], ['/a', '/faq'])).toBe('added /faq');
    expect(prefixChange(['/a', '/faq'], ['/a'])).toBe('removed /faq');
    expect(prefixChange(['/a'], ['/a'])).toBe('');
    expect(samePrefixes(['/b', '/a'], ['/a', '/b'])).toBe(true);
    expect(samePrefixes(['/a'], ['/a', '/faq'])).toBe(false);
  });
});

describe('the release history keeps each release with its prefixes', () => {
  it('reads the older history of bare ids (prefixes unknown) and the new one', () => {
    expect(historyOf(['r-1', { id: 'r-2', prefixes: ['/a', '/faq'] }, 7, { nope: 1 }])).toEqual([
      { id: 'r-1' },
      { id: 'r-2', prefixes: ['/a', '/faq'] },
    ]);
    expect(historyOf(undefined)).toEqual([]);
  });

  it('a release is appended; the same build released again with new prefixes updates its entry', () => {
    const history = [{ id: 'r-1', prefixes: ['/a'] }];
    const released = pushRelease(history, { id: 'r-2', prefixes: ['/a', '/faq'] });
    expect(released).toEqual([
      { id: 'r-1', prefixes: ['/a'] },
      { id: 'r-2', prefixes: ['/a', '/faq'] },
    ]);
    // The rollback target is the entry before: its release and its prefixes.
    expect(released.at(-2)).toEqual({ id: 'r-1', prefixes: ['/a'] });
    expect(pushRelease(released, { id: 'r-2', prefixes: ['/a'] })).toEqual([
      { id: 'r-1', prefixes: ['/a'] },
      { id: 'r-2', prefixes: ['/a'] },
    ]);
  });
});

describe('release:remote reads paths from where npm was run', () => {
  const checkout = '/work/squad';
  const none = () => false;

  it('relative --deployment, --root and PORTAL_APPS_JSON are read from INIT_CWD (npm runs scripts in the package root)', () => {
    const paths = releasePaths({
      deployment: '../platform/.deploy',
      root: '.',
      env: { INIT_CWD: '/work/squad/mfe-x', PORTAL_APPS_JSON: '../../platform/.deploy/apps.json' },
      cwd: checkout,
      checkout,
      exists: none,
    });
    expect(paths).toEqual({
      deployRoot: '/work/squad/platform/.deploy',
      named: true,
      appsJson: '/work/platform/.deploy/apps.json',
      root: '/work/squad/mfe-x',
    });
  });

  it("by default: this checkout's .deploy and build, and the list the deployment keeps when there is one", () => {
    expect(releasePaths({ env: {}, cwd: checkout, checkout, exists: none })).toEqual({
      deployRoot: join(checkout, '.deploy'),
      named: false,
      appsJson: undefined,
      root: checkout,
    });
    const kept = releasePaths({ env: {}, cwd: checkout, checkout, exists: (file) => file === join(checkout, '.deploy', 'apps.json') });
    expect(kept.appsJson).toBe(join(checkout, '.deploy', 'apps.json'));
  });

  it('a deployment named by the squad, with no list of its own yet: the list of the checkout it sits in', () => {
    const paths = releasePaths({
      deployment: '/srv/platform/.deploy',
      env: { INIT_CWD: checkout },
      cwd: checkout,
      checkout,
      exists: (file) => file === '/srv/platform/apps.json',
    });
    expect(paths.appsJson).toBe('/srv/platform/apps.json');
    expect(paths.root).toBe(checkout);
  });
});
