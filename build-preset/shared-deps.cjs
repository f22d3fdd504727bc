// @ts-check

const { FEDERATION_PROTOCOL, satisfy } = require('./federation-versions.cjs');

/**
 * The key of provided-shared.json that says which federation plugin versions the host's runtime
 * speaks (FEDERATION_PROTOCOL), beside the share keys; no npm package or share key has capitals.
 */
const PROTOCOL_KEY = 'federationProtocol';

/**
 * Which parts of the platform library are shared singletons, and which are bundled into each
 * app (docs/ownership.md, "Shipping alone"):
 *
 * - Singletons hold state, or a page must have exactly one of them: the active configuration
 *   (`config`), the session (`session`), the event bus (`events`), the HTTP clients and their
 *   error class (`http`: `instanceof ApiError` must hold across remotes) and the host's layout,
 *   alert dialog and overlay (`shell`). One copy per page, the host's. Each has its own
 *   interface version in shared/package.json (`platformSingletons`): a remote requires `^` that
 *   version, so a remote built against a newer, compatible singleton still loads, and a major
 *   change is refused by the host's version guard instead of failing inside a screen.
 * - Everything else (`contract`, `format`, `validation`, `forms`, `ui`, `html`, `links`, `data`, `telemetry`)
 *   is stateless and bundled into each app, tree-shaken to what its screens use. A squad may
 *   add to these and release its remote alone: its build carries its own copy.
 */
function platformSingletons(appDir) {
  const file = require.resolve('@driver-portal/shared/package.json', { paths: [appDir] });
  return require(file).platformSingletons;
}

/**
 * The part of React Router the suite may use. Shared modules are normally not tree-shaken
 * (61 KB gz for all of react-router); shared with this list it is 30 KB. ESLint allows only
 * these names from 'react-router' (eslint.config.mjs), so a remote can never ask the host's
 * copy for an export it does not have.
 */
const ROUTER_API = [
  'Link',
  'NavLink',
  'Navigate',
  'Outlet',
  'RouterProvider',
  'createBrowserRouter',
  'createMemoryRouter',
  'isRouteErrorResponse',
  'redirect',
  'useLocation',
  'useNavigate',
  'useParams',
  'useRouteError',
  'useSearchParams',
  'useMatch',
  'useNavigation',
  'useBlocker',
  'generatePath',
  'matchPath',
];

/**
 * @param {string} appDir the app's folder: its platform library decides the singletons' versions
 * @param {{ dependencies?: Record<string, string> }} appPackage
 * @param {{ production?: boolean }} [options]
 */
function sharedDependencies(appDir, appPackage, { production = true } = {}) {
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
    // Production only: the dev server's rspack marks parts of the federation runtime unused
    // when shared tree shaking is on (a blank page in `npm run dev`).
    if (pkg === 'react-router' && production) shared[pkg].treeShaking = { mode: 'runtime-infer', usedExports: [...ROUTER_API] };
    if (pkg.startsWith('react') && !pkg.startsWith('react-router')) {
      // react/jsx-runtime, react-dom/client...
      shared[`${pkg}/`] = { singleton: true, requiredVersion, strictVersion: true };
    }
  }
  required('@driver-portal/shared');
  for (const [subpath, version] of Object.entries(platformSingletons(appDir))) {
    shared[`@driver-portal/shared/${subpath}`] = {
      singleton: true,
      requiredVersion: `^${version}`,
      version,
      strictVersion: true,
    };
  }
  // A production container takes every singleton from the host (host/src/federation/runtime.ts
  // provides each key a remote consumes; a test holds them equal): a copy of its own would be a
  // second React or session on the page, never a working fallback. Without them (`import:
  // false`) the entry and manifest list no fallback chunks: 0.9 KB gz less per remote entry,
  // 0.1 KB per manifest (docs/decisions/0012-what-federation-may-cost-a-driver.md). The required versions stay in the
  // manifest for the version guard. A dev server's remote page runs alone: it keeps its copies.
  if (production) for (const key of Object.keys(shared)) shared[key] = { ...shared[key], import: false };
  return shared;
}

/**
 * What the host provides to remotes, by share key and version: the same keys and versions as
 * `providedShared()` in host/src/federation/runtime.ts (a test holds them equal), and under
 * `federationProtocol` the federation plugin versions its runtime speaks. The host's build
 * writes it as `provided-shared.json`, so a release can be checked against the host that is
 * running (scripts/release-remote.mjs) without loading any of its code.
 * @param {string} appDir the host's folder
 * @param {{ dependencies?: Record<string, string> }} appPackage the host's package.json
 * @returns {Record<string, string>}
 */
function hostProvides(appDir, appPackage) {
  const deps = appPackage.dependencies ?? {};
  const react = deps.react;
  const router = deps['react-router'];
  if (!react || !router) throw new Error('the host must list react and react-router in its dependencies');
  /** @type {Record<string, string>} */
  const provided = { react, 'react/jsx-runtime': react, 'react-dom': react, 'react-dom/client': react, 'react-router': router };
  for (const [subpath, version] of Object.entries(platformSingletons(appDir))) provided[`@driver-portal/shared/${subpath}`] = version;
  provided[PROTOCOL_KEY] = FEDERATION_PROTOCOL;
  return provided;
}

/** "1.2.3" from "^1.2.3", "~1.2.3" or "1.2.3": the lowest version a range written that way accepts. */
const lowestAccepted = (/** @type {string} */ range) => range.replace(/^[\^~>=\s]+/, '').split(/\s/)[0] ?? range;

/** Negative, zero or positive as version a is below, equal to or above b (numeric major.minor.patch). */
function compareVersions(/** @type {string} */ a, /** @type {string} */ b) {
  const parts = (/** @type {string} */ version) =>
    version
      .split('-')[0]
      .split('.')
      .map((part) => Number(part) || 0);
  const [x, y] = [parts(a), parts(b)];
  for (let index = 0; index < 3; index += 1) if ((x[index] ?? 0) !== (y[index] ?? 0)) return (x[index] ?? 0) - (y[index] ?? 0);
  return 0;
}

/**
 * @typedef {{ name: string, singleton?: boolean, requiredVersion?: string }} RequiredShared
 * @typedef {{ name: string, requiredVersion: string, provided: string, releaseFirst: 'host' | 'remote' }} Incompatibility
 */

/**
 * The singletons a remote's build requires (its mf-manifest.json `shared`) that the host's copies
 * do not satisfy, with the same rule as the host's version guard in the browser
 * (host/src/federation/plugins/version-guard.ts): only singletons with a required range, only
 * names the host provides, the one range check both use (federation-versions.cjs). `releaseFirst` says which side is
 * behind: 'host' when the remote needs a newer version than the host has (release the host
 * first), 'remote' when the remote was built against an older one (rebuild it on the host's).
 * @param {readonly RequiredShared[]} required
 * @param {Record<string, string>} provided
 * @returns {Incompatibility[]}
 */
function incompatibleSingletons(required, provided) {
  /** @type {Incompatibility[]} */
  const problems = [];
  for (const item of required) {
    const version = provided[item.name];
    if (!item.singleton || !item.requiredVersion || !version || satisfy(version, item.requiredVersion)) continue;
    const releaseFirst = compareVersions(lowestAccepted(item.requiredVersion), version) > 0 ? 'host' : 'remote';
    problems.push({ name: item.name, requiredVersion: item.requiredVersion, provided: version, releaseFirst });
  }
  return problems;
}

/**
 * What release:remote prints when it refuses: each incompatibility and what to release first.
 * @param {string} remote the remote's folder
 * @param {readonly Incompatibility[]} problems
 */
function incompatibilityReport(remote, problems) {
  const lines = problems.map(({ name, requiredVersion, provided, releaseFirst }) =>
    releaseFirst === 'host'
      ? `  - ${name}: the build requires ${requiredVersion}, the running host provides ${provided}. Release the host built with ${name} ${lowestAccepted(requiredVersion)} first, then this remote.`
      : `  - ${name}: the build requires ${requiredVersion}, the running host provides ${provided}. Rebuild ${remote} against ${name} ${provided} (the host's), then release it.`,
  );
  return [
    `${remote} was not released: its build is incompatible with the running host.`,
    ...lines,
    'Nothing was published; the remote list is unchanged (docs/releasing.md, "Releasing").',
  ].join('\n');
}

/**
 * Why release:remote refuses a build for its federation plugin (the browser's version guard would
 * refuse it in every driver's host, "Esta área precisa ser atualizada"), or undefined: the
 * manifest's `metaData.pluginVersion` must be in the range the running host publishes.
 * @param {string} remote the remote's folder
 * @param {{ metaData?: { pluginVersion?: unknown } }} manifest the build's mf-manifest.json
 * @param {Record<string, string>} provided the running host's provided-shared.json
 * @returns {string | undefined}
 */
function protocolProblem(remote, manifest, provided) {
  const pluginVersion = manifest.metaData?.pluginVersion;
  const speaks = provided[PROTOCOL_KEY];
  const refused = (/** @type {string} */ why) =>
    [
      `${remote} was not released: ${why}`,
      'Nothing was published; the remote list is unchanged (docs/releasing.md, "Version safety").',
    ].join('\n');
  if (typeof pluginVersion !== 'string' || !pluginVersion)
    return refused(
      'its mf-manifest.json does not say which federation plugin built it (metaData.pluginVersion), and every driver’s host refuses such a build.\n' +
        `  Build it with the suite's build (build-preset, npm run build -- --only ${remote}), which writes it.`,
    );
  if (typeof speaks !== 'string')
    return refused(
      'the running host does not say which federation plugin versions its runtime speaks (no federationProtocol in its provided-shared.json).\n' +
        '  Release the host first (any host built from this checkout publishes it), then this remote.',
    );
  if (satisfy(pluginVersion, speaks)) return undefined;
  const behind = satisfy(pluginVersion, `<${lowestAccepted(speaks)}`);
  return refused(
    `it was built by @module-federation/enhanced ${pluginVersion}; the running host's federation runtime speaks ${speaks}, so every driver’s host would refuse it.\n` +
      (behind
        ? `  Rebuild ${remote} with the suite's @module-federation/enhanced (the version the host speaks), then release it.`
        : `  Release a host whose runtime speaks ${pluginVersion} first (FEDERATION_PROTOCOL, build-preset/federation-versions.cjs, checked against the installed plugin by the host's tests), then this remote.`),
  );
}

module.exports = {
  sharedDependencies,
  platformSingletons,
  ROUTER_API,
  hostProvides,
  incompatibleSingletons,
  incompatibilityReport,
  protocolProblem,
  PROTOCOL_KEY,
};
