import { createRequire } from 'node:module';
import { platformSingletons } from '@driver-portal/shared/package.json';
import { providedShared, ROUTER_EXPORTS } from './runtime';

const requireFromPreset = createRequire(require.resolve('@driver-portal/build-preset/package.json'));
const { ROUTER_API } = requireFromPreset('./shared-deps.cjs') as { ROUTER_API: string[] };

describe("the host's federation runtime", () => {
  it('provides every module a remote consumes as a singleton, at the versions remotes are built against', () => {
    const shared = providedShared();
    expect(Object.keys(shared).sort()).toEqual(
      [
        'react',
        'react/jsx-runtime',
        'react-dom',
        'react-dom/client',
        'react-router',
        ...Object.keys(platformSingletons).map((name) => `@driver-portal/shared/${name}`),
      ].sort(),
    );
    expect(shared['@driver-portal/shared/session'].version).toBe(platformSingletons.session);
    expect(shared.react.shareConfig).toEqual({ singleton: true, requiredVersion: '^19.3.1', strictVersion: true });
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
