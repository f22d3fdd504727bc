import { FEDERATION_PROTOCOL, incompatibilities, protocolProblem } from './version-guard';

const host: Record<string, string> = { react: '19.3.1', 'react-router': '7.18.5', '@driver-portal/shared/ui': '1.0.0' };

describe('version guard', () => {
  it('accepts a remote whose singletons the host satisfies', () => {
    expect(
      incompatibilities(
        [
          { name: 'react', singleton: true, requiredVersion: '^19.0.0' },
          { name: '@driver-portal/shared/ui', singleton: true, requiredVersion: '^1.0.0' },
        ],
        (name) => host[name],
      ),
    ).toEqual([]);
  });

  it('refuses an incompatible major of React, the router or the platform library', () => {
    expect(
      incompatibilities(
        [
          { name: 'react', singleton: true, requiredVersion: '^18.3.1' },
          { name: 'react-router', singleton: true, requiredVersion: '^6.28.0' },
          { name: '@driver-portal/shared/ui', singleton: true, requiredVersion: '^2.0.0' },
        ],
        (name) => host[name],
      ),
    ).toEqual([
      'react ^18.3.1 (portal: 19.3.1)',
      'react-router ^6.28.0 (portal: 7.18.5)',
      '@driver-portal/shared/ui ^2.0.0 (portal: 1.0.0)',
    ]);
  });

  it('ignores what is not a singleton or what the host does not share', () => {
    expect(
      incompatibilities(
        [
          { name: 'react', singleton: false, requiredVersion: '^18.0.0' },
          { name: 'left-pad', singleton: true, requiredVersion: '^1.0.0' },
        ],
        (name) => host[name],
      ),
    ).toEqual([]);
  });

  it('refuses a container whose manifest does not say which federation plugin built it, or names one outside the protocol', () => {
    expect(protocolProblem('2.9.2')).toBeUndefined();
    expect(protocolProblem(undefined)).toBe(`federation (no metaData.pluginVersion) (portal: ${FEDERATION_PROTOCOL})`);
    expect(protocolProblem('')).toBe(`federation (no metaData.pluginVersion) (portal: ${FEDERATION_PROTOCOL})`);
    expect(protocolProblem('2.10.0')).toBe(`federation 2.10.0 (portal: ${FEDERATION_PROTOCOL})`);
  });
});
