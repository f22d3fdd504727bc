const { createAppConfig } = require('@driver-portal/build-preset');

module.exports = createAppConfig({
  appDir: __dirname,
  name: 'host',
  kind: 'host',
  port: 3000,
  copy: ['remotes.json'],
  // Refuses remotes built against incompatible shared singletons, before their code runs.
  runtimePlugins: [require.resolve('./src/federation/plugins/version-guard.ts')],
});
