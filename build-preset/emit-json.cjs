// @ts-check
'use strict';

const { rspack } = require('@rspack/core');

/**
 * Writes one JSON file into the build: the host's default remote list (from apps.json), what the
 * host provides to remotes, or a remote's home tiles (deployed as `navigation.json` beside its
 * manifest so the host reads them without any of the remote's JavaScript). `produce` runs on
 * every compilation; a `source` file is watched, and invalid JSON in it fails the build.
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

module.exports = { emitJson };
