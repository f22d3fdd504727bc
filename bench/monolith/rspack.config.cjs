// The control build of the benchmark: every screen of the suite (the host's home and every screen
// of every remote in apps.json, read from each remote's src/routes.ts) built into one app without
// Module Federation. A remote added to apps.json is in it at the next build, with no edit here.
const path = require('node:path');
const { rspack } = require('@rspack/core');
const { createAppConfig, repoRoot } = require('@driver-portal/build-preset');
const { REMOTES } = require('@driver-portal/build-preset/apps.cjs');
const { navigationTiles } = require('@driver-portal/build-preset/navigation.cjs');

const base = createAppConfig({ appDir: __dirname, name: 'control', kind: 'host', port: 3010, federation: false });

/** @type {typeof base} */
module.exports = (env, argv) => {
  const config = /** @type {import('@rspack/core').Configuration} */ (base(env, argv));
  return {
    ...config,
    module: {
      ...config.module,
      rules: [
        ...(config.module?.rules ?? []),
        // src/remote-routes.ts is a typed stub: the build writes the imports of every remote's routes.
        { test: /[\\/]src[\\/]remote-routes\.ts$/, enforce: 'pre', loader: require.resolve('./remote-routes-loader.cjs') },
      ],
    },
    plugins: [
      ...(config.plugins ?? []),
      // Each remote's home tiles, served from this origin (the home reads them as in the host).
      new rspack.CopyRspackPlugin({
        patterns: REMOTES.map((remote) => ({
          from: path.join(repoRoot, remote.dir, 'src', 'navigation.json'),
          to: `remotes/${remote.name}/navigation.json`,
          // Deployed as the list alone, as a remote's own build does (build-preset/navigation.cjs).
          transform: (content, file) => `${JSON.stringify(navigationTiles(JSON.parse(content.toString()), file))}\n`,
        })),
      }),
    ],
  };
};
