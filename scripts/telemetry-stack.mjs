// The field telemetry of this machine's suite (docs/telemetry.md, "Field telemetry"): the
// receiver (telemetry/), Debian's Prometheus scraping it when installed, and the proxy of
// `npm start`'s static server (nginx has its own, deploy/nginx/portal-telemetry.conf.template).
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import portalCohort from '../deploy/nginx/portal-cohort.mjs';
import { APPS, HOST, repoRoot, SANDBOX_PORT } from './apps.mjs';
import { COHORT_SECRET } from './page-cohort.mjs';
import { PROMETHEUS_PORT, TELEMETRY_PORT } from './telemetry.mjs';

/**
 * How far another list of apps (PORTAL_APPS_JSON: a second deployment beside the usual one, as the
 * replicas' end-to-end test and the load benchmark run) moves the local services' ports: by as
 * much as its sandbox port is from 4000. 0 for apps.json, so its layout is the usual one.
 */
export const PORT_SHIFT = SANDBOX_PORT - 4000;

/**
 * Local state: the receiver's log (its failure lines) and Prometheus's configuration and data
 * (PORTAL_METRICS_DIR for a second deployment).
 */
export const METRICS_DIR = process.env.PORTAL_METRICS_DIR ?? join(repoRoot, '.metrics');
export const RECEIVER_LOG = join(METRICS_DIR, 'receiver.log');
/** Where the receiver listens (host:port), the form TELEMETRY_LISTEN and Prometheus's targets take. */
const TELEMETRY_LISTEN = `127.0.0.1:${TELEMETRY_PORT + PORT_SHIFT}`;
export const TELEMETRY_UPSTREAM = `http://${TELEMETRY_LISTEN}`;
export const TELEMETRY_HEALTH = `${TELEMETRY_UPSTREAM}/telemetry/health`;
export const PROMETHEUS_BIN = process.env.PROMETHEUS_BIN ?? '/usr/bin/prometheus';
const PROMETHEUS_LISTEN = `127.0.0.1:${PROMETHEUS_PORT + PORT_SHIFT}`;
export const PROMETHEUS_READY = `http://${PROMETHEUS_LISTEN}/-/ready`;

/** Every app's page origins on this machine: the only ones whose beacons count. */
const PORTAL_ORIGINS = APPS.flatMap(({ port }) => [`http://localhost:${port}`, `http://127.0.0.1:${port}`]);

/**
 * The receiver, behind this machine's nginx or static server (so X-Real-IP is theirs), with the
 * production limits. Every test browser here comes from 127.0.0.1, so that one address is exempt
 * from the rate limit and the quotas (each driver still counts once); the flood test sends from
 * 127.0.0.2, which gets the production limits. `cohortSecret`: the secret the apps' servers sign
 * driver proofs with (PORTAL_COHORT_SECRET, else `npm start`'s of this run; start:nginx passes
 * its deployment's), which the receiver checks them with.
 */
export function startReceiver({
  listen = TELEMETRY_LISTEN,
  log = RECEIVER_LOG,
  append = false,
  detached = false,
  env = {},
  cohortSecret = COHORT_SECRET,
} = {}) {
  mkdirSync(METRICS_DIR, { recursive: true });
  const child = spawn(process.execPath, [join(repoRoot, 'node_modules/tsx/dist/cli.mjs'), join(repoRoot, 'telemetry/src/main.ts')], {
    stdio: ['ignore', 'pipe', 'inherit'],
    // --replicas N: a process group of its own (tsx runs the receiver in a child process), so
    // killing "the receiver" kills both, as a container's end would.
    detached,
    env: {
      ...process.env,
      ...env,
      PORTAL_COHORT_SECRET: cohortSecret,
      TELEMETRY_LISTEN: listen,
      TELEMETRY_PORTAL_ORIGINS: PORTAL_ORIGINS.join(' '),
      TELEMETRY_REMOTE_LIST_URL: `http://localhost:${HOST.port}/remotes.json`,
      TELEMETRY_REMOTE_LIST_EVERY_MS: '2000',
      // nginx and the static server reach it from 127.0.0.1: X-Real-IP is read on their
      // connections only (a caller from another address, 127.0.0.2 included, is its own client).
      TELEMETRY_TRUSTED_PROXIES: '127.0.0.1',
      TELEMETRY_EXEMPT_ADDRESSES: '127.0.0.1 ::1 ::ffff:127.0.0.1',
    },
  });
  // Its log: the failures' scrubbed lines, as a container's log would hold them.
  // A replica started again (--replicas N) adds to its log, as a container's would.
  child.stdout.pipe(createWriteStream(log, { flags: append ? 'a' : 'w' }));
  return child;
}

/**
 * Prometheus's answers carry no CORS permission for any page: its default (`.*`) answers
 * `Access-Control-Allow-Origin: *`, so any web page a developer opens could read the figures
 * through their browser. `--web.cors.origin` is a regex Prometheus anchors (`^(?:…)$`) and checks
 * only when a request has an Origin: `^$` matches none (Prometheus 2.42 and the compose image).
 */
export const PROMETHEUS_CORS_ORIGIN = '^$';

/**
 * Debian's Prometheus scraping the receiver every 2 s (production: 15 s, deploy/prometheus),
 * with a fresh store at each start; undefined when it is not installed.
 */
export function startPrometheus({ listen = PROMETHEUS_LISTEN, targets = [TELEMETRY_LISTEN] } = {}) {
  if (!existsSync(PROMETHEUS_BIN)) {
    console.warn(
      `Prometheus is not installed (${PROMETHEUS_BIN}): telemetry is received but not stored; release:status will say how to get it.`,
    );
    return undefined;
  }
  const data = join(METRICS_DIR, 'prometheus-data');
  rmSync(data, { recursive: true, force: true });
  mkdirSync(data, { recursive: true });
  const config = join(METRICS_DIR, 'prometheus.yml');
  writeFileSync(
    config,
    `# Written by scripts/telemetry-stack.mjs: the receivers of this machine, each its own target (deploy/prometheus/prometheus.yml is production's).
global:
  scrape_interval: 2s
  scrape_timeout: 2s
scrape_configs:
  - job_name: portal-telemetry
    static_configs:
      - targets: [${targets.map((target) => `'${target}'`).join(', ')}]
`,
  );
  const child = spawn(
    PROMETHEUS_BIN,
    [
      `--config.file=${config}`,
      `--storage.tsdb.path=${data}`,
      '--storage.tsdb.retention.time=1d',
      `--web.listen-address=${listen}`,
      `--web.cors.origin=${PROMETHEUS_CORS_ORIGIN}`,
      '--log.level=warn',
    ],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  child.on('exit', (code) => {
    // Another Prometheus on the port (Debian's service, started by its package): say so.
    if (code) console.error(`Prometheus stopped (${code}); is ${listen} taken (systemctl stop prometheus)?`);
  });
  return child;
}

/**
 * The static server's /telemetry/ (what nginx's location does): POST only, at most 1 KB, to the
 * receiver with the client's address; no cookie goes on, only the driver proof of the request's
 * one proof cookie, as X-Portal-Driver-Proof (deploy/nginx/portal-cohort.mjs requestProof), which
 * the receiver checks; a client's own X-Portal-Driver-Proof is not passed. `upstreamBase`: the
 * receiver (this machine's, TELEMETRY_UPSTREAM; a test's own).
 */
export function telemetryProxy(req, res, url, upstreamBase = TELEMETRY_UPSTREAM) {
  if (!url.pathname.startsWith('/telemetry/')) return false;
  if (req.method !== 'POST' || Number(req.headers['content-length'] ?? 0) > 1024) {
    res.writeHead(req.method !== 'POST' ? 403 : 413).end();
    return true;
  }
  const headers = { 'x-real-ip': req.socket.remoteAddress ?? '' };
  for (const name of ['origin', 'sec-fetch-site', 'content-type', 'content-length'])
    if (req.headers[name]) headers[name] = req.headers[name];
  const secure = 'encrypted' in req.socket && req.socket.encrypted === true;
  const proof = portalCohort.requestProof(req.headers.cookie, secure);
  if (proof) headers[portalCohort.PROOF_HEADER.toLowerCase()] = proof;
  const upstream = request(`${upstreamBase}${url.pathname}`, { method: 'POST', headers }, (answer) => {
    res.writeHead(answer.statusCode ?? 502, { 'Cache-Control': 'no-store' });
    answer.pipe(res);
  });
  upstream.on('error', () => {
    if (!res.headersSent) res.writeHead(502).end();
  });
  req.pipe(upstream);
  return true;
}
