import { defineConfig } from '@playwright/test';
import base from './playwright.config';

/**
 * `npm run check:remote -- <remote>` (scripts/check-remote.mjs): one remote's journeys in
 * Chromium, on the server the check found running or started itself (none is started here).
 * PORTAL_CHECK_SPECS: the specs of e2e/tests that open its routes (docs/routes.md, its section),
 * comma-separated; PORTAL_CHECK_REMOTE: the remote, for its home tiles (remote-check/).
 */
const specs = (process.env.PORTAL_CHECK_SPECS ?? '').split(',').filter((spec) => /^[a-z0-9-]+\.spec\.ts$/.test(spec));

export default defineConfig({
  ...base,
  projects: [
    ...(specs.length > 0
      ? [{ name: 'routes', testDir: './tests', testMatch: specs.map((spec) => `**/${spec}`), fullyParallel: true }]
      : []),
    { name: 'home-tiles', testDir: './remote-check', fullyParallel: true },
  ],
  webServer: undefined,
});
