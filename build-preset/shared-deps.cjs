// @ts-check
const sharedPackage = require('@driver-portal/shared/package.json');

/**
 * Subpaths of the platform library that hold state or are used by several apps on one page.
 * Each is its own shared singleton, so a remote never gets a second copy of the session or
 * the event bus, and a deep link downloads only the subpaths its screen uses.
 * `boot` is deliberately missing: it runs before the federation runtime is ready. So is `links`:
 * a few stateless lines, cheaper inlined into the screen that uses them than one more request.
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
 * @param {{ dependencies?: Record<string, string> }} appPackage
 * @param {{ production?: boolean }} [options]
 */
function sharedDependencies(appPackage, { production = true } = {}) {
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

module.exports = { sharedDependencies, platformSubpaths, ROUTER_API };
