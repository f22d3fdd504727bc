// @ts-check
/**
 * The one build preset every app (host and remotes) uses, so that Module Federation,
 * shared-dependency and loader settings cannot drift between squads. How federation is set up
 * (a remote's container, its chunks, what the host publishes) reads on its own in
 * federation.cjs; this file assembles each app's compilations: in production a remote's
 * container and its own page (no federation runtime) into one dist/, the host's early script,
 * page and sign-out page; in development one compilation per dev server.
 */
const path = require('node:path');

/** The oldest webviews the portal supports (docs/browsers.md, "Browser floor"). */
const BROWSER_FLOOR = require('./package.json').browserslist;
const { rspack } = require('@rspack/core');
const { PrecompressAssets } = require('./precompress.cjs');
const { appAt } = require('./apps.cjs');
const { platformStyleScope } = require('./platform-style-scope.cjs');
const { readNavigationTiles } = require('./navigation.cjs');
const { emitJson } = require('./emit-json.cjs');
// Module Federation, as every app builds it: read federation.cjs on its own.
const { hostFederationFiles, remoteContainer, remotePublicPath, REMOTE_CHUNKS, shortErrorTexts } = require('./federation.cjs');

const repoRoot = path.resolve(__dirname, '..');

/**
 * `npm run dev`'s driver-data proxy: the one `npm start` serves (scripts/driver-api-proxy.mjs,
 * an ES module, loaded on the first request).
 * @returns {(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse, next: () => void) => void}
 */
function driverApiMiddleware() {
  /** @type {Promise<(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse, url: URL) => boolean> | undefined} */
  let proxy;
  return (req, res, next) => {
    if (!(req.url ?? '').startsWith('/driver-api/')) return next();
    proxy ??= Promise.all([
      import(require('node:url').pathToFileURL(path.join(repoRoot, 'scripts', 'driver-api-proxy.mjs')).href),
      import(require('node:url').pathToFileURL(path.join(repoRoot, 'scripts', 'suite.mjs')).href),
    ]).then(([{ driverApiProxy }, suite]) =>
      driverApiProxy({ upstream: suite.DRIVER_API_UPSTREAM, authUrl: suite.DRIVER_AUTH_URL, appOrigins: suite.APP_ORIGINS }),
    );
    proxy.then((handle) => handle(req, res, new URL(req.url ?? '/', 'http://localhost')) || next(), next);
  };
}

/**
 * @typedef {object} AppOptions
 * @property {string} appDir        absolute folder of the app (its package.json, src/, dist/)
 * @property {string} [name]        federation container name; default: from apps.json
 * @property {'host' | 'remote'} [kind] default: from apps.json
 * @property {number} [port]        dev-server port; default: from apps.json
 * @property {Record<string, string>} [exposes]  remotes only
 * @property {string} [title]       page title of the app's own page
 * @property {string[]} [copy]      extra files (relative to the app) copied next to index.html
 * @property {boolean} [federation] false only for the benchmark's baseline build
 * @property {string} [navigation] remotes: the tiles the remote adds to the host's home page
 *   (`{ "$schema", "tiles": [...] }`, relative to the app; navigation.cjs), deployed as the list
 *   navigation.json beside mf-manifest.json
 */

/**
 * @typedef {object} Part
 * @property {boolean} production
 * @property {boolean} federated  include the Module Federation plugin
 * @property {boolean} page       emit index.html (+ env.json and copies) with the `main` entry
 * @property {boolean} clean
 * @property {string} uniqueName
 * @property {{ file?: string }} [earlyScript] the host's early script, as its own compilation emitted it
 */

/**
 * The app's name, kind and port: apps.json's entry for its folder, unless given (the benchmark's
 * baseline is not in the suite).
 * @param {AppOptions} options
 * @returns {{ name: string, kind: 'host' | 'remote', port: number }}
 */
function resolvedApp(options) {
  if (options.name && options.kind && options.port) return { name: options.name, kind: options.kind, port: options.port };
  const app = appAt(options.appDir);
  return { name: options.name ?? app.name, kind: options.kind ?? app.kind, port: options.port ?? app.port };
}

/**
 * Empties the folder production source maps are written to (beside dist/, never served), with
 * the compilation that cleans dist/, so no map of an older build lingers there.
 * @param {string} folder
 * @returns {import('@rspack/core').RspackPluginInstance}
 */
function cleanSourceMaps(folder) {
  return {
    apply(compiler) {
      compiler.hooks.beforeRun.tap('PortalCleanSourceMaps', () => {
        require('node:fs').rmSync(folder, { recursive: true, force: true });
      });
    },
  };
}

/**
 * The host's entry fetches the runtime configuration and the remote list first thing
 * (host/src/federation/early.ts); announced in the page, they download beside the entry instead
 * of after it, one round trip earlier on every deep link's chain. `crossorigin` and the fetches'
 * default cache mode and credentials are what let those fetches take the preloaded responses.
 */
const HOST_PRELOADS = ['/env.json', '/remotes.json'].map((href) => `<link rel="preload" href="${href}" as="fetch" crossorigin>`).join('');

/**
 * What the host's page runs before anything shows, beside its entry: the bootstrap's chunks
 * (React, React DOM, the router, the platform's singletons, the shell, their styles). The entry
 * asks for them only once it has run (the async boundary before the shell), a round trip and the
 * entry's download later; announced in the page they download with it, and the shell paints that
 * much sooner. The chunk group is named in host/src/index.ts; without it the build fails rather
 * than quietly preloading nothing.
 */
const HOST_START_GROUP = 'bootstrap';

class PreloadHostStart {
  /** @param {import('@rspack/core').Compiler} compiler */
  apply(compiler) {
    compiler.hooks.compilation.tap('PreloadHostStart', (compilation) => {
      rspack.HtmlRspackPlugin.getCompilationHooks(compilation).alterAssetTagGroups.tapPromise('PreloadHostStart', async (data) => {
        const group = compilation.namedChunkGroups.get(HOST_START_GROUP);
        if (!group) throw new Error(`PreloadHostStart: no chunk group named ${HOST_START_GROUP} (host/src/index.ts)`);
        for (const file of new Set([...group.chunks].flatMap((chunk) => [...chunk.files]))) {
          const as = file.endsWith('.css') ? 'style' : 'script';
          data.headTags.push({ tagName: 'link', voidTag: true, attributes: { rel: 'preload', as, href: `${data.publicPath}${file}` } });
        }
        return data;
      });
    });
  }
}

/**
 * The host page's early script (host/src/early-start-entry.ts), first in the page: it starts the
 * remote list and the owning remote's manifest, entry and routes chunk while the host's entry and
 * React download. A compilation of its own, so it carries no federation runtime (under 1 KB gz);
 * its content-hashed name reaches the page through `earlyScript`, filled when it is emitted (the
 * page's compilation depends on it). Production only: a dev server's one compilation has none,
 * and its host fetches everything itself, as it would without the script.
 */
const EARLY_ENTRY = './src/early-start-entry.ts';

/** The host's federation runtime: its chunk group, named in host/src/federation/remote-registry.ts. */
const HOST_FEDERATION_GROUP = 'federation';

class AnnounceEarlyScript {
  /** @param {{ file?: string }} earlyScript */
  constructor(earlyScript) {
    this.earlyScript = earlyScript;
  }

  /** @param {import('@rspack/core').Compiler} compiler */
  apply(compiler) {
    compiler.hooks.compilation.tap('AnnounceEarlyScript', (compilation) => {
      rspack.HtmlRspackPlugin.getCompilationHooks(compilation).alterAssetTagGroups.tapPromise('AnnounceEarlyScript', async (data) => {
        const { file } = this.earlyScript;
        if (!file) throw new Error('AnnounceEarlyScript: the early script was not built before the page');
        const federation = compilation.namedChunkGroups.get(HOST_FEDERATION_GROUP);
        if (!federation)
          throw new Error(`AnnounceEarlyScript: no chunk group named ${HOST_FEDERATION_GROUP} (host/src/federation/remote-registry.ts)`);
        // What the page does not preload already (React and the shell are in the bootstrap's group).
        const preloaded = new Set(
          [...(compilation.namedChunkGroups.get(HOST_START_GROUP)?.chunks ?? [])].flatMap((chunk) => [...chunk.files]),
        );
        const runtimeScripts = [...federation.chunks]
          .flatMap((chunk) => [...chunk.files])
          .filter((name) => name.endsWith('.js') && !preloaded.has(name))
          .map((name) => `${data.publicPath}${name}`);
        data.headTags.unshift({
          tagName: 'script',
          voidTag: false,
          attributes: {
            // defer, first: deferred scripts run in document order, so it always runs before the
            // entry it hands requests to (async, it lost that race to a small entry on a busy
            // machine: the list downloaded twice); high: deferred scripts default to low.
            defer: true,
            fetchpriority: 'high',
            src: `${data.publicPath}${file}`,
            // The host's federation runtime, which the early script announces on a remote's path
            // only (the home and the host's own pages never download it).
            'data-federation-runtime': runtimeScripts.join(' '),
          },
        });
        return data;
      });
    });
  }
}

/**
 * What the page's compilation keeps when it cleans dist/: the early script (rspack passes absolute
 * paths).
 * @param {string} dist
 * @param {{ file?: string }} earlyScript
 */
function keepOnly(dist, earlyScript) {
  // With its compressed copies (precompress.cjs).
  return (/** @type {string} */ file) => {
    const relative = path.relative(dist, file);
    return [earlyScript.file, `${earlyScript.file}.gz`, `${earlyScript.file}.br`].includes(relative);
  };
}

/**
 * @param {{ file?: string }} earlyScript
 * @returns {import('@rspack/core').RspackPluginInstance}
 */
function recordEarlyScript(earlyScript) {
  return {
    apply(compiler) {
      compiler.hooks.afterEmit.tap('RecordEarlyScript', (compilation) => {
        earlyScript.file = [...(compilation.entrypoints.get('early')?.getFiles() ?? [])].find((file) => file.endsWith('.js'));
      });
    },
  };
}

/**
 * @param {AppOptions} options
 * @param {{ file?: string }} earlyScript
 * @returns {import('@rspack/core').Configuration}
 */
function earlyStartScript(options, earlyScript) {
  const { name } = resolvedApp(options);
  // The first of the host's compilations: it empties the source maps' folder; the page's
  // compilation cleans dist/ (keeping this script).
  const base = compilation(options, { production: true, federated: false, page: false, clean: false, uniqueName: `${name}_early` });
  const plugins = [...(base.plugins ?? []), cleanSourceMaps(path.join(options.appDir, 'sourcemaps')), recordEarlyScript(earlyScript)];
  return { ...base, entry: { early: EARLY_ENTRY }, plugins };
}

/**
 * react-router 7's package exports name only its development build (warnings and their texts
 * included) for every condition; its production build sits beside it, unreachable by conditions
 * (remix-run/react-router#14102). A production bundle, federated or not, takes that one.
 * @param {string} appDir
 */
function routerProductionBuild(appDir) {
  const dir = path.dirname(require.resolve('react-router/package.json', { paths: [appDir] }));
  return {
    'react-router$': path.join(dir, 'dist/production/index.mjs'),
    'react-router/dom$': path.join(dir, 'dist/production/dom-export.mjs'),
  };
}

/**
 * @param {AppOptions} options
 * @param {Part} part
 * @returns {import('@rspack/core').Configuration}
 */
function compilation(options, part) {
  const { appDir, exposes = {}, title = 'Portal do Motorista', copy = [] } = options;
  const { name, kind, port } = resolvedApp(options);
  const { production, federated, page } = part;
  // Only a remote's container is built with the federation plugin: the host creates its runtime
  // at run time (host/src/federation/runtime.ts), in a chunk of its own, when a remote is needed.
  const container = federated && kind === 'remote';
  const appPackage = require(path.join(appDir, 'package.json'));
  const styleScope = platformStyleScope(appDir);
  const hashed = (/** @type {string} */ ext) => (production ? `[name].[contenthash:10].${ext}` : `[name].${ext}`);

  return {
    name: part.uniqueName,
    mode: production ? 'production' : 'development',
    context: appDir,
    // Dev servers serve one compilation: the sign-out page is an entry of it (in production it
    // is a compilation of its own, so it never carries the federation runtime).
    entry: page ? { main: './src/index.ts', ...(production ? {} : { signout: SIGN_OUT_ENTRY }) } : {},
    // Production maps are for the squads, never for browsers: no sourceMappingURL in the served
    // files, and the maps written beside dist/ (in sourcemaps/), so no deployment serves them
    // (they hold the build machine's absolute paths).
    devtool: production ? 'hidden-source-map' : 'eval-cheap-module-source-map',
    target: ['web', 'es2020'],
    output: {
      path: path.join(appDir, 'dist'),
      // The host and every app's own page at '/' so a deep link (/a/b/c) still finds its
      // chunks; a remote container where it lives (federation.cjs).
      publicPath: container ? remotePublicPath(production, port) : '/',
      filename: hashed('js'),
      chunkFilename: hashed('js'),
      cssFilename: hashed('css'),
      cssChunkFilename: hashed('css'),
      ...(production ? { sourceMapFilename: `../sourcemaps/${part.uniqueName}/[file].map` } : {}),
      uniqueName: part.uniqueName,
      // The host's page keeps the early script its own compilation emitted just before.
      clean: part.clean && part.earlyScript ? { keep: keepOnly(path.join(appDir, 'dist'), part.earlyScript) } : part.clean,
    },
    resolve: {
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
      ...(production ? { alias: routerProductionBuild(appDir) } : {}),
    },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          options: {
            jsc: {
              parser: { syntax: 'typescript', tsx: true },
              transform: { react: { runtime: 'automatic', development: !production } },
            },
            // The browser floor (docs/browsers.md, "Browser floor"): build-preset/package.json's
            // browserslist, the one statement of it.
            env: { targets: BROWSER_FLOOR.join(', ') },
          },
          type: 'javascript/auto',
        },
        {
          // A library's module a screen loads by its address (`new URL('pkg/file.mjs',
          // import.meta.url)`: the CRLV-e reader's pdf.js and its worker), shipped as its authors
          // publish it, in dist/lib/ (checked apart by floor:syntax; docs/decisions/0029).
          dependency: 'url',
          test: /\.mjs$/,
          type: 'asset/resource',
          generator: { filename: production ? 'lib/[name].[contenthash:10].js' : 'lib/[name].js' },
        },
        {
          test: /\.css$/,
          type: 'css/auto',
          // The platform's stateless styles apply only to screens of this app's copy of them.
          use: [{ loader: require.resolve('./platform-style-scope.cjs'), options: { scope: styleScope } }],
        },
      ],
    },
    optimization: {
      // A remote container's chunks are numbered and split its way (federation.cjs, REMOTE_CHUNKS).
      // Elsewhere names keep bundle reports readable (the source maps name every module either way).
      chunkIds: production && container ? 'deterministic' : 'named',
      moduleIds: production ? 'deterministic' : 'named',
      ...(production && container ? { splitChunks: REMOTE_CHUNKS } : {}),
    },
    performance: { hints: false },
    plugins: [
      // The federation runtime's error sentences: the code and its docs link stay in each message.
      production && shortErrorTexts(),
      // `.gz` and `.br` beside every text file, for nginx's gzip_static / brotli_static and `npm start`.
      production && new PrecompressAssets(),
      page &&
        new rspack.HtmlRspackPlugin({
          template: path.join(__dirname, 'index.html'),
          title,
          publicPath: '/',
          templateParameters: { preloads: page && federated && kind === 'host' ? HOST_PRELOADS : '' },
          minify: production,
          excludeChunks: ['signout'],
        }),
      ...(page && federated && kind === 'host' ? hostFederationFiles(appDir, appPackage) : []),
      page && federated && kind === 'host' && production && new PreloadHostStart(),
      part.earlyScript && new AnnounceEarlyScript(part.earlyScript),
      page && !production && signOutHtml(kind),
      page &&
        new rspack.CopyRspackPlugin({
          patterns: [
            { from: path.join(repoRoot, 'config', 'env.json'), to: 'env.json' },
            ...copy.map((from) => ({ from: path.join(appDir, from) })),
          ],
        }),
      kind === 'remote' &&
        federated &&
        options.navigation &&
        emitJson(
          'navigation.json',
          () => readNavigationTiles(path.join(appDir, options.navigation ?? '')),
          path.join(appDir, options.navigation),
        ),
      production && part.clean && !part.earlyScript && cleanSourceMaps(path.join(appDir, 'sourcemaps')),
      new rspack.DefinePlugin({
        'process.env.NODE_ENV': JSON.stringify(production ? 'production' : 'development'),
        // The scope the platform's styles were given (shared/src/ui/style-scope.ts).
        __PLATFORM_STYLE_SCOPE__: JSON.stringify(styleScope),
      }),
      ...(container ? remoteContainer({ name, exposes, appDir, appPackage, production, ownPage: page }) : []),
    ].filter(Boolean),
    devServer: {
      port,
      historyApiFallback: true,
      // Watch mode reloads the page on every save (README.md, "Working on one remote", dev mode): React Fast Refresh needs
      // @rspack/plugin-react-refresh, which is not a dependency, and without it no screen module
      // accepts an update: HMR ended at a remote's own page stale ("Checking for updates…") and
      // at the host in "Cannot apply update… not accepted" before its reload.
      hot: false,
      liveReload: true,
      headers: { 'Access-Control-Allow-Origin': '*' },
      static: false,
      client: { overlay: { runtimeErrors: false } },
      // The driver-data proxy at /driver-api/ (docs/security.md), as `npm start` and nginx serve it.
      setupMiddlewares: (middlewares) => [{ name: 'driver-api', middleware: driverApiMiddleware() }, ...middlewares],
    },
    lazyCompilation: false,
  };
}

const SIGN_OUT_ENTRY = require.resolve('@driver-portal/shared/package.json').replace(/package\.json$/, 'src/boot/signout-entry.ts');

/** @param {'host' | 'remote'} kind @param {boolean} [production] */
function signOutHtml(kind, production = false) {
  return new rspack.HtmlRspackPlugin({
    template: path.join(__dirname, 'signout.html'),
    filename: 'signout.html',
    chunks: ['signout'],
    templateParameters: { role: kind },
    publicPath: '/',
    minify: production,
  });
}

/**
 * /signout.html of an app (shared/src/boot/signout-page.ts): a plain script, no framework, no
 * federation runtime; it ends the session on this origin and goes on to the next one.
 * @param {AppOptions} options
 * @param {boolean} production
 * @returns {import('@rspack/core').Configuration}
 */
function signOutPage(options, production) {
  const { name, kind } = resolvedApp(options);
  const base = compilation(options, { production, federated: false, page: false, clean: false, uniqueName: `${name}_signout` });
  return {
    ...base,
    entry: { signout: SIGN_OUT_ENTRY },
    plugins: [...(base.plugins ?? []), signOutHtml(kind, production)],
    // After the compilation that cleans dist/.
    dependencies: [name],
  };
}

/**
 * @param {AppOptions} options
 * @returns {(env: Record<string, unknown>, argv: { mode?: string }) => import('@rspack/core').Configuration | import('@rspack/core').Configuration[]}
 */
function createAppConfig(options) {
  return (_env, argv) => {
    const production = (argv.mode ?? process.env.NODE_ENV) !== 'development';
    const federation = options.federation ?? true;
    const { name, kind } = resolvedApp(options);
    if (!production || !federation) {
      // Dev servers serve one compilation: the federated one with its page.
      return compilation(options, { production, federated: federation, page: true, clean: true, uniqueName: name });
    }
    if (kind === 'host') {
      /** @type {{ file?: string }} */
      const earlyScript = {};
      return [
        earlyStartScript(options, earlyScript),
        {
          ...compilation(options, { production, federated: true, page: true, clean: true, uniqueName: name, earlyScript }),
          dependencies: [`${name}_early`],
        },
        signOutPage(options, production),
      ];
    }
    const container = compilation(options, { production, federated: true, page: false, clean: true, uniqueName: name });
    const ownPage = {
      ...compilation(options, { production, federated: false, page: true, clean: false, uniqueName: `${name}_page` }),
      // After the container: it cleans dist/ first.
      dependencies: [name],
    };
    return [container, ownPage, signOutPage(options, production)];
  };
}

module.exports = { createAppConfig, repoRoot, BROWSER_FLOOR };
