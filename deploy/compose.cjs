// @ts-check
/**
 * The remotes' part of the Compose deployment, rendered from apps.json (the one list of apps):
 * docker-compose.yml holds what does not depend on the list (the host, the sandbox, the remotes'
 * shared build and environment as `x-` blocks); this adds one service per remote of apps.json and
 * the origin lists the host's CSP and the sandbox's CORS need. `npm run compose -- <docker compose
 * arguments>` writes it to docker-compose.apps.yml (not committed) and runs
 * `docker compose -f docker-compose.yml -f docker-compose.apps.yml ...`; a new remote in apps.json
 * is a new service without an edit here or in docker-compose.yml.
 */
const { readFileSync } = require('node:fs');
const { join } = require('node:path');
const { parse, stringify } = require('yaml');
// Validated as it loads (build-preset/apps-validate.cjs): a port, name or prefix that is not one
// throws before any service is rendered from it.
const { APPS, HOST, REMOTES } = require('../build-preset/apps.cjs');

const ROOT = join(__dirname, '..');
const BASE_FILE = join(ROOT, 'docker-compose.yml');
/** Where `npm run compose` writes the rendered part (in .gitignore). */
const APPS_FILE = join(ROOT, 'docker-compose.apps.yml');

/** @typedef {{ services: Record<string, Record<string, any>>, [key: string]: unknown }} ComposeFile */

/** @param {number} port */
const localOrigin = (port) => `http://localhost:${port}`;
/** A variable the deployment may set, with the local default (compose's `${NAME:-default}`). */
const withDefault = (/** @type {string} */ name, /** @type {string} */ value) => `\${${name}:-${value}}`;

/** The image tag variable of an app: `MFE_REWARDS_VERSION` for mfe-rewards. */
const versionVariable = (/** @type {string} */ dir) => `${dir.toUpperCase().replace(/-/g, '_')}_VERSION`;

/** docker-compose.yml, read with its `<<` merges resolved. @returns {ComposeFile} */
function baseCompose() {
  return /** @type {ComposeFile} */ (parse(readFileSync(BASE_FILE, 'utf8'), { merge: true }));
}

/**
 * The part rendered from apps.json: every remote's service (the base file's `x-app-build` and
 * `x-remote-environment`), the host's remote origins (its CSP) and every app's origin (CORS of
 * the sandbox and of the apps' proxies).
 * @param {ComposeFile} [base]
 * @returns {ComposeFile}
 */
function appsCompose(base = baseCompose()) {
  const appOrigins = APPS.map((app) => localOrigin(app.port));
  const appOriginsRegex = withDefault('PORTAL_APP_ORIGINS_REGEX', APPS.map((app) => localOrigin(app.port).replace(/\./g, '\\.')).join('|'));
  /** @type {Record<string, Record<string, any>>} */
  const services = {
    [HOST.dir]: {
      environment: {
        PORTAL_REMOTE_ORIGINS: withDefault('PORTAL_REMOTE_ORIGINS', REMOTES.map((remote) => localOrigin(remote.port)).join(' ')),
        PORTAL_APP_ORIGINS_REGEX: appOriginsRegex,
      },
    },
  };
  for (const remote of REMOTES) {
    services[remote.dir] = {
      build: { ...base['x-app-build'], args: { APP: remote.dir, ROLE: 'remote' } },
      image: `driver-portal/${remote.dir}:${withDefault(versionVariable(remote.dir), 'local')}`,
      ports: [`${remote.port}:80`],
      environment: {
        ...base['x-remote-environment'],
        PORTAL_APP_ORIGINS_REGEX: appOriginsRegex,
        // The camera where documents are captured (apps.json's `camera`), nowhere else.
        ...(remote.camera ? { PORTAL_CAMERA_ALLOWLIST: 'self' } : {}),
      },
      restart: 'unless-stopped',
    };
  }
  services['sandbox-api'] = { environment: { PORTAL_ORIGINS: withDefault('PORTAL_ORIGINS', appOrigins.join(' ')) } };
  // The telemetry receiver counts beacons from the portal's pages only.
  services.telemetry = { environment: { TELEMETRY_PORTAL_ORIGINS: withDefault('PORTAL_ORIGINS', appOrigins.join(' ')) } };
  // The session handoff's exchange mints codes only for the portal's origins.
  services['session-handoff'] = { environment: { PORTAL_HANDOFF_ORIGINS: withDefault('PORTAL_ORIGINS', appOrigins.join(' ')) } };
  return { services };
}

/** The deployment as Compose sees it: docker-compose.yml merged with the rendered part. @returns {ComposeFile} */
function composeProject() {
  const base = baseCompose();
  const rendered = appsCompose(base);
  /** @type {ComposeFile} */
  const merged = { ...base, services: { ...base.services } };
  for (const [name, service] of Object.entries(rendered.services)) {
    const existing = merged.services[name] ?? {};
    merged.services[name] = { ...existing, ...service, environment: { ...existing.environment, ...service.environment } };
  }
  return merged;
}

/** The rendered part as YAML, with a header saying where it comes from. */
function appsComposeText() {
  return `# Rendered from apps.json by \`npm run compose\` (deploy/compose.cjs): do not edit.\n${stringify(appsCompose(), { lineWidth: 0 })}`;
}

module.exports = { APPS_FILE, BASE_FILE, appsCompose, appsComposeText, composeProject, versionVariable };
