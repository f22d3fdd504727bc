const { createAppConfig } = require('@driver-portal/build-preset');

module.exports = createAppConfig({
  appDir: __dirname,
  // Refuses remotes built against incompatible shared singletons, before their code runs.
  runtimePlugins: [require.resolve('./src/federation/plugins/version-guard.ts')],
});
