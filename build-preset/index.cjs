// @ts-check
/**
 * The one build preset every app (host and remotes) uses, so that Module Federation,
 * shared-dependency and loader settings cannot drift between squads.
 *
 * In production a remote is built twice into one dist folder:
 * - the federated container (remoteEntry.js, mf-manifest.json, exposed routes) the host loads;
 * - its own page (index.html + chunks) as a plain app without the federation runtime, because
 *   the native app deep-links straight into a remote and a driver on mobile data should not pay
 *   for a runtime that page never uses. Same source, same routes, same platform library.
 */
const path = require('node:path');

/** The oldest webviews the portal supports (docs/platform.md, "Browser floor"). */
const BROWSER_FLOOR = require('./package.json').browserslist;
const { rspack } = require('@rspack/core');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/rspack');
const { hostProvides, sharedDependencies } = require('./shared-deps.cjs');
const { FederationRuntimeAsEsm } = require('./federation-esm.cjs');
const { PrecompressAssets } = require('./precompress.cjs');
const { appAt, localRemoteList } = require('./apps.cjs');
const { platformStyleScope } = require('./platform-style-scope.cjs');
const { readNavigationTiles } = require('./navigation.cjs');

const repoRoot = path.resolve(__dirname, '..');

/** The federation runtime's error descriptions, replaced by federation-error-texts.mjs in production. */
const FEDERATION_ERROR_TEXTS = /[\\/]@module-federation[\\/]error-codes[\\/]dist[\\/]desc\.m?js$/;

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
 * Writes one JSON file into the build: the host's default remote list (from apps.json), or a
 * remote's home tiles (its navigation file, deployed as `navigation.json` beside its manifest so
 * the host reads them without any of the remote's JavaScript). `produce` runs on every
 * compilation; a `source` file is watched, and invalid JSON in it fails the build.
 * @param {string} fileName
 * @param {() => unknown} produce
 * @param {string} [source] the file the content is read from, if any
 * @returns {import('@rspack/core').RspackPluginInstance}
 */
function emitJson(fileName, produce, source) {
  return {
    apply(compiler) {
      compiler.hooks.thisCompilation.tap('PortalEmitJson', (compilation) => {
        compilation.hooks.processAssets.tap({ name: 'PortalEmitJson', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
          if (source) compilation.fileDependencies.add(source);
          compilation.emitAsset(fileName, new rspack.sources.RawSource(`${JSON.stringify(produce())}\n`));
        });
      });
    },
  };
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
      // chunks; a federated remote 'auto', loading from wherever the remote list says it lives.
      // A dev server names its own origin instead (devPublicPath): no 'auto' warning at start.
      publicPath: kind === 'remote' && federated ? (production ? 'auto' : devPublicPath(port)) : '/',
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
            // The browser floor (docs/platform.md, "Browser floor"): build-preset/package.json's
            // browserslist, the one statement of it.
            env: { targets: BROWSER_FLOOR.join(', ') },
          },
          type: 'javascript/auto',
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
      // A remote container's chunks are numbered: its entry carries a table of every chunk's file
      // (JS and CSS) and the routes chunk names each screen's, which long readable names made
      // 0.6 KB gz heavier on every deep link (issue 33). Elsewhere names keep bundle reports
      // readable (the source maps name every module either way).
      chunkIds: production && federated && kind === 'remote' ? 'deterministic' : 'named',
      moduleIds: production ? 'deterministic' : 'named',
      ...(production && federated && kind === 'remote' ? { splitChunks: REMOTE_CHUNKS } : {}),
    },
    performance: { hints: false },
    plugins: [
      // The federation runtime's error sentences: the code and its docs link stay in each message.
      production && new rspack.NormalModuleReplacementPlugin(FEDERATION_ERROR_TEXTS, require.resolve('./federation-error-texts.mjs')),
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
      page && federated && kind === 'host' && emitJson('remotes.json', localRemoteList),
      // What this host provides to remotes: release:remote checks a new build against it.
      page && federated && kind === 'host' && emitJson('provided-shared.json', () => hostProvides(appDir, appPackage)),
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
      container &&
        new ModuleFederationPlugin({
          name,
          // Named by its content in production (issue 39): the manifest names it (the host reads
          // the entry's name there, host/src/federation/manifest-assets.ts), so it is cached for a
          // year like any hashed file and a repeat open no longer downloads it.
          filename: production ? 'remoteEntry.[contenthash:10].js' : 'remoteEntry.js',
          exposes,
          // A remote loads no remotes.
          remotes: {},
          shared: sharedDependencies(appDir, appPackage, { production }),
          // With the default 'version-first' every remote entry is fetched at start-up and
          // one unreachable remote blanks the host.
          shareStrategy: 'loaded-first',
          manifest: { fileName: 'mf-manifest.json' },
          // Remotes are typed through @driver-portal/shared contracts, not generated d.ts.
          dts: false,
          // Drop runtime code a remote never runs: Node loading, remote loading and manifest
          // snapshots (only the host loads remotes).
          experiments: {
            optimization: { target: 'web', disableRemote: true, disableSnapshot: true },
            // One federation runtime per page: the host's (host/src/federation/container-runtime.ts
            // hands it over); a remote's own page has no federation at all. A dev server's single
            // compilation also serves the remote's own page: it keeps its runtime.
            ...(page ? {} : { externalRuntime: true }),
          },
        }),
      // After the federation plugin: its runtime as ES modules, tree-shaken.
      container && new FederationRuntimeAsEsm(),
    ].filter(Boolean),
    devServer: {
      port,
      historyApiFallback: true,
      // Watch mode reloads the page on every save (docs: "Watch mode"): React Fast Refresh needs
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

/**
 * A remote's dev server origin as its chunks' base: the host page loads the container from there
 * and so does the remote's own page (one compilation serves both), where 'auto' made the manifest
 * plugin warn at every start ("Manifest will use absolute path resolution ... publicPath='auto'")
 * and left the remote's live-reload client to guess its server from the page it runs in.
 * @param {number} port
 */
const devPublicPath = (port) => `http://localhost:${port}/`;

/**
 * A remote container: what the screens render and move with (the platform's UI, formats and
 * links, the remote's paths and session values) in one `common` chunk, and what the screens that
 * call the API read answers with (the platform's data and contract parts, the remote's contract
 * and the schema library) in a `common-data` chunk: a screen without a call (next steps) does not
 * download the schemas (issue 33: 5.6 KB gz off that deep link at the host). What only some
 * screens use (forms, masks, sanitizing) stays with them, and the shared singletons' fallbacks
 * stay apart (the host's copy is used when it has one).
 *
 * The host is no container (its federation runtime is created at run time): it keeps the
 * default split, its shell's code in one chunk group the page preloads.
 */
const REMOTE_CHUNKS = {
  chunks: 'async',
  cacheGroups: {
    // The HTTP client stays inside the platform's HTTP singleton (its only user): one request, not two.
    defaultVendors: { test: /[\\/]node_modules[\\/](?!axios[\\/])/, idHint: 'vendors', priority: -10, reuseExistingChunk: true },
    common: {
      name: 'common',
      chunks: 'async',
      // Shared by two screens at least: a remote with one screen keeps it all in that screen's chunk.
      minChunks: 2,
      enforce: true,
      priority: 20,
      test: /[\\/]shared[\\/]src[\\/](ui|links)[\\/]|[\\/]mfe-[^\\/]+[\\/]src[\\/]session/,
    },
    commonData: {
      name: 'common-data',
      chunks: 'async',
      minChunks: 2,
      enforce: true,
      priority: 20,
      test: /[\\/]shared[\\/]src[\\/](data|contract|format)[\\/]|[\\/]mfe-[^\\/]+[\\/]src[\\/](contract|paths)|[\\/]node_modules[\\/]valibot[\\/]/,
    },
  },
};

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
