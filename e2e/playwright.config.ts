import { defineConfig } from '@playwright/test';
import { HOST } from '../build-preset/apps.cjs';
import { DRIVER_PHONE } from './chromium.cjs';
import { testMatchOf } from './spec-classes';

const HOST_URL = `http://localhost:${HOST.port}`;

/**
 * PORTAL_SERVER=nginx runs the suite through Debian's nginx with the deployment configuration
 * (deploy/nginx), each app deployed as a release; otherwise through the Node static server of
 * `npm start`. `npm test` (scripts/test.mjs) runs `--project node` and then the nginx projects.
 */
export const SERVER = process.env.PORTAL_SERVER === 'nginx' ? 'nginx' : 'node';

// A credential only this run knows: the deployment tests look for it in every build and response.
process.env.STATEMENT_BASIC_AUTH ??= `portal-e2e:statement-${Date.now().toString(36)}`;
// This run's proof of the sandbox namespaces (decision 0024): the servers it starts count each
// test's proven namespace as a client of the open calls' limit (tests/support.ts sends the proof).
process.env.PORTAL_TEST_NAMESPACE_SECRET ??= Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('hex');

/*
 * Each check once, where it means something (spec-classes.ts holds the rule and the lists, and a
 * unit test fails when a spec is in no class):
 * - what a server answers (SERVER specs) on both servers: project `node`, and `nginx`;
 * - UI journeys (JOURNEY specs) once, on the deployment's server: project `nginx`;
 * - the deployment's own tests after the others, alone: project `nginx-deployment`.
 * Project `node-journeys` runs a journey through `npm start` while working on it (one spec named
 * on the command line); `npm test` does not run it.
 */
const SERVER_CHECKS = testMatchOf('server');
const JOURNEYS = testMatchOf('journey');

// isolateSandbox: the option of tests/support.ts (the config does not import the test module).
export default defineConfig<{ isolateSandbox: boolean }>({
  testDir: './tests',
  // Each test has its own sandbox namespace (tests/support.ts), so tests run side by side; CI
  // machines have 2 cores.
  workers: 2,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 8_000 },
  reporter: [['list']],
  // Each server's pass its own folder (a run empties its folder first): the compose smoke's
  // Playwright runs beside the nginx pass (scripts/test.mjs) with a folder of its own too.
  outputDir: `./test-results/${SERVER}`,
  use: {
    baseURL: HOST_URL,
    // A low-end phone in a webview.
    ...DRIVER_PHONE,
  },
  projects:
    SERVER === 'nginx'
      ? [
          {
            name: 'nginx',
            // Through nginx, the deployment: what it answers, and every journey.
            testMatch: [SERVER_CHECKS, JOURNEYS],
            fullyParallel: true,
          },
          {
            name: 'nginx-deployment',
            testMatch: testMatchOf('deployment'),
            // After every other test, alone, on the sandbox's default namespace. A failure above
            // skips it; run it by itself with `--no-deps`.
            dependencies: ['nginx'],
            workers: 1,
            fullyParallel: false,
            use: { isolateSandbox: false },
          },
        ]
      : [
          { name: 'node', testMatch: SERVER_CHECKS, fullyParallel: true },
          { name: 'node-journeys', testMatch: JOURNEYS, fullyParallel: true },
        ],
  webServer: {
    // The production builds (npm test builds them first) and the sandbox API.
    command: SERVER === 'nginx' ? 'node ../scripts/start-nginx.mjs --no-build' : 'node ../scripts/start.mjs --no-build',
    url: `${HOST_URL}/App`,
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
