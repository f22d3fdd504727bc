// One Jest run for every package: each package is a project with the same transform and
// environment, so a remote's tests run exactly like the platform's.
const path = require('node:path');
const { APPS } = require('./build-preset/apps.cjs');

/** @param {string} dir @param {object} [overrides] */
function project(dir, overrides = {}) {
  return {
    displayName: dir,
    rootDir: path.join(__dirname, dir),
    roots: ['<rootDir>'],
    testMatch: ['<rootDir>/**/*.test.ts?(x)'],
    testPathIgnorePatterns: ['/node_modules/', '/dist/'],
    testEnvironment: 'jest-fixed-jsdom',
    testEnvironmentOptions: { customExportConditions: [''] },
    setupFilesAfterEnv: [path.join(__dirname, 'jest.setup.ts')],
    transform: {
      '^.+\\.(t|j|mj)sx?$': [
        '@swc/jest',
        {
          jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } }, target: 'es2022' },
          module: { type: 'commonjs' },
        },
      ],
    },
    // msw 2 depends on ESM-only packages.
    transformIgnorePatterns: ['/node_modules/(?!(rettime|until-async|@open-draft/deferred-promise)/)'],
    moduleNameMapper: { '\\.css$': path.join(__dirname, 'types', 'style-stub.cjs') },
    ...overrides,
  };
}

module.exports = {
  // Robust on a busy machine (npm test runs Jest beside other steps on 2 cores): Jest's 5 s failed
  // tests that take 1 s on a quiet machine. A test that needs more says so itself.
  testTimeout: 20_000,
  projects: [
    project('shared'),
    // The host and every remote of the one list of apps (apps.json).
    ...APPS.map((app) => project(app.dir)),
    project('sandbox-api', { testEnvironment: 'node', setupFilesAfterEnv: [] }),
    project('telemetry', { testEnvironment: 'node', setupFilesAfterEnv: [] }),
    project('deploy', { testEnvironment: 'node', setupFilesAfterEnv: [] }),
  ],
};
