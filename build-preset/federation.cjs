// @ts-check
/**
 * Module Federation as every app of the suite builds it: one file to read (index.cjs puts these
 * parts into each app's compilations).
 *
 * - A remote is a container: `remoteEntry.<hash>.js` and `mf-manifest.json`, exposing its routes
 *   (its `rspack.config.cjs` says which), sharing React, the router and the platform's singletons
 *   with the host (shared-deps.cjs), loading no remotes of its own. Its chunks load from wherever
 *   the remote list says it lives (publicPath 'auto'). In production it is built twice into one
 *   dist/: the container, and its own page without any federation runtime (the native app
 *   deep-links there; a driver on mobile data does not pay for a runtime that page never uses).
 * - The host is no container: it creates its federation runtime at run time, in a chunk of its
 *   own, when a route needs a remote (host/src/federation/runtime.ts). Its build publishes the
 *   default remote list (`remotes.json`, from apps.json) and what it provides to remotes
 *   (`provided-shared.json`, which `release:remote` checks a new build against).
 * - Versions: the one range implementation is federation-versions.cjs; the runtime is turned
 *   into tree-shaken ES modules by federation-esm.cjs.
 */
'use strict';

const { rspack } = require('@rspack/core');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/rspack');
const { hostProvides, sharedDependencies } = require('./shared-deps.cjs');
const { FederationRuntimeAsEsm } = require('./federation-esm.cjs');
const { localRemoteList } = require('./apps.cjs');
const { emitJson } = require('./emit-json.cjs');

/**
 * A remote's container and its runtime as ES modules.
 * @param {{ name: string, exposes: Record<string, string>, appDir: string, appPackage: object, production: boolean, ownPage: boolean }} remote
 *   ownPage: the compilation also serves the remote's own page (a dev server's single compilation)
 * @returns {import('@rspack/core').RspackPluginInstance[]}
 */
function remoteContainer({ name, exposes, appDir, appPackage, production, ownPage }) {
  return [
    new ModuleFederationPlugin({
      name,
      // Named by its content in production: the manifest names it (the host reads the entry's
      // name there, host/src/federation/manifest-assets.ts), so it is cached for a year like any
      // hashed file and a repeat open does not download it.
      filename: production ? 'remoteEntry.[contenthash:10].js' : 'remoteEntry.js',
      exposes,
      // A remote loads no remotes.
      remotes: {},
      shared: sharedDependencies(appDir, appPackage, { production }),
      // With the default 'version-first' every remote entry is fetched at start-up and one
      // unreachable remote blanks the host.
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
        ...(ownPage ? {} : { externalRuntime: true }),
      },
    }),
    // After the federation plugin: its runtime as ES modules, tree-shaken.
    new FederationRuntimeAsEsm(),
  ];
}

/**
 * Where a remote container's chunks load from: 'auto' in production (wherever the remote list
 * says it lives); a dev server names its own origin, since the host page loads the container from
 * there and so does the remote's own page (one compilation serves both), where 'auto' made the
 * manifest plugin warn at every start and left the live-reload client to guess its server.
 * @param {boolean} production
 * @param {number} port the dev server's
 */
function remotePublicPath(production, port) {
  return production ? 'auto' : `http://localhost:${port}/`;
}

/**
 * A remote container's chunks: what the screens render and move with (the platform's UI, formats
 * and links, the remote's paths and session values) in one `common` chunk, and what the screens
 * that call the API read answers with (the platform's data and contract parts, the remote's
 * contract and the schema library) in a `common-data` chunk: a screen without a call does not
 * download the schemas. What only some screens use (forms, masks, sanitizing) stays with them,
 * and the shared singletons' fallbacks stay apart (the host's copy is used when it has one).
 * Chunks are numbered (`chunkIds: 'deterministic'`): the entry carries a table of every chunk's
 * file, which long readable names made heavier on every deep link.
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

/** The federation runtime's error descriptions, replaced in production: the code and its docs link stay in each message. */
const FEDERATION_ERROR_TEXTS = /[\\/]@module-federation[\\/]error-codes[\\/]dist[\\/]desc\.m?js$/;
const shortErrorTexts = () =>
  new rspack.NormalModuleReplacementPlugin(FEDERATION_ERROR_TEXTS, require.resolve('./federation-error-texts.mjs'));

/**
 * The files the host's build publishes for remotes: its default remote list and what it provides.
 * @param {string} appDir
 * @param {object} appPackage
 * @returns {import('@rspack/core').RspackPluginInstance[]}
 */
function hostFederationFiles(appDir, appPackage) {
  return [
    emitJson('remotes.json', localRemoteList),
    // What this host provides to remotes: release:remote checks a new build against it.
    emitJson('provided-shared.json', () => hostProvides(appDir, appPackage)),
  ];
}

module.exports = { remoteContainer, remotePublicPath, REMOTE_CHUNKS, shortErrorTexts, hostFederationFiles };
