// @ts-check
/**
 * Every text file of a production build is written three times: as built, `.gz` (gzip level 9)
 * and `.br` (Brotli quality 11) beside it, so neither server compresses on a driver's request:
 * nginx serves them with `gzip_static` / `brotli_static` (deploy/nginx/portal-common.conf), the
 * Node server of `npm start` with the same choice (scripts/static-server.mjs). Brotli q11 makes
 * the portal's JavaScript about 12 % smaller than gzip -9 (docs/performance.md).
 *
 * Left out: files below nginx's `gzip_min_length` (a compressed copy would not be smaller), and
 * the runtime configuration (env.json, remotes.json), which a deployment rewrites when it
 * starts (deploy/docker/40-portal-runtime-config.sh): a copy compressed at build time would be
 * served instead of the configuration in force.
 */
const fs = require('node:fs');
const path = require('node:path');
const { promisify } = require('node:util');
const zlib = require('node:zlib');

const TEXT = /\.(?:js|mjs|css|html|json|svg|txt)$/;
const RUNTIME_CONFIGURATION = new Set(['env.json', 'remotes.json']);
/** nginx's gzip_min_length in deploy/nginx/portal-common.conf. */
const MIN_BYTES = 256;

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/** @param {string} file the asset's name, relative to the output folder */
function precompressed(file) {
  return TEXT.test(file) && !RUNTIME_CONFIGURATION.has(path.basename(file));
}

/** @param {Buffer} body */
const brotliText = (body) =>
  brotli(body, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });

class PrecompressAssets {
  /** @param {import('@rspack/core').Compiler} compiler */
  apply(compiler) {
    compiler.hooks.afterEmit.tapPromise('PortalPrecompressAssets', async (compilation) => {
      const out = compilation.outputOptions.path ?? compiler.outputPath;
      const files = compilation
        .getAssets()
        .map((asset) => asset.name)
        .filter(precompressed);
      await Promise.all(
        files.map(async (file) => {
          const source = path.join(out, file);
          const body = await fs.promises.readFile(source).catch(() => undefined);
          if (!body || body.length < MIN_BYTES) return;
          const [gz, br] = await Promise.all([gzip(body, { level: 9 }), brotliText(body)]);
          await Promise.all([fs.promises.writeFile(`${source}.gz`, gz), fs.promises.writeFile(`${source}.br`, br)]);
        }),
      );
    });
  }
}

module.exports = { PrecompressAssets, precompressed, MIN_BYTES };
