// @ts-check

/**
 * Which parts of the platform library are shared singletons, and which are bundled into each
 * app (docs/platform.md, "Shipping alone"):
 *
 * - Singletons hold state, or a page must have exactly one of them: the active configuration
 *   (`config`), the session (`session`), the event bus (`events`), the HTTP clients and their
 *   error class (`http`: `instanceof ApiError` must hold across remotes) and the host's layout,
 *   alert dialog and overlay (`shell`). One copy per page, the host's. Each has its own
 *   interface version in shared/package.json (`platformSingletons`): a remote requires `^` that
 *   version, so a remote built against a newer, compatible singleton still loads, and a major
 *   change is refused by the host's version guard instead of failing inside a screen.
 * - Everything else (`contract`, `format`, `validation`, `forms`, `ui`, `html`, `links`, `data`)
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
  return shared;
}

module.exports = { sharedDependencies, platformSingletons, ROUTER_API };
