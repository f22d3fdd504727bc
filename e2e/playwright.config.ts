import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.cjs';

/**
 * PORTAL_SERVER=nginx runs the suite through Debian's nginx with the deployment configuration
 * (deploy/nginx), each app deployed as a release; otherwise through the Node static server of
 * `npm start`. `npm run test:e2e` runs both.
 */
export const SERVER = process.env.PORTAL_SERVER === 'nginx' ? 'nginx' : 'node';

// A credential only this run knows: the deployment tests look for it in every build and response.
process.env.STATEMENT_BASIC_AUTH ??= `portal-e2e:statement-${Date.now().toString(36)}`;

export default defineConfig({
  testDir: './tests',
  // Through nginx: the deployment checks plus the platform's cross-cutting suites.
  testMatch: SERVER === 'nginx' ? /(deploy|deep-links|token|resilience|shell)[^/]*\.spec\.ts$/ : /\.spec\.ts$/,
  testIgnore: SERVER === 'nginx' ? [] : [/deploy[^/]*\.spec\.ts$/],
  // The sandbox API holds state: one worker keeps tests independent and deterministic.
  workers: 1,
  fullyParallel: false,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 8_000 },
  reporter: [['list']],
  use: {
    baseURL: 'http://localhost:3000',
    browserName: 'chromium',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    // A low-end phone in a webview.
    viewport: { width: 360, height: 740 },
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    trace: 'off',
  },
  webServer: {
    // The production builds (npm run test:e2e builds them first) and the sandbox API.
    command: SERVER === 'nginx' ? 'node ../scripts/start-nginx.mjs --no-build' : 'node ../scripts/start.mjs --no-build',
    url: 'http://localhost:3000/App',
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
