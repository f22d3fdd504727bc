import { defineConfig } from '@playwright/test';
import { HOST } from '../build-preset/apps.cjs';
import { DRIVER_PHONE } from './chromium.cjs';

const HOST_URL = `http://localhost:${HOST.port}`;

/**
 * PORTAL_SERVER=nginx runs the suite through Debian's nginx with the deployment configuration
 * (deploy/nginx), each app deployed as a release; otherwise through the Node static server of
 * `npm start`. `npm run test:e2e` runs both.
 */
export const SERVER = process.env.PORTAL_SERVER === 'nginx' ? 'nginx' : 'node';

// A credential only this run knows: the deployment tests look for it in every build and response.
process.env.STATEMENT_BASIC_AUTH ??= `portal-e2e:statement-${Date.now().toString(36)}`;

/** Tests that change what every test sees (releases into the running deployment): never beside others. */
const CHANGES_THE_DEPLOYMENT = /deploy[^/]*\.spec\.ts$/;
/** The smoke through the container deployment: its own config (playwright.compose.config.ts, npm run test:compose). */
const THROUGH_CONTAINERS = /compose-[^/]*\.spec\.ts$/;

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
            // Through nginx: the platform's cross-cutting suites (the deployment checks follow).
            testMatch:
              /(deep-links|token|resilience|shell|sandbox-namespace|statement-proxy|driver-api-proxy|server-parity|security-headers|capture|security-probes|local-override)[^/]*\.spec\.ts$/,
            fullyParallel: true,
          },
          {
            name: 'nginx-deployment',
            testMatch: CHANGES_THE_DEPLOYMENT,
            // After every other test, alone, on the sandbox's default namespace. A failure above
            // skips it; run it by itself with `--no-deps`.
            dependencies: ['nginx'],
            workers: 1,
            fullyParallel: false,
            use: { isolateSandbox: false },
          },
        ]
      : [{ name: 'node', testMatch: /\.spec\.ts$/, testIgnore: [CHANGES_THE_DEPLOYMENT, THROUGH_CONTAINERS], fullyParallel: true }],
  webServer: {
    // The production builds (npm run test:e2e builds them first) and the sandbox API.
    command: SERVER === 'nginx' ? 'node ../scripts/start-nginx.mjs --no-build' : 'node ../scripts/start.mjs --no-build',
    url: `${HOST_URL}/App`,
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
