// `npm start`: rebuilds the apps whose sources changed since their last build (content hash,
// scripts/build-inputs.mjs) and says which, serves the production builds (ports from apps.json)
// and the sandbox API, and prints the URL to open. `npm start -- --only <app>`: rebuild that app
// alone when changed, serve the others as last built. `--no-build`: serve what is built.
import { createRequire } from 'node:module';
// First: the list of apps, validated as it loads (a bad list stops here).
import './apps.mjs';
import { announce, buildChanged, onlyArgument, onStop, SANDBOX_HEALTH, serveBuilds, startSandbox, waitFor } from './suite.mjs';
import { PROMETHEUS_READY, startPrometheus, startReceiver, TELEMETRY_HEALTH } from './telemetry-stack.mjs';

// apps.json was validated when the imports above loaded it; the cohort secret (which signs the
// canary cohort cookie, scripts/page-cohort.mjs) is refused here when it is too short to sign.
const { cohortSecretProblem } = createRequire(import.meta.url)('./cohort-secret.cjs');
const secretProblem = process.env.PORTAL_COHORT_SECRET === undefined ? undefined : cohortSecretProblem(process.env.PORTAL_COHORT_SECRET);
if (secretProblem) {
  console.error(`npm start: PORTAL_COHORT_SECRET ${secretProblem}; nothing was started.`);
  process.exit(2);
}

if (!process.argv.includes('--no-build')) await buildChanged(onlyArgument());

const sandbox = startSandbox();
// Field telemetry: the receiver, and Prometheus when installed (docs/telemetry.md, "Field telemetry").
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
