// Renders the nginx configuration of deploy/nginx/ exactly as the containers do (envsubst of
// ${VAR} placeholders; nginx's own $variables untouched) into a prefix folder nginx can run
// from on this machine, and lays out a deploy root of releases like the images have.
import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { userInfo } from 'node:os';
import { createRequire } from 'node:module';
import { APPS, HOST, repoRoot, SANDBOX_PORT } from './apps.mjs';
import { HOST_ORIGINS, localHeaderValues } from './suite.mjs';
import { TELEMETRY_UPSTREAM } from './telemetry-stack.mjs';

export const DEPLOY_ROOT = join(repoRoot, '.deploy');

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

/** Where `npm run start:nginx` runs the session handoff's exchange for every app's nginx. */
export const HANDOFF_LISTEN = process.env.PORTAL_HANDOFF_LISTEN ?? '127.0.0.1:4011';

export const remoteOrigin = (port) => `http://localhost:${port}`;
export const manifestUrl = (remote, releaseId) => `${remoteOrigin(remote.port)}/releases/${releaseId}/mf-manifest.json`;

/** The host's remote list, from the release each remote currently serves. */
export function writeRemoteList(entries) {
  writeAtomic(join(configDir(HOST.dir), 'remotes.json'), `${JSON.stringify(entries, null, 2)}\n`);
}

export function readRemoteList() {
  return JSON.parse(readFileSync(join(configDir(HOST.dir), 'remotes.json'), 'utf8'));
}

/** What the containers get from environment variables, with this machine's values. */
export function localVariables(app, statementCredential) {
  // The same header values `npm start` sends.
  const headers = localHeaderValues(app);
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
    // Open calls' rate limits per client: here each test's sandbox namespace is a client of its own.
    PORTAL_RATE_LIMIT_KEY: '$binary_remote_addr$http_x_sandbox_namespace',
    // Every app's access log, in the format without query strings or policy tokens (portal-maps.conf).
    PORTAL_ACCESS_LOG: join(nginxPrefix(app.dir), 'logs', 'access.log'),
    // Field telemetry's receiver (scripts/telemetry-stack.mjs).
    PORTAL_TELEMETRY_UPSTREAM: TELEMETRY_UPSTREAM,
    // Signs the canary cohort's cookie (portal-cohort.mjs): the deployment's, or the one kept in .deploy.
    PORTAL_COHORT_SECRET: cohortSecretOfDeployment(),
    // The session handoff's exchange (deploy/session-handoff.cjs), run by scripts/start-nginx.mjs.
    PORTAL_HANDOFF_UPSTREAM: `http://${HANDOFF_LISTEN}`,
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

/**
 * Renders one app's nginx prefix folder; returns the path of its nginx.conf. The configuration
 * holds the statement credential and the cohort secret: deploy/nginx/render.cjs writes it 0600
 * (nginx's master process reads it as the user who started it; workers never read it).
 */
export function renderNginx(app, vars) {
  const prefix = nginxPrefix(app.dir);
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
    access_log logs/access.log;
    client_body_temp_path temp/client;
    proxy_temp_path temp/proxy;
    fastcgi_temp_path temp/fastcgi;
    uwsgi_temp_path temp/uwsgi;
    scgi_temp_path temp/scgi;
    include conf.d/*.conf;
}
`,
  );
  return { prefix, conf };
}
