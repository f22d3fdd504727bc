// @ts-check
/**
 * The suite's one list of apps (apps.json at the repository root): adding a remote is one entry
 * there (folder, port, route prefixes). The build preset, the scripts, ESLint's zones, Jest's
 * projects, the host's remote list and the end-to-end tests read it from here; the tests hold
 * docker-compose.yml to it.
 */
const path = require('node:path');
const { checkApps } = require('./apps-validate.cjs');

/** @typedef {{ app: string, port: number }} HostEntry */
/** @typedef {{ app: string, port: number, prefixes: string[], camera?: boolean }} RemoteEntry */
/**
 * `camera`: the app's screens take photos with the camera (Permissions-Policy allows it on its
 * origin); the host shows every remote's screens, so it needs it as soon as one remote does.
 * @typedef {{ dir: string, name: string, port: number, prefixes: string[], kind: 'host' | 'remote', camera: boolean }} App
 */

/**
 * PORTAL_APPS_JSON: another list, for a script acting on a running deployment whose apps differ
 * from this checkout's (`release:remote -- <remote> --new|--remove`, scripts/add-remote.mjs).
 * Validated here (build-preset/apps-validate.cjs), so no reader ever sees a port, name or prefix
 * that could reach a path, an nginx directive or a regular expression: a bad list throws an
 * AppsError naming each field before the reader does anything.
 * @type {{ host: HostEntry, remotes: RemoteEntry[], sandboxPort: number }}
 */
const suite = process.env.PORTAL_APPS_JSON
  ? checkApps(require(path.resolve(process.env.PORTAL_APPS_JSON)), path.resolve(process.env.PORTAL_APPS_JSON))
  : checkApps(require('../apps.json'), 'apps.json');

/** A federation container name is a JS identifier: the folder with `_` for `-`. */
const containerName = (/** @type {string} */ dir) => dir.replace(/-/g, '_');

/** @type {App[]} */
const REMOTES = suite.remotes.map((entry) => ({
  dir: entry.app,
  name: containerName(entry.app),
  port: entry.port,
  prefixes: entry.prefixes,
  kind: 'remote',
  camera: entry.camera === true,
}));
/** @type {App} */
const HOST = {
  dir: suite.host.app,
  name: containerName(suite.host.app),
  port: suite.host.port,
  prefixes: [],
  kind: 'host',
  camera: REMOTES.some((remote) => remote.camera),
};
const APPS = [HOST, ...REMOTES];

/** @param {string} dir */
function appOf(dir) {
  const app = APPS.find((candidate) => candidate.dir === dir);
  if (!app) throw new Error(`${dir} is not in apps.json`);
  return app;
}

/** The app whose folder holds `appDir` (an absolute path), e.g. from its rspack.config.cjs. */
const appAt = (/** @type {string} */ appDir) => appOf(path.basename(appDir));

/**
 * The host's remote list for a machine where each remote serves on its own port (npm start,
 * npm run dev): name, manifest URL, route prefixes.
 * @param {(port: number) => string} [origin]
 */
function localRemoteList(origin = (port) => `http://localhost:${port}`) {
  return REMOTES.map((remote) => ({ name: remote.name, manifest: `${origin(remote.port)}/mf-manifest.json`, prefixes: remote.prefixes }));
}

module.exports = { APPS, HOST, REMOTES, SANDBOX_PORT: suite.sandboxPort, appOf, appAt, containerName, localRemoteList };
