// Renders the nginx configuration of deploy/nginx/ exactly as the containers do (envsubst of
// ${VAR} placeholders; nginx's own $variables untouched) into a prefix folder nginx can run
// from on this machine, and lays out a deploy root of releases like the images have.
import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { userInfo } from 'node:os';
import { createRequire } from 'node:module';
import { APPS, HOST, repoRoot, SANDBOX_PORT } from './apps.mjs';
import { HOST_ORIGINS, localHeaderValues } from './suite.mjs';
import { PORT_SHIFT, TELEMETRY_UPSTREAM } from './telemetry-stack.mjs';

/**
 * The deployment's folder: `.deploy`, or PORTAL_DEPLOY_ROOT for a second deployment beside it on
 * other ports (PORTAL_APPS_JSON: the replicas' end-to-end test, the load benchmark). start:nginx
 * empties it first, so only a folder whose name says it is one is taken (`.deploy…` or
 * `portal-deploy…`), never a typo such as `/`.
 */
function deployRoot() {
  const chosen = process.env.PORTAL_DEPLOY_ROOT;
  if (!chosen) return join(repoRoot, '.deploy');
  const folder = resolve(chosen);
  if (!/^(?:\.deploy|portal-deploy)(?:[-.][A-Za-z0-9_-]+)*$/.test(basename(folder)))
    throw new Error(`refused: PORTAL_DEPLOY_ROOT ${JSON.stringify(chosen)} is not named .deploy… or portal-deploy…`);
  return folder;
}
export const DEPLOY_ROOT = deployRoot();

import renderModule from '../deploy/nginx/render.cjs';
import tree from './tree.cjs';

const require = createRequire(import.meta.url);
const { HOST_NAME, REMOTE_NAME, releaseIdProblem } = require('../build-preset/apps-validate.cjs');
const { insideRoot } = require('./deploy-paths.cjs');
const { deploymentCohortSecret } = require('./cohort-secret.cjs');

export const { LOAD_MODULES, renderTemplate, renderPrefix } = renderModule;

/**
 * A path of the deployment, refused (throws) outside DEPLOY_ROOT: every write, link and delete of
 * the deployment scripts goes through this first (scripts/deploy-paths.cjs).
 */
export const inDeployment = (path, options) => insideRoot(DEPLOY_ROOT, path, options);

/** An app's folder name as apps.json allows it (apps-validate.cjs); anything else is refused before it becomes a path. */
function appName(dir) {
  if (typeof dir !== 'string' || !(REMOTE_NAME.test(dir) || HOST_NAME.test(dir)))
    throw new Error(`refused: ${JSON.stringify(dir)} is not an app's folder name`);
  return dir;
}

/** A release id as a folder name (`--id`), refused when it could leave the releases folder. */
export function releaseId(id) {
  const problem = releaseIdProblem(id);
  if (problem) throw new Error(`refused: --id ${problem}`);
  return id;
}

export const appRoot = (dir) => inDeployment(join(DEPLOY_ROOT, 'apps', appName(dir)));
export const configDir = (dir) => join(appRoot(dir), 'config');

/** Writes a file so readers never see half of it (`mode`: for a file holding a secret, 0o600). */
export function writeAtomic(file, content, mode = 0o644) {
  inDeployment(file);
  mkdirSync(dirname(file), { recursive: true });
  const temp = inDeployment(`${file}.${process.pid}.tmp`);
  rmSync(temp, { force: true });
  writeFileSync(temp, content, { mode });
  renameSync(temp, file);
}

/** Points <app>/current at releases/<id>, atomically. */
export function activate(dir, id) {
  const link = inDeployment(join(appRoot(dir), 'current'));
  inDeployment(join(appRoot(dir), 'releases', releaseId(id)));
  const temp = inDeployment(`${link}.${process.pid}.tmp`);
  rmSync(temp, { force: true });
  symlinkSync(join('releases', id), temp);
  renameSync(temp, link);
}

/** Copies a build into releases/<id> (content-addressed by default) and returns the id. */
export function publish(dir, distDir, id) {
  const chosen = id === undefined ? `r-${tree.hashTree(distDir).slice(0, 12)}` : releaseId(id);
  const target = inDeployment(join(appRoot(dir), 'releases', chosen), { followLast: true });
  if (!existsSync(target)) cpSync(distDir, target, { recursive: true });
  return chosen;
}

/**
 * The cohort secret every app of this deployment signs with: PORTAL_COHORT_SECRET (refused under
 * 32 characters), else one made once and kept in .deploy/cohort-secret (0600), so the separate
 * processes of `release:remote --new`/`--remove` render the same one as `start:nginx` did and
 * drivers' cohort cookies survive them. `start:nginx` starts a fresh .deploy, hence a fresh one.
 */
let cohortSecret;
export function cohortSecretOfDeployment() {
  cohortSecret ??= deploymentCohortSecret({ file: inDeployment(join(DEPLOY_ROOT, 'cohort-secret'), { followLast: true }) });
  return cohortSecret;
}

/**
 * Where `npm run start:nginx` runs the session handoff's exchange for every app's nginx (4011
 * beside the sandbox's 4000; another list of apps, PORTAL_APPS_JSON, shifts it with its sandbox).
 */
export const HANDOFF_LISTEN = process.env.PORTAL_HANDOFF_LISTEN ?? `127.0.0.1:${4011 + PORT_SHIFT}`;

const LETTERS = 'abcdefgh';
/**
 * The address the balancer of --replicas N connects to the replicas from (its proxy_bind), the one
 * address whose X-Forwarded-For they believe (decision 0025): any other local process reaches a
 * replica from 127.0.0.1, so a header it makes up names no one.
 */
export const BALANCER_ADDRESS = '127.0.0.2';
/** The names of upstream blocks the replicas' main configuration defines (renderNginx). */
const HANDOFF_UPSTREAM_NAME = 'portal_handoff';
const TELEMETRY_UPSTREAM_NAME = 'portal_telemetry';

/**
 * `npm run start:nginx -- --replicas N` (N > 1): where every instance listens, all on loopback and
 * derived from apps.json's ports (so another list, PORTAL_APPS_JSON, gets a layout of its own):
 * replica i of an app on its port + 10000 × (i + 1) (13000, 23000 for the host), behind the
 * balancer on the app's own port; the handoff exchanges on the sandbox's port + 21, 22, …; the
 * telemetry receivers on + 31, 32, …; Redis on + 2390 (6390); Prometheus on + 5090 (9090).
 */
export function replicaLayout(count) {
  if (!(Number.isInteger(count) && count >= 1 && count <= LETTERS.length)) throw new Error(`--replicas takes 1 to ${LETTERS.length}`);
  const at = (port) => {
    if (port > 65535)
      throw new Error(`--replicas ${count}: port ${port} is past 65535 (apps.json's ports must be under ${65535 - 10000 * count})`);
    return `127.0.0.1:${port}`;
  };
  const indexes = [...Array(count).keys()];
  return {
    count,
    apps: APPS.map((app) => ({
      app,
      instances: indexes.map((i) => ({ name: `${app.dir}-${LETTERS[i]}`, letter: LETTERS[i], listen: at(app.port + 10000 * (i + 1)) })),
    })),
    handoff: indexes.map((i) => ({ name: `handoff-${LETTERS[i]}`, listen: at(SANDBOX_PORT + 21 + i) })),
    telemetry: indexes.map((i) => ({ name: `telemetry-${LETTERS[i]}`, listen: at(SANDBOX_PORT + 31 + i) })),
    redisUrl: `redis://${at(SANDBOX_PORT + 2390)}/0`,
    prometheus: at(SANDBOX_PORT + 5090),
  };
}

export const remoteOrigin = (port) => `http://localhost:${port}`;
export const manifestUrl = (remote, releaseId) => `${remoteOrigin(remote.port)}/releases/${releaseId}/mf-manifest.json`;

/** The host's remote list, from the release each remote currently serves. */
export function writeRemoteList(entries) {
  writeAtomic(join(configDir(HOST.dir), 'remotes.json'), `${JSON.stringify(entries, null, 2)}\n`);
}

export function readRemoteList() {
  return JSON.parse(readFileSync(join(configDir(HOST.dir), 'remotes.json'), 'utf8'));
}

/**
 * This deployment's PORTAL_LOCAL_OVERRIDE ('on' or 'off', the default: docs/local-override.md):
 * the environment's when given, kept in .deploy/local-override so `release:remote` renders every
 * app with the setting `start:nginx` was given; a value other than on/off stops here.
 */
let localOverride;
export function localOverrideOfDeployment() {
  if (localOverride !== undefined) return localOverride;
  const file = inDeployment(join(DEPLOY_ROOT, 'local-override'), { followLast: true });
  const given = process.env.PORTAL_LOCAL_OVERRIDE;
  if (given !== undefined && given !== '') {
    if (!['on', 'off'].includes(given)) throw new Error(`PORTAL_LOCAL_OVERRIDE must be "on" or "off", not ${JSON.stringify(given)}`);
    if (existsSync(DEPLOY_ROOT)) writeFileSync(file, `${given}\n`);
    localOverride = given;
  } else {
    localOverride = existsSync(file) ? readFileSync(file, 'utf8').trim() : 'off';
  }
  return localOverride;
}

/** What the containers get from environment variables, with this machine's values. */
export function localVariables(app, statementCredential, replica) {
  // The same header values `npm start` sends, but the local override: off unless this deployment opted in.
  const headers = localHeaderValues(app, localOverrideOfDeployment());
  return {
    PORTAL_LISTEN: `127.0.0.1:${app.port}`,
    PORTAL_APP_ROOT: appRoot(app.dir),
    PORTAL_CONFIG_DIR: configDir(app.dir),
    PORTAL_REMOTE_ORIGINS: headers.remoteOrigins,
    PORTAL_SERVICE_ORIGINS: headers.serviceOrigins,
    PORTAL_IMG_ORIGINS: headers.imgOrigins,
    PORTAL_FRAME_ANCESTORS: headers.frameAncestors,
    PORTAL_X_FRAME_OPTIONS: headers.xFrameOptions,
    PORTAL_CAMERA_ALLOWLIST: headers.cameraAllowlist,
    PORTAL_LOCAL_OVERRIDE_SOURCES: headers.localOverrideSources,
    PORTAL_HOST_ORIGINS_REGEX: HOST_ORIGINS.map((origin) => origin.replace(/[.]/g, '\\.')).join('|'),
    PORTAL_APP_ORIGINS_REGEX: APPS.flatMap(({ port }) => [`http://localhost:${port}`, `http://127\\.0\\.0\\.1:${port}`]).join('|'),
    PORTAL_STATEMENT_UPSTREAM: `http://127.0.0.1:${SANDBOX_PORT}/statement/`,
    PORTAL_STATEMENT_AUTH_URL: `http://127.0.0.1:${SANDBOX_PORT}/core/notificacoes/lista`,
    PORTAL_STATEMENT_AUTHORIZATION: `Basic ${Buffer.from(statementCredential).toString('base64')}`,
    // The driver-data proxy (docs/security.md): the sandbox serves each service under its name.
    PORTAL_REGISTER_UPSTREAM: `http://127.0.0.1:${SANDBOX_PORT}/register/`,
    PORTAL_INSURANCE_UPSTREAM: `http://127.0.0.1:${SANDBOX_PORT}/insurance/`,
    PORTAL_CARD_UPSTREAM: `http://127.0.0.1:${SANDBOX_PORT}/card/`,
    PORTAL_DRIVER_AUTH_URL: `http://127.0.0.1:${SANDBOX_PORT}/auth/driver`,
    // Open calls' rate limits per client: the address, as in the image (a test's namespace counts
    // apart only when proven: testNamespaceConf below, decision 0024).
    PORTAL_RATE_LIMIT_KEY: '$binary_remote_addr',
    // Every app's access log, in the format without query strings or policy tokens (portal-maps.conf).
    PORTAL_ACCESS_LOG: join(nginxPrefix(app.dir), 'logs', 'access.log'),
    // Field telemetry's receiver (scripts/telemetry-stack.mjs).
    PORTAL_TELEMETRY_UPSTREAM: TELEMETRY_UPSTREAM,
    // Signs the canary cohort's cookie (portal-cohort.mjs): the deployment's, or the one kept in .deploy.
    PORTAL_COHORT_SECRET: cohortSecretOfDeployment(),
    // The session handoff's exchange (deploy/session-handoff.cjs), run by scripts/start-nginx.mjs.
    PORTAL_HANDOFF_UPSTREAM: `http://${HANDOFF_LISTEN}`,
    // --replicas N: this instance's own address and log, every handoff and telemetry instance
    // behind the upstream blocks of its main configuration (renderNginx).
    ...(replica && {
      PORTAL_LISTEN: replica.instance.listen,
      PORTAL_ACCESS_LOG: join(replicaPrefix(app.dir, replica.instance.letter), 'logs', 'access.log'),
      PORTAL_TELEMETRY_UPSTREAM: `http://${TELEMETRY_UPSTREAM_NAME}`,
      PORTAL_HANDOFF_UPSTREAM: `http://${HANDOFF_UPSTREAM_NAME}`,
    }),
  };
}

/**
 * nginx's workers run as the user who started it. Started by root (CI, a fresh machine), nginx
 * would hand them to `nobody`, who cannot read a checkout under a 0700 folder (root's home, a
 * `mktemp -d`): every app would answer nothing. Started by anyone else, the directive is moot.
 */
function workerUser() {
  if (process.getuid?.() !== 0) return '';
  const { username } = userInfo();
  return `user ${username};\n`;
}

/** Where an app's nginx runs from (its rendered configuration, logs, pid). */
export const nginxPrefix = (dir) => inDeployment(join(DEPLOY_ROOT, 'nginx', appName(dir)));
/** Where replica `letter` of an app's nginx runs from (--replicas N). */
const replicaPrefix = (dir, letter) => inDeployment(join(nginxPrefix(dir), 'replicas', /^[a-h]$/.test(letter) ? letter : '_'));

/**
 * The server lines of an upstream block of instances (--replicas N): passive health, the same for
 * every block (renderBalancer's head says why).
 */
const upstreamServers = (list) => list.map(({ listen }) => `        server ${listen} max_fails=1 fail_timeout=3s;`).join('\n');

/**
 * What a replica's main configuration adds inside http {} (--replicas N): the balancer in front
 * names the driver's address in X-Forwarded-For (believed from BALANCER_ADDRESS only), so
 * the rate limits, the handoff's client and the telemetry hash see the driver, not the balancer;
 * redirects stay relative (an absolute one would name the replica's own port); and the upstream
 * blocks of every handoff exchange (any instance redeems any code once they share Redis; `random`
 * so a code is as often redeemed on another instance as on its own) and every telemetry receiver
 * (hashed on the driver's address: a client's rate and quota stay on one receiver). A refused
 * connection (an instance gone) goes to the next one, POSTs included (nothing was sent).
 */
function replicaHttpBlock(layout) {
  return `    set_real_ip_from ${BALANCER_ADDRESS};
    real_ip_header X-Forwarded-For;
    absolute_redirect off;
    upstream ${HANDOFF_UPSTREAM_NAME} {
        random;
${upstreamServers(layout.handoff)}
    }
    upstream ${TELEMETRY_UPSTREAM_NAME} {
        hash $remote_addr consistent;
${upstreamServers(layout.telemetry)}
        keepalive 8;
    }
`;
}

/**
 * Renders one app's nginx prefix folder; returns the path of its nginx.conf. The configuration
 * holds the statement credential and the cohort secret: deploy/nginx/render.cjs writes it 0600
 * (nginx's master process reads it as the user who started it; workers never read it).
 */
export function renderNginx(app, vars, replica) {
  const prefix = replica ? replicaPrefix(app.dir, replica.instance.letter) : nginxPrefix(app.dir);
  const role = app.dir === HOST.dir ? 'host' : 'remote';
  // The containers run the stock nginx.conf of the nginx image; locally this wrapper adds what a
  // non-root nginx in a folder needs (pid, logs, temp paths) around the same conf.d.
  const conf = renderPrefix(
    prefix,
    role,
    vars,
    // Debian's nginx.conf loads its modules from modules-enabled/; here the ones the
    // configuration needs (njs, brotli_static), by absolute path.
    `${LOAD_MODULES}
${workerUser()}worker_processes 1;
error_log logs/error.log warn;
pid logs/nginx.pid;
events { worker_connections 512; }
http {
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    sendfile on;
    # Every app's server logs in the one format, portal_private (deploy/nginx/portal-log.conf);
    # nothing in nginx's default format, which holds the query (the native app's token).
    access_log off;
    client_body_temp_path temp/client;
    proxy_temp_path temp/proxy;
    fastcgi_temp_path temp/fastcgi;
    uwsgi_temp_path temp/uwsgi;
    scgi_temp_path temp/scgi;
${replica ? replicaHttpBlock(replica.layout) : ''}    include conf.d/*.conf;
}
`,
  );
  writeTestNamespaceConf(prefix);
  if (replica) {
    // portal-common.conf includes portal/portal-instance*.conf: the replica's name on every
    // answer, and which handoff or telemetry instance answered behind it (none for a file).
    writeFileSync(
      join(prefix, 'portal', 'portal-instance.conf'),
      `# Written by scripts/start-nginx.mjs --replicas ${replica.layout.count}: which replica answered (this machine only).
add_header X-Portal-Instance "${replica.instance.name}" always;
add_header X-Portal-Upstream $upstream_addr always;
`,
      { mode: 0o600 },
    );
  }
  return { prefix, conf };
}

/**
 * The local test run's namespaces (decision 0024): with PORTAL_TEST_NAMESPACE_SECRET (set by the
 * end-to-end runner, never by a deployment), each test's proven sandbox namespace counts as a
 * client of its own for the open calls' limit (portal-open-calls.mjs namespaceScope). Included by
 * portal-common.conf's portal/portal-instance*.conf; the images have none.
 */
function writeTestNamespaceConf(prefix) {
  const secret = process.env.PORTAL_TEST_NAMESPACE_SECRET;
  const file = join(prefix, 'portal', 'portal-instance-test-namespace.conf');
  if (!secret) return rmSync(file, { force: true });
  if (!/^[A-Za-z0-9_-]{32,128}$/.test(secret))
    throw new Error('PORTAL_TEST_NAMESPACE_SECRET must be 32 to 128 letters, digits, "_" or "-"');
  writeFileSync(
    file,
    `# Written by scripts/nginx-config.mjs for a local test run (decision 0024).\nset $portal_test_namespace_secret "${secret}";\n`,
    { mode: 0o600 },
  );
}

/** Where the balancer of --replicas N runs from. */
const balancerPrefix = () => inDeployment(join(DEPLOY_ROOT, 'balancer'));

/**
 * The balancer of `--replicas N` (deploy/nginx/balancer-proxy.conf): one nginx, one server per
 * app on the app's public port, an upstream block of the app's replicas. Health is passive (open
 * source nginx has no active checks): a replica that fails once (a refused connection, a timeout,
 * a 502 or 503) gets no request for 3 s, then one to try it again. A cloud balancer or Kubernetes
 * probes /healthz actively as well (portal-common.conf). Returns the path of its nginx.conf.
 */
export function renderBalancer(layout) {
  const prefix = balancerPrefix();
  for (const folder of ['logs', 'temp']) mkdirSync(join(prefix, folder), { recursive: true });
  writeFileSync(join(prefix, 'balancer-proxy.conf'), readFileSync(join(repoRoot, 'deploy', 'nginx', 'balancer-proxy.conf')));
  writeFileSync(join(prefix, 'portal-log.conf'), readFileSync(join(repoRoot, 'deploy', 'nginx', 'portal-log.conf')));
  const sites = layout.apps
    .map(
      ({ app, instances }) => `    upstream balanced_${app.name} {
${upstreamServers(instances)}
        keepalive 16;
    }
    server {
        listen 127.0.0.1:${app.port};
        location / {
            proxy_pass http://balanced_${app.name};
            # From its own loopback address: the one the replicas believe X-Forwarded-For from.
            proxy_bind ${BALANCER_ADDRESS};
            include balancer-proxy.conf;
            # An error line quotes the request line (the native app's token, a policy token), and
            # nginx cannot leave it out: none is written; the access log names each replica tried
            # and what it answered (decision 0023).
            error_log /dev/null;
        }
    }`,
    )
    .join('\n');
  const conf = join(prefix, 'nginx.conf');
  writeFileSync(
    conf,
    `# Written by scripts/start-nginx.mjs --replicas ${layout.count}: the stand-in for the cloud's load balancer (deploy/nginx/balancer-proxy.conf).
${workerUser()}worker_processes 1;
error_log logs/error.log warn;
pid logs/nginx.pid;
events { worker_connections 2048; }
http {
    # The one format of every nginx (deploy/nginx/portal-log.conf): which replica answered each
    # request, and what the ones tried before it said: how long the balancer took to notice a
    # replica gone (e2e/tests/deploy-replicas.spec.ts). No query, no token, no policy token.
    include portal-log.conf;
    access_log logs/access.log portal_private;
    client_body_temp_path temp/client;
    proxy_temp_path temp/proxy;
    fastcgi_temp_path temp/fastcgi;
    uwsgi_temp_path temp/uwsgi;
    scgi_temp_path temp/scgi;
    server_tokens off;
${sites}
}
`,
  );
  return { prefix, conf };
}
