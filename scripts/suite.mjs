// What every script that runs the suite needs: building what is missing, the sandbox API,
// serving the builds, waiting for everything to answer, announcing it and stopping cleanly.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { APPS, DEMO_DRIVER_ID, DEMO_TOKEN, HOST, REMOTES, repoRoot, SANDBOX_PORT } from './apps.mjs';
import { serveStatic } from './static-server.mjs';
import { driverApiProxy } from './driver-api-proxy.mjs';
import { telemetryProxy } from './telemetry-stack.mjs';
import { pageCohort } from './page-cohort.mjs';

const require = createRequire(import.meta.url);
const { LOCAL_OVERRIDE_SETTING, localOverrideSources, securityHeaders } = require('../deploy/security-headers.cjs');
const { sessionHandoff } = require('../deploy/session-handoff.cjs');
const { storeFromEnv } = require('../deploy/store.cjs');

/** The origins the host is opened at locally: remotes answer CORS to these only. */
export const HOST_ORIGINS = [`http://localhost:${HOST.port}`, `http://127.0.0.1:${HOST.port}`];
export const SANDBOX_HEALTH = `http://localhost:${SANDBOX_PORT}/__sandbox/health`;

/**
 * Builds the apps whose sources changed since their last build (or never built), saying which
 * (scripts/build.mjs --changed); `only`: that app alone.
 */
export async function buildChanged(only) {
  const run = (args) =>
    new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [join(repoRoot, 'scripts/build.mjs'), ...args], { stdio: 'inherit' });
      child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error('build failed'))));
    });
  await run(['--changed', ...(only ? ['--only', only] : [])]);
  // With --only, the other apps are served as last built (built once if they never were).
  if (only) await run(['--missing']);
}

/** `--only <app>` of `npm start` / `npm run start:nginx`: the one app to rebuild when changed. */
export function onlyArgument(argv = process.argv) {
  const at = argv.indexOf('--only');
  if (at === -1) return undefined;
  const dir = argv[at + 1];
  if (!dir || !APPS.some((app) => app.dir === dir)) {
    console.error(`--only takes an app of apps.json: ${APPS.map((app) => app.dir).join(', ')}`);
    process.exit(2);
  }
  return dir;
}

/** The sandbox API on its port; `watch` restarts it on change (npm run dev). */
export function startSandbox({ watch = false, env = {}, stdio = 'inherit' } = {}) {
  const args = [join(repoRoot, 'node_modules/tsx/dist/cli.mjs'), ...(watch ? ['watch'] : []), join(repoRoot, 'sandbox-api/src/main.ts')];
  return spawn(process.execPath, args, { stdio, env: { ...process.env, PORT: String(SANDBOX_PORT), ...env } });
}

export const answers = (url) =>
  fetch(url).then(
    (response) => response.ok,
    () => false,
  );

/** Resolves once every URL answers 2xx; rejects naming the first that did not in time. */
export async function waitFor(urls, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (const url of urls) {
    while (!(await answers(url))) {
      if (Date.now() > deadline) throw new Error(`not answering: ${url}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

/**
 * The values of the security headers (deploy/security-headers.cjs) on this machine, for one app:
 * `npm start` sends them and `npm run start:nginx` renders them into nginx's configuration.
 * `localOverride` is the PORTAL_LOCAL_OVERRIDE setting ('on', 'off'; localOverrideSources throws on
 * any other): `npm start` is a squad's own machine and says 'on' unless told otherwise, a
 * deployment (`start:nginx`, the images) 'off' (docs/local-override.md, decision 0026).
 */
export function localHeaderValues(app, localOverride) {
  const sandbox = `http://localhost:${SANDBOX_PORT}`;
  return {
    remoteOrigins: app.dir === HOST.dir ? REMOTES.map((remote) => `http://localhost:${remote.port}`).join(' ') : '',
    serviceOrigins: sandbox,
    imgOrigins: sandbox,
    frameAncestors: "'none'",
    xFrameOptions: 'DENY',
    cameraAllowlist: app.camera ? 'self' : '',
    localOverrideSources: localOverrideSources(localOverride),
  };
}

/** The portal's own pages: the only ones the driver-data proxy answers (nginx: PORTAL_APP_ORIGINS_REGEX). */
export const APP_ORIGINS = new Set(APPS.flatMap(({ port }) => [`http://localhost:${port}`, `http://127.0.0.1:${port}`]));

/** Where the driver-data proxy sends the register, insurance and card calls, and asks whose token it is (the sandbox here). */
export const DRIVER_API_UPSTREAM = `http://127.0.0.1:${SANDBOX_PORT}`;
export const DRIVER_AUTH_URL = `http://127.0.0.1:${SANDBOX_PORT}/auth/driver`;

/**
 * The production builds of `apps` on their ports, with the deployment's headers; remotes answer
 * CORS to the host only. Every app serves the driver-data proxy on its own origin, as nginx does.
 */
export function serveBuilds(apps = APPS, host = process.env.BIND_HOST ?? 'localhost') {
  // The portal's shared state (deploy/store.cjs): this process's memory, the embedded default; Redis
  // when PORTAL_REDIS_URL is set. Codes and limits live there for every app's server.
  const store = storeFromEnv(process.env);
  const driverApi = driverApiProxy({ upstream: DRIVER_API_UPSTREAM, authUrl: DRIVER_AUTH_URL, appOrigins: APP_ORIGINS, store });
  // The session handoff's exchange (deploy/session-handoff.cjs): one store for every app's server, as one service behind nginx.
  const handoff = sessionHandoff({
    origins: APP_ORIGINS,
    authUrl: DRIVER_AUTH_URL,
    ttlMs: Number(process.env.PORTAL_HANDOFF_TTL_MS) || undefined,
    store,
  });
  const cohort = pageCohort({ authUrl: DRIVER_AUTH_URL });
  const proxy = (req, res, url) => handoff.handle(req, res, url) || driverApi(req, res, url);
  return Promise.all(
    apps.map((app) =>
      serveStatic({
        root: join(repoRoot, app.dir, 'dist'),
        port: app.port,
        host,
        corsOrigins: app.dir.startsWith('mfe-') ? HOST_ORIGINS : undefined,
        headers: securityHeaders(localHeaderValues(app, process.env[LOCAL_OVERRIDE_SETTING] ?? 'on')),
        // The telemetry receiver on every app's own origin too (deploy/nginx/portal-telemetry.conf.template).
        proxy: (req, res, url) => telemetryProxy(req, res, url) || proxy(req, res, url),
        cohort,
      }),
    ),
  );
}

/** Prints where each app answers and the URL to open (with the sandbox's demo token). */
export function announce(detail = () => '') {
  for (const app of APPS) console.log(`${app.dir.padEnd(18)} http://localhost:${app.port}/${detail(app)}`);
  console.log(`${'sandbox-api'.padEnd(18)} http://localhost:${SANDBOX_PORT}/`);
  console.log(`\nOpen the portal: http://localhost:${HOST.port}/App?token=${DEMO_TOKEN}&driverId=${DEMO_DRIVER_ID}\n`);
}

/** Runs `cleanup` and exits on Ctrl-C, on SIGTERM and when `exit(code)` is called. */
export function onStop(cleanup) {
  const exit = (code = 0) => {
    cleanup();
    process.exit(code);
  };
  process.on('SIGINT', () => exit(0));
  process.on('SIGTERM', () => exit(0));
  return exit;
}
