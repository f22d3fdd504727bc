import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expiredReleases, graceMs, retire } from '../../scripts/release-rules.cjs';

interface Incompatibility {
  name: string;
  requiredVersion: string;
  provided: string;
  releaseFirst: 'host' | 'remote';
}
const requireFromPreset = createRequire(require.resolve('@driver-portal/build-preset/package.json'));
const { incompatibleSingletons, incompatibilityReport, protocolProblem } = requireFromPreset('./shared-deps.cjs') as {
  incompatibleSingletons: (
    required: Array<{ name: string; singleton?: boolean; requiredVersion?: string }>,
    provided: Record<string, string>,
  ) => Incompatibility[];
  incompatibilityReport: (remote: string, problems: Incompatibility[]) => string;
  protocolProblem: (
    remote: string,
    manifest: { metaData?: { pluginVersion?: unknown } },
    provided: Record<string, string>,
  ) => string | undefined;
};
const { FEDERATION_PROTOCOL } = requireFromPreset('./federation-versions.cjs') as { FEDERATION_PROTOCOL: string };

// What a running host provides (its provided-shared.json).
const host = {
  react: '19.3.1',
  'react/jsx-runtime': '19.3.1',
  'react-router': '7.18.5',
  '@driver-portal/shared/session': '1.1.0',
  '@driver-portal/shared/http': '1.2.0',
  federationProtocol: '~2.9.0',
};
const singleton = (name: string, requiredVersion: string) => ({ name, singleton: true, requiredVersion });

describe('release:remote compatibility check', () => {
  it('accepts a build whose singletons the host satisfies, a newer compatible minor of the host included', () => {
    expect(incompatibleSingletons([singleton('react', '^19.0.0'), singleton('@driver-portal/shared/session', '^1.0.0')], host)).toEqual([]);
    // Not a singleton, or not provided by the host: the remote carries its own (the browser's rule too).
    expect(incompatibleSingletons([{ name: 'valibot', requiredVersion: '^9.0.0' }, singleton('left-pad', '^2.0.0')], host)).toEqual([]);
  });

  it('refuses a build that needs a newer singleton than the host has: release the host first', () => {
    const problems = incompatibleSingletons(
      [singleton('@driver-portal/shared/session', '^2.0.0'), singleton('@driver-portal/shared/http', '^1.3.0')],
      host,
    );
    expect(problems).toEqual([
      { name: '@driver-portal/shared/session', requiredVersion: '^2.0.0', provided: '1.1.0', releaseFirst: 'host' },
      { name: '@driver-portal/shared/http', requiredVersion: '^1.3.0', provided: '1.2.0', releaseFirst: 'host' },
    ]);
    const report = incompatibilityReport('mfe-self-service', problems);
    expect(report).toContain('@driver-portal/shared/session: the build requires ^2.0.0, the running host provides 1.1.0');
    expect(report).toContain('Release the host built with @driver-portal/shared/session 2.0.0 first');
    expect(report).toContain('Nothing was published');
  });

  it('refuses a build made against an older React than the host provides: rebuild the remote on the host’s', () => {
    const problems = incompatibleSingletons([singleton('react', '^18.3.1'), singleton('react/jsx-runtime', '^18.3.1')], host);
    expect(problems.map(({ name, releaseFirst }) => [name, releaseFirst])).toEqual([
      ['react', 'remote'],
      ['react/jsx-runtime', 'remote'],
    ]);
    expect(incompatibilityReport('mfe-example', problems)).toContain('Rebuild mfe-example against react 19.3.1');
  });
});

describe("release:remote's check of the federation plugin that built the remote", () => {
  const built = (pluginVersion?: string) => ({ metaData: { pluginVersion } });

  it('accepts a build by a plugin version the running host speaks', () => {
    expect(protocolProblem('mfe-self-service', built('2.9.2'), host)).toBeUndefined();
    expect(protocolProblem('mfe-self-service', built('2.9.3'), host)).toBeUndefined();
  });

  it('refuses a newer plugin the host does not speak: release a host that speaks it first', () => {
    const report = protocolProblem('mfe-self-service', built('2.10.0'), host);
    expect(report).toContain('mfe-self-service was not released: it was built by @module-federation/enhanced 2.10.0');
    expect(report).toContain("the running host's federation runtime speaks ~2.9.0, so every driver’s host would refuse it");
    expect(report).toContain('Release a host whose runtime speaks 2.10.0 first');
    expect(report).toContain('Nothing was published');
  });

  it('refuses an older plugin: rebuild the remote with the suite’s', () => {
    expect(protocolProblem('mfe-account', built('2.8.4'), host)).toContain(
      "Rebuild mfe-account with the suite's @module-federation/enhanced",
    );
  });

  it('refuses a manifest that does not say which plugin built it (the browser refuses it too)', () => {
    for (const manifest of [built(), built(''), {}]) {
      expect(protocolProblem('mfe-account', manifest, host)).toContain(
        'does not say which federation plugin built it (metaData.pluginVersion)',
      );
    }
  });

  it('refuses when the running host does not publish what it speaks: release the host first', () => {
    const { federationProtocol: _speaks, ...older } = host;
    expect(protocolProblem('mfe-account', built('2.9.2'), older)).toContain('Release the host first');
  });

  it('holds the plugin version the suite builds with to the range the host publishes', () => {
    const entry = requireFromPreset.resolve('@module-federation/enhanced');
    const packageFile = `${entry.slice(0, entry.lastIndexOf('/@module-federation/enhanced/'))}/@module-federation/enhanced/package.json`;
    const { version } = JSON.parse(readFileSync(packageFile, 'utf8')) as { version: string };
    expect(protocolProblem('mfe-account', built(version), { ...host, federationProtocol: FEDERATION_PROTOCOL })).toBeUndefined();
  });
});

describe('release:remote and the browser judge ranges alike (one implementation, upstream’s semantics)', () => {
  it('accepts a pre-release range the host satisfies, and `*`, which the browser accepts too', () => {
    expect(incompatibleSingletons([singleton('@driver-portal/shared/http', '^1.2.0-beta.1'), singleton('react', '*')], host)).toEqual([]);
    expect(incompatibleSingletons([singleton('react', '18.x || 19.x'), singleton('react-router', '7.0 - 7.18')], host)).toEqual([]);
    expect(incompatibleSingletons([singleton('react', '1.2.3 - 18')], host).map(({ name }) => name)).toEqual(['react']);
  });
});

describe('release folders and their grace time', () => {
  const hour = 3_600_000;
  const now = 100 * hour;

  it('keeps a retired release served for the grace time, then lets it go', () => {
    const state = { releases: ['a', 'b', 'bad'], live: ['b'], history: ['a', 'b'], graceMs: 24 * hour, now };
    // "bad" was rolled back 2 hours ago: a tab that started on it may still need its chunks.
    expect(expiredReleases({ ...state, retiredAt: { a: now - 2 * hour, bad: now - 2 * hour } })).toEqual([]);
    expect(expiredReleases({ ...state, retiredAt: { a: now - 25 * hour, bad: now - 25 * hour } })).toEqual(['bad']);
  });

  it('never deletes the live release or one of the last rollback targets, whatever their age', () => {
    const history = ['r1', 'r2', 'r3', 'r4', 'r5', 'r6'];
    const retiredAt = Object.fromEntries(history.map((id) => [id, 0]));
    const expired = expiredReleases({ releases: history, live: ['r6'], history, retiredAt, now, graceMs: hour });
    expect(expired).toEqual(['r1', 'r2']);
  });

  it('starts the grace time when a release stops being live, and clears it when it is live again (rollback)', () => {
    let retiredAt = retire({}, ['a', 'b'], ['a'], 10);
    expect(retiredAt).toEqual({ b: 10 });
    retiredAt = retire(retiredAt, ['a', 'b', 'c'], ['c'], 20);
    expect(retiredAt).toEqual({ a: 20, b: 10 });
    expect(retire(retiredAt, ['a', 'b', 'c'], ['a'], 30)).toEqual({ b: 10, c: 30 });
  });

  it('is configured in minutes (PORTAL_RELEASE_GRACE_MINUTES), a day by default', () => {
    expect(graceMs({})).toBe(24 * hour);
    expect(graceMs({ PORTAL_RELEASE_GRACE_MINUTES: '90' })).toBe(90 * 60_000);
    expect(() => graceMs({ PORTAL_RELEASE_GRACE_MINUTES: '-1' })).toThrow('PORTAL_RELEASE_GRACE_MINUTES');
  });
});
