const { createAppConfig } = require('@driver-portal/build-preset');

module.exports = createAppConfig({
  appDir: __dirname,
  name: 'mfe_onboarding',
  kind: 'remote',
  port: 3002,
  title: 'Cadastro · Portal do Motorista',
  exposes: { './routes': './src/routes.ts' },
});
