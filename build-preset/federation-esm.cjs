// @ts-check
/**
 * The federation runtime as ES modules, so that it is tree-shaken.
 *
 * Rspack's federation plugin resolves `@module-federation/webpack-bundler-runtime` (written into
 * the entry's runtime by absolute path) and `@module-federation/runtime` with Node's
 * `require.resolve`: both are their `dist/*.cjs` builds, which pull in the CommonJS builds of
 * runtime-core, sdk and error-codes, bundled whole (rspack issue 12395). This plugin, applied
 * after the federation plugin, points each of those at the package's ESM build; from there
 * every import resolves with the `import` condition to ESM too. The e2e guard
 * (e2e/tests/deep-links-budget.spec.ts) fails if a `.cjs` file of theirs reaches a bundle again.
 */
const fs = require('node:fs');

const FEDERATION_CJS = /[\\/]@module-federation[\\/][^\\/]+[\\/]dist[\\/][^\\/]+\.cjs$/;

/** The ESM build beside a package's `.cjs` file (`.js`, or `.mjs` for error-codes), if there is one. */
function esmSibling(/** @type {string} */ file) {
  return ['.js', '.mjs'].map((ext) => file.replace(/\.cjs$/, ext)).find((candidate) => fs.existsSync(candidate));
}

/** @param {string} request @param {string} from */
function resolveFrom(request, from) {
  try {
    return require.resolve(request, { paths: [from] });
  } catch {
    return undefined;
  }
}

class FederationRuntimeAsEsm {
  /** @param {import('@rspack/core').Compiler} compiler */
  apply(compiler) {
    // After the federation plugins set their aliases (the enhanced plugin sets one in afterPlugins).
    compiler.hooks.afterPlugins.tap('PortalFederationRuntimeAsEsm', () => {
      const aliases = /** @type {Record<string, string | false | string[]>} */ (compiler.options.resolve.alias ?? {});
      /** @type {Record<string, string>} */
      const esm = {};
      for (const [key, value] of Object.entries(aliases)) {
        const sibling = typeof value === 'string' && FEDERATION_CJS.test(value) ? esmSibling(value) : undefined;
        if (sibling) esm[key] = sibling;
      }
      // Requested by absolute path: the bundler runtime (from the runtime tools, as rspack does).
      const runtimeTools = resolveFrom('@module-federation/runtime-tools', compiler.context);
      const bundlerRuntime = runtimeTools && resolveFrom('@module-federation/webpack-bundler-runtime', runtimeTools);
      const sibling = bundlerRuntime && FEDERATION_CJS.test(bundlerRuntime) ? esmSibling(bundlerRuntime) : undefined;
      if (bundlerRuntime && sibling) esm[bundlerRuntime] = sibling;
      compiler.options.resolve.alias = { ...aliases, ...esm };
    });
  }
}

module.exports = { FederationRuntimeAsEsm, FEDERATION_CJS };
