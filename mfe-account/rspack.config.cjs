const { createAppConfig } = require('@driver-portal/build-preset');

module.exports = createAppConfig({
  appDir: __dirname,
  title: 'Minha conta · Portal do Motorista',
  exposes: { './routes': './src/routes.ts' },
});
