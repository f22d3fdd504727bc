const { createAppConfig } = require('@driver-portal/build-preset');

module.exports = createAppConfig({
  appDir: __dirname,
  title: 'Seguro e cartão · Portal do Motorista',
  exposes: { './routes': './src/routes.ts' },
  // The tiles this remote adds to the host's home page (checked against its routes by navigation.test.ts).
  navigation: './src/navigation.json',
});
