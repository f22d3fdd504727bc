// @ts-check
/**
 * The one build preset every app (host and remotes) uses, so that Module Federation,
 * shared-dependency and loader settings cannot drift between squads.
 */
const path = require('node:path');
const { rspack } = require('@rspack/core');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/rspack');
const { sharedDependencies } = require('./shared-deps.cjs');

const repoRoot = path.resolve(__dirname, '..');

/**
 * @typedef {object} AppOptions
 * @property {string} appDir        absolute folder of the app (its package.json, src/, dist/)
 * @property {string} name          federation container name (a JS identifier)
 * @property {'host' | 'remote'} kind
 * @property {number} port          dev-server port
 * @property {Record<string, string>} [exposes]  remotes only
 * @property {string} [title]       page title of the app's own page
 * @property {string[]} [copy]      extra files (relative to the app) copied next to index.html
 * @property {boolean} [federation] false only for the benchmark's baseline build
 */

/**
 * @param {AppOptions} options
 * @returns {(env: Record<string, unknown>, argv: { mode?: string }) => import('@rspack/core').Configuration}
 */
function createAppConfig(options) {
  const { appDir, name, kind, port, exposes = {}, title = 'Portal do Motorista', copy = [], federation = true } = options;
  const appPackage = require(path.join(appDir, 'package.json'));

  return (_env, argv) => {
    const production = (argv.mode ?? process.env.NODE_ENV) !== 'development';
    return {
      mode: production ? 'production' : 'development',
      context: appDir,
      entry: { main: './src/index.ts' },
      devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
      target: ['web', 'es2020'],
      output: {
        path: path.join(appDir, 'dist'),
        // Host at '/' so a deep link (/a/b/c) still finds its chunks; remotes 'auto' so they
        // load from wherever the remote list says they live.
        publicPath: kind === 'host' ? '/' : 'auto',
        filename: production ? '[name].[contenthash:10].js' : '[name].js',
        chunkFilename: production ? '[name].[contenthash:10].js' : '[name].js',
        cssFilename: production ? '[name].[contenthash:10].css' : '[name].css',
        cssChunkFilename: production ? '[name].[contenthash:10].css' : '[name].css',
        uniqueName: name,
        clean: true,
      },
      resolve: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
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
              env: { targets: 'chrome >= 87, safari >= 14, firefox >= 78' },
            },
            type: 'javascript/auto',
          },
          { test: /\.css$/, type: 'css/auto' },
        ],
      },
      optimization: {
        // Readable chunk names keep bundle reports and the "React once" test meaningful.
        chunkIds: 'named',
        moduleIds: production ? 'deterministic' : 'named',
      },
      performance: { hints: false },
      plugins: [
        new rspack.HtmlRspackPlugin({
          template: path.join(__dirname, 'index.html'),
          title,
          publicPath: '/',
          minify: production,
        }),
        new rspack.CopyRspackPlugin({
          patterns: [
            { from: path.join(repoRoot, 'config', 'env.json'), to: 'env.json' },
            ...copy.map((from) => ({ from: path.join(appDir, from) })),
          ],
        }),
        new rspack.DefinePlugin({
          'process.env.NODE_ENV': JSON.stringify(production ? 'production' : 'development'),
        }),
        federation &&
          new ModuleFederationPlugin({
            name,
            filename: kind === 'remote' ? 'remoteEntry.js' : undefined,
            exposes: kind === 'remote' ? exposes : undefined,
            // Remotes are registered at run time from remotes.json: no build-time remotes.
            remotes: {},
            shared: sharedDependencies(appPackage),
            // With the default 'version-first' every remote entry is fetched at start-up and
            // one unreachable remote blanks the host.
            shareStrategy: 'loaded-first',
            runtimePlugins: [require.resolve('@driver-portal/shared/federation-plugins/retry')],
            manifest: { fileName: 'mf-manifest.json' },
            // Remotes are typed through @driver-portal/shared contracts, not generated d.ts.
            dts: false,
          }),
      ].filter(Boolean),
      devServer: {
        port,
        historyApiFallback: true,
        hot: true,
        headers: { 'Access-Control-Allow-Origin': '*' },
        static: false,
        client: { overlay: { runtimeErrors: false } },
      },
      lazyCompilation: false,
    };
  };
}

module.exports = { createAppConfig, repoRoot };
