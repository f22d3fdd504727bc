// @ts-check
/**
 * The remotes' part of the Compose deployment, rendered from apps.json (the one list of apps):
 * docker-compose.yml holds what does not depend on the list (the host, the sandbox, the remotes'
 * shared build and environment as `x-` blocks); this adds one service per remote of apps.json and
 * the origin lists the host's CSP and the sandbox's CORS need, and the edge's public ports.
 * `npm run compose -- <compose arguments>` writes it to docker-compose.apps.yml (not committed)
 * and runs `docker compose -p driver-portal -f docker-compose.yml -f docker-compose.apps.yml ...`
 * (or podman-compose: scripts/compose.mjs); a new remote in apps.json
 * is a new service without an edit here or in docker-compose.yml.
 */
const { readFileSync } = require('node:fs');
const { join } = require('node:path');
const { parse, stringify } = require('yaml');
// Validated as it loads (build-preset/apps-validate.cjs): a port, name or prefix that is not one
// throws before any service is rendered from it.
const { APPS, HOST, REMOTES, SANDBOX_PORT, localRemoteList } = require('../build-preset/apps.cjs');

const ROOT = join(__dirname, '..');
const BASE_FILE = join(ROOT, 'docker-compose.yml');
/** Where `npm run compose` writes the rendered part (in .gitignore). */
const APPS_FILE = join(ROOT, 'docker-compose.apps.yml');

/** @typedef {{ services: Record<string, Record<string, any>>, [key: string]: unknown }} ComposeFile */
/**
 * portOffset: added to every public port (the smoke runs on 13000-13004 and 14000 beside the e2e
 * runs on 3000-3004 and 4000); `npm run compose` reads PORTAL_COMPOSE_PORT_OFFSET.
 * @typedef {{ portOffset?: number }} RenderOptions
 */

/** A variable the deployment may set, with the local default (compose's `${NAME:-default}`). */
const withDefault = (/** @type {string} */ name, /** @type {string} */ value) => `\${${name}:-${value}}`;

/** The image tag variable of an app: `MFE_REWARDS_VERSION` for mfe-rewards. */
const versionVariable = (/** @type {string} */ dir) => `${dir.toUpperCase().replace(/-/g, '_')}_VERSION`;

/**
 * Where the public ports listen: this machine only unless the deployment says otherwise (they were
 * published on every interface). A non-empty default: podman-compose 1.0.3 leaves `${NAME:-}` as
 * it is.
 */
const PUBLISH_ADDRESS = withDefault('PORTAL_PUBLISH_ADDRESS', '127.0.0.1');

/** docker-compose.yml, read with its `<<` merges resolved. @returns {ComposeFile} */
function baseCompose() {
  return /** @type {ComposeFile} */ (parse(readFileSync(BASE_FILE, 'utf8'), { merge: true }));
}

/** The offset from the environment of `npm run compose` (PORTAL_COMPOSE_PORT_OFFSET, default 0). */
function portOffsetFromEnv(env = process.env) {
  const raw = env.PORTAL_COMPOSE_PORT_OFFSET ?? '0';
  const offset = Number(raw);
  if (!Number.isInteger(offset) || offset < 0 || offset + 9090 > 65535)
    throw new Error(`PORTAL_COMPOSE_PORT_OFFSET is not a port offset: ${raw}`);
  return offset;
}

/**
 * The runtime configuration the pages read, for public ports moved by an offset: config/env.json's
 * sandbox environment and the host's remote list with this deployment's origins. With no offset,
 * the builds' own files stay (the variables are left to the deployment).
 * @param {number} offset
 */
function runtimeConfiguration(offset) {
  if (offset === 0) return { PORTAL_ENV_JSON: '${PORTAL_ENV_JSON:-}', PORTAL_REMOTES_JSON: '${PORTAL_REMOTES_JSON:-}' };
  const moved = (/** @type {string} */ text) =>
    text.replace(/http:\/\/localhost:(\d+)/g, (_, port) => `http://localhost:${Number(port) + offset}`);
  const envJson = JSON.stringify(JSON.parse(moved(readFileSync(join(ROOT, 'config', 'env.json'), 'utf8'))));
  const remotes = JSON.stringify(localRemoteList((/** @type {number} */ port) => `http://localhost:${port + offset}`));
  // Literal values: `$$` is Compose's escape for a `$` (env.json's "$schema").
  const literal = (/** @type {string} */ text) => text.replace(/\$/g, '$$$$');
  return { PORTAL_ENV_JSON: literal(envJson), PORTAL_REMOTES_JSON: literal(remotes) };
}

/**
 * The part rendered from apps.json: every remote's service (the base file's `x-app-build` and
 * `x-remote-environment`), the edge's public ports, the host's remote origins (its CSP) and every
 * app's origin (CORS of the sandbox and of the apps' proxies).
 * @param {ComposeFile} [base]
 * @param {RenderOptions} [options]
 * @returns {ComposeFile}
 */
function appsCompose(base = baseCompose(), { portOffset = 0 } = {}) {
  const publicPort = (/** @type {number} */ port) => port + portOffset;
  const localOrigin = (/** @type {number} */ port) => `http://localhost:${publicPort(port)}`;
  const published = (/** @type {number} */ port) => `${PUBLISH_ADDRESS}:${publicPort(port)}:${port}`;
  const appOrigins = APPS.map((app) => localOrigin(app.port));
  const appOriginsRegex = withDefault('PORTAL_APP_ORIGINS_REGEX', APPS.map((app) => localOrigin(app.port).replace(/\./g, '\\.')).join('|'));
  const sandboxOrigin = localOrigin(SANDBOX_PORT);
  const runtime = runtimeConfiguration(portOffset);
  // Every app's origins of the provider's services (the sandbox here), for the CSP.
  const serviceOrigins = {
    PORTAL_SERVICE_ORIGINS: withDefault('PORTAL_SERVICE_ORIGINS', sandboxOrigin),
    PORTAL_IMG_ORIGINS: withDefault('PORTAL_IMG_ORIGINS', sandboxOrigin),
    PORTAL_ENV_JSON: runtime.PORTAL_ENV_JSON,
  };
  /** @type {Record<string, Record<string, any>>} */
  const services = {
    // The apps' public ports: the edge listens on each app's port of apps.json inside the network
    // and balances it over that app's replicas (deploy/docker/edge-entrypoint.sh).
    edge: {
      ports: APPS.map((app) => published(app.port)),
      environment: { PORTAL_EDGE_ROUTES: APPS.map((app) => `${app.port}=${app.dir}:80`).join(' ') },
      // No depends_on: the apps wait for the edge (they believe X-Forwarded-For from its address,
      // resolved when they start); the edge resolves the apps' names at each request.
      // Its own check: the host's port answers /healthz through it.
      healthcheck: {
        .../** @type {Record<string, unknown>} */ (base.services.edge?.healthcheck ?? {}),
        test: `/usr/local/bin/portal-healthz ${HOST.port}`,
      },
    },
    [HOST.dir]: {
      environment: {
        ...serviceOrigins,
        PORTAL_REMOTES_JSON: runtime.PORTAL_REMOTES_JSON,
        PORTAL_REMOTE_ORIGINS: withDefault('PORTAL_REMOTE_ORIGINS', REMOTES.map((remote) => localOrigin(remote.port)).join(' ')),
        PORTAL_APP_ORIGINS_REGEX: appOriginsRegex,
      },
    },
  };
  for (const remote of REMOTES) {
    services[remote.dir] = {
      build: { ...base['x-app-build'], args: { APP: remote.dir, ROLE: 'remote' } },
      image: `driver-portal/${remote.dir}:${withDefault(versionVariable(remote.dir), 'local')}`,
      deploy: { replicas: 2 },
      environment: {
        ...base['x-remote-environment'],
        ...serviceOrigins,
        PORTAL_HOST_ORIGINS_REGEX: withDefault('PORTAL_HOST_ORIGINS_REGEX', localOrigin(HOST.port).replace(/\./g, '\\.')),
        PORTAL_APP_ORIGINS_REGEX: appOriginsRegex,
        // The camera where documents are captured (apps.json's `camera`), nowhere else.
        ...(remote.camera ? { PORTAL_CAMERA_ALLOWLIST: 'self' } : {}),
      },
      healthcheck: base['x-nginx-healthcheck'],
      // The apps' networks (docker-compose.yml, x-app-networks): the edge, the provider's services,
      // the handoff exchange and the telemetry receivers, nothing else.
      networks: base['x-app-networks'],
      depends_on: ['edge', 'sandbox-api', 'telemetry', 'session-handoff'],
      restart: 'unless-stopped',
    };
  }
  services['sandbox-api'] = {
    ports: [`${PUBLISH_ADDRESS}:${publicPort(SANDBOX_PORT)}:${SANDBOX_PORT}`],
    environment: { PORTAL_ORIGINS: withDefault('PORTAL_ORIGINS', appOrigins.join(' ')) },
  };
  // Loopback only, whatever PORTAL_PUBLISH_ADDRESS says: the release scripts read it from the
  // machine compose runs on, and no page may.
  services.prometheus = { ports: [`127.0.0.1:${publicPort(9090)}:9090`] };
  // The telemetry receiver counts beacons from the portal's pages only.
  services.telemetry = { environment: { TELEMETRY_PORTAL_ORIGINS: withDefault('PORTAL_ORIGINS', appOrigins.join(' ')) } };
  // The session handoff's exchange mints codes only for the portal's origins.
  services['session-handoff'] = { environment: { PORTAL_HANDOFF_ORIGINS: withDefault('PORTAL_ORIGINS', appOrigins.join(' ')) } };
  return { services };
}

/**
 * The networks podman-compose must find made, as `podman network create` needs them: every network
 * of docker-compose.yml, named as Compose names it, with its `ipam` subnet if it has one and
 * `internal`. podman-compose 1.0.3 would create a missing one with neither subnet (it reads only
 * `internal` and `labels`) nor isolation: podman's bridges route to one another unless made with
 * `isolate` (Docker isolates its bridges by default), so a container of one network reached the
 * apps on another. scripts/compose.mjs creates them so before Compose runs.
 * @param {string} project the Compose project's name
 * @returns {{ name: string, subnet?: string, internal: boolean }[]}
 */
function projectNetworks(project, base = baseCompose()) {
  const networks = /** @type {Record<string, { internal?: boolean, ipam?: { config?: { subnet?: string }[] } } | null>} */ (
    base.networks ?? {}
  );
  return Object.entries(networks).map(([name, network]) => {
    const subnet = network?.ipam?.config?.[0]?.subnet;
    return { name: `${project}_${name}`, ...(subnet ? { subnet } : {}), internal: network?.internal === true };
  });
}

/** The deployment as Compose sees it: docker-compose.yml merged with the rendered part. @returns {ComposeFile} */
function composeProject(/** @type {RenderOptions} */ options = {}) {
  const base = baseCompose();
  const rendered = appsCompose(base, options);
  /** @type {ComposeFile} */
  const merged = { ...base, services: { ...base.services } };
  for (const [name, service] of Object.entries(rendered.services)) {
    const existing = merged.services[name] ?? {};
    merged.services[name] = { ...existing, ...service, environment: { ...existing.environment, ...service.environment } };
  }
  return merged;
}

/** The rendered part as YAML, with a header saying where it comes from. */
function appsComposeText(/** @type {RenderOptions} */ options = {}) {
  return `# Rendered from apps.json by \`npm run compose\` (deploy/compose.cjs): do not edit.\n${stringify(appsCompose(baseCompose(), options), { lineWidth: 0 })}`;
}

module.exports = {
  APPS_FILE,
  BASE_FILE,
  appsCompose,
  appsComposeText,
  composeProject,
  projectNetworks,
  portOffsetFromEnv,
  versionVariable,
};
