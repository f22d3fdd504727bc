const { createAppConfig } = require('@driver-portal/build-preset');

module.exports = createAppConfig({
  appDir: __dirname,
  name: 'mfe_self_service',
  kind: 'remote',
  port: 3001,
  title: 'Autoatendimento · Portal do Motorista',
  exposes: { './routes': './src/routes.ts' },
});
