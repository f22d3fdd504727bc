// @ts-check
/**
 * A second list of apps (PORTAL_APPS_JSON) for a deployment beside the suite's: apps.json's apps
 * and sandbox with every port moved by `shift` (100: the replicas' end-to-end test, 3100-3104 and
 * 4100; 200: the load benchmark). `start:nginx` reads it from the file this writes.
 */
const { writeFileSync } = require('node:fs');
const { join } = require('node:path');
const { HOST, REMOTES, SANDBOX_PORT } = require('../build-preset/apps.cjs');

/** The list, as apps.json spells it, every port moved by `shift`. @param {number} shift */
function shiftedApps(shift) {
  return {
    host: { app: HOST.dir, port: HOST.port + shift },
    remotes: REMOTES.map((remote) => ({
      app: remote.dir,
      port: remote.port + shift,
      prefixes: remote.prefixes,
      ...(remote.camera ? { camera: true } : {}),
    })),
    sandboxPort: SANDBOX_PORT + shift,
  };
}

/**
 * Writes the list to `folder`/apps.json: answers the file (for PORTAL_APPS_JSON) and the list.
 * @param {string} folder @param {number} shift
 */
function writeShiftedApps(folder, shift) {
  const apps = shiftedApps(shift);
  const file = join(folder, 'apps.json');
  writeFileSync(file, JSON.stringify(apps));
  return { file, apps };
}

module.exports = { shiftedApps, writeShiftedApps };
