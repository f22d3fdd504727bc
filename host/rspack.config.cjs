const { createAppConfig } = require('@driver-portal/build-preset');

// The host's federation runtime (and its plugins: deadline, retry, version guard) is created at
// run time: host/src/federation/runtime.ts.
module.exports = createAppConfig({ appDir: __dirname });
