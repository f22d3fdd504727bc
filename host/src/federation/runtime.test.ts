import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { satisfiesRange as satisfy } from './semver';
import { platformSingletons } from '@driver-portal/shared/package.json';
import hostPackage from '../../package.json';
import { FEDERATION_PROTOCOL } from './plugins/version-guard';
import { providedShared, ROUTER_EXPORTS } from './runtime';

const requireFromPreset = createRequire(require.resolve('@driver-portal/build-preset/package.json'));
const { hostProvides, ROUTER_API, sharedDependencies } = requireFromPreset('./shared-deps.cjs') as {
  hostProvides: (appDir: string, appPackage: { dependencies: Record<string, string> }) => Record<string, string>;
  ROUTER_API: string[];
  sharedDependencies: (appDir: string, appPackage: { dependencies: Record<string, string> }) => Record<string, { requiredVersion: string }>;
};
// What every app's container consumes (the keys are the same for all; the versions come from the
// app's package.json, which pins the same React and router across the suite).
const appDir = dirname(require.resolve('@driver-portal/host/package.json'));

describe("the host's federation runtime", () => {
  it('provides every module a remote consumes, as a singleton at a version the remote accepts', () => {
    const shared = providedShared() as Record<string, { version: string; shareConfig: { singleton: boolean } }>;
    for (const [key, { requiredVersion }] of Object.entries(sharedDependencies(appDir, hostPackage))) {
      // Lint keeps every import on react-router: nothing asks for react-router-dom.
      if (key === 'react-router-dom') continue;
      // A subpath key ('react/') covers what is imported under it: react/jsx-runtime, react-dom/client.
      const provided = key.endsWith('/') ? Object.keys(shared).filter((name) => name.startsWith(key)) : [key];
      expect(provided.length).toBeGreaterThan(0);
      for (const name of provided) {
        expect(shared[name]?.shareConfig.singleton).toBe(true);
        expect(satisfy(shared[name]?.version ?? '0.0.0', requiredVersion)).toBe(true);
      }
    }
    expect(shared['@driver-portal/shared/session']?.version).toBe(platformSingletons.session);
  });

  it('publishes what it provides (provided-shared.json, which release:remote checks a build against) exactly as it provides it', () => {
    const versions = Object.fromEntries(Object.entries(providedShared()).map(([key, { version }]) => [key, version]));
    // And, beside them, the federation plugin versions its runtime speaks: what release:remote
    // holds a build's metaData.pluginVersion to, the very range the browser's guard uses.
    expect(hostProvides(appDir, hostPackage)).toEqual({ ...versions, federationProtocol: FEDERATION_PROTOCOL });
  });

  it('hands remotes the whole part of React Router they may use, and nothing the build does not keep', () => {
    expect(Object.keys(ROUTER_EXPORTS).sort()).toEqual([...ROUTER_API].sort());
    for (const value of Object.values(ROUTER_EXPORTS)) expect(value).toBeDefined();
  });

  it('provides the HTTP singleton to be downloaded on first use (the host’s own pages do not use it)', async () => {
    const http = providedShared()['@driver-portal/shared/http'];
    expect('lib' in http).toBe(false);
    const factory = await http.get();
    expect(typeof factory().ApiError).toBe('function');
  });
});
