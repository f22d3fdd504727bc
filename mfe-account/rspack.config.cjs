const { createAppConfig } = require('@driver-portal/build-preset');

module.exports = createAppConfig({
  appDir: __dirname,
  name: 'mfe_account',
  kind: 'remote',
  port: 3003,
  title: 'Minha conta · Portal do Motorista',
  exposes: { './routes': './src/routes.ts' },
});
