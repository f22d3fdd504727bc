import { join } from 'node:path';
import { testsReadingApps } from '../../scripts/apps-readers.mjs';

// Issue 46: the scaffold check runs, in its scratch copy, the tests a new remote can change the
// outcome of (besides its own), found from their imports; the rest ran in the unit suite already.
const readers = testsReadingApps(join(__dirname, '..', '..'));

describe('the tests that read the list of apps (scripts/apps-readers.mjs)', () => {
  it('finds the repository rules, the deployment, telemetry and the sandbox that derive from apps.json', () => {
    expect(readers).toEqual(
      expect.arrayContaining([
        'deploy/test/remote-list.test.ts', // imports build-preset/apps.cjs
        'deploy/test/remote-names.test.ts', // lists the tree through git
        'deploy/test/docs.test.ts',
        'telemetry/test/new-remote.test.ts',
        'sandbox-api/test/contracts.test.ts', // through sandbox-api/src/contracts.ts
        'sandbox-api/test/remote-handlers.test.ts',
      ]),
    );
  });

  it("leaves out a remote's screens, which read only their own entry of apps.json, and the platform library", () => {
    for (const test of ['mfe-account/src/features/eula/eula.test.tsx', 'mfe-onboarding/src/features/vehicle/vehicle.test.tsx']) {
      expect(readers).not.toContain(test);
    }
    expect(readers.filter((file) => file.startsWith('shared/'))).toEqual([]);
    // Not vacuous, not everything: a part of the suite.
    expect(readers.length).toBeGreaterThan(20);
    expect(readers.length).toBeLessThan(80);
  });
});
