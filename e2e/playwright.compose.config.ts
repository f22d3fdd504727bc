import { defineConfig } from '@playwright/test';
import { DRIVER_PHONE } from './chromium.cjs';

/**
 * The smoke through the compose deployment (scripts/compose-smoke.mjs starts it, runs this, stops
 * it): the containers built from deploy/docker/Dockerfile, on the public ports moved by
 * PORTAL_COMPOSE_PORT_OFFSET (10000: beside the e2e runs on 3000-3004). No webServer: the
 * deployment is already up.
 */
export default defineConfig({
  testDir: './tests',
  testMatch: /compose-[^/]*\.spec\.ts$/,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  // Its own folder: it runs beside the nginx pass (scripts/test.mjs), and a run empties its folder first.
  outputDir: './test-results/compose',
  use: DRIVER_PHONE,
});
