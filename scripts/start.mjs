// `npm start`: builds what is missing, serves the production builds (ports from apps.json: host 3000, remotes
// 3001-3004) and the sandbox API (4000), and prints the URL to open.
import { announce, buildMissing, onStop, SANDBOX_HEALTH, serveBuilds, startSandbox, waitFor } from './suite.mjs';
import { PROMETHEUS_READY, startPrometheus, startReceiver, TELEMETRY_HEALTH } from './telemetry-stack.mjs';

if (!process.argv.includes('--no-build')) await buildMissing();

const sandbox = startSandbox();
// Field telemetry: the receiver, and Prometheus when installed (docs/platform.md, "Field telemetry").
const prometheus = startPrometheus();
const telemetry = [startReceiver(), prometheus].filter(Boolean);
let servers = [];
const exit = onStop(() => {
  sandbox.kill();
  telemetry.forEach((child) => child.kill('SIGTERM'));
  servers.forEach((server) => server.close());
});
sandbox.on('exit', (code) => {
  if (code !== null && code !== 0) {
    console.error(`sandbox API stopped (${code})`);
    exit(1);
  }
});

// The portal is only announced once the sandbox answers, so tests never race it.
await waitFor([SANDBOX_HEALTH, TELEMETRY_HEALTH, ...(prometheus ? [PROMETHEUS_READY] : [])]).catch((error) => {
  console.error(String(error));
  exit(1);
});
servers = await serveBuilds();
announce();
