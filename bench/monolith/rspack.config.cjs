// The same page as a deep link into the self-service remote, built without federation: the
// baseline the benchmark compares the federated suite against.
const { createAppConfig } = require('@driver-portal/build-preset');

module.exports = createAppConfig({ appDir: __dirname, name: 'monolith', kind: 'host', port: 3010, federation: false });
