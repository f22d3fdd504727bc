// @ts-check
const sharedPackage = require('@driver-portal/shared/package.json');

/**
 * Subpaths of the platform library that hold state or are used by several apps on one page.
 * Each is its own shared singleton, so a remote never gets a second copy of the session or
 * the event bus, and a deep link downloads only the subpaths its screen uses.
 * `boot` is deliberately missing: it runs before the federation runtime is ready.
 */
const platformSubpaths = [
  'config',
  'contract',
  'session',
  'events',
  'http',
  'format',
  'validation',
  'ui',
  'forms',
  'html',
  'shell',
  'data',
];

/**
 * @param {{ dependencies?: Record<string, string> }} appPackage
 */
function sharedDependencies(appPackage) {
  const deps = appPackage.dependencies ?? {};
  /** @param {string} pkg */
  const required = (pkg) => {
    const version = deps[pkg];
    if (!version) throw new Error(`${pkg} must be listed in the app's dependencies`);
    return `^${version.replace(/^[\^~]/, '')}`;
  };
  /** @type {Record<string, import('@module-federation/sdk').moduleFederationPlugin.SharedConfig>} */
  const shared = {};
  for (const pkg of ['react', 'react-dom', 'react-router', 'react-router-dom']) {
    const requiredVersion = required(pkg);
    shared[pkg] = { singleton: true, requiredVersion, strictVersion: true };
    if (pkg.startsWith('react') && !pkg.startsWith('react-router')) {
      // react/jsx-runtime, react-dom/client...
      shared[`${pkg}/`] = { singleton: true, requiredVersion, strictVersion: true };
    }
  }
  const platformRange = required('@driver-portal/shared');
  for (const subpath of platformSubpaths) {
    shared[`@driver-portal/shared/${subpath}`] = {
      singleton: true,
      requiredVersion: platformRange,
      version: sharedPackage.version,
      strictVersion: true,
    };
  }
  return shared;
}

module.exports = { sharedDependencies, platformSubpaths };
