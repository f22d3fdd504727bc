const { createAppConfig } = require('@driver-portal/build-preset');

module.exports = createAppConfig({
  appDir: __dirname,
  name: 'host',
  kind: 'host',
  port: 3000,
  copy: ['remotes.json'],
});
