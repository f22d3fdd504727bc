// `node scripts/k8s-image-check.mjs [app]` (and the compose smoke, which has just built the
// images): an app image of this checkout run with podman as the cluster description renders its
// Deployment (deploy/k8s.cjs; decision 0025, issue 45 item 7). Every variable as rendered (the
// public origins from the ConfigMap driver-portal-origins included), but what only a cluster has:
// the provider's URLs (the ConfigMap driver-portal-upstreams' placeholders) point at a stand-in
// provider here that records what reaches it, the cluster's own services (telemetry, handoff) at
// nothing, the Secret's values are made up, and nginx listens on a free loopback port (the
// container shares this machine's network). It passes when a driver-data call with the portal's
// Origin is proxied (200, the provider reached) and one with a foreign Origin is refused (403,
// the provider not reached). Exit status 1 when it does not pass; 0 with "SKIPPED" when podman or
// the image is missing (PORTAL_K8S_IMAGE_REQUIRED=1 makes that a failure).
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

const require = createRequire(import.meta.url);
const { k8sObjects } = require('../deploy/k8s.cjs');
const { freePort } = require('../deploy/redis-server.cjs');

/** The open call asked: the vehicle form's car brands (deploy/driver-api.cjs, an `open` rule). */
const CALL = '/driver-api/register/api/1.0/vehicleinfo/carbrand';
const BRANDS = [{ id: 1, name: 'FIAT' }];
/** A made-up X-Forwarded-For from this machine, which is not the cluster's ingress controller. */
const FORGED = '198.51.100.77';

/**
 * The rendered container's environment with only the cluster's parts replaced (the head of this file).
 * @param {Record<string, any>[]} objects @param {string} app @param {{ provider: string, listen: string }} here
 */
export function renderedEnvironment(objects, app, { provider, listen }) {
  const deployment = objects.find((object) => object.kind === 'Deployment' && object.metadata.name === app);
  if (!deployment) throw new Error(`no Deployment ${app} in the rendered objects`);
  const maps = Object.fromEntries(objects.filter((object) => object.kind === 'ConfigMap').map((map) => [map.metadata.name, map.data]));
  const secrets = { STATEMENT_BASIC_AUTH: 'k8s-check:statement', PORTAL_COHORT_SECRET: randomBytes(24).toString('base64url') };
  /** @type {Record<string, string>} */
  const env = {};
  for (const variable of deployment.spec.template.spec.containers[0].env) {
    const mapRef = variable.valueFrom?.configMapKeyRef;
    const secretRef = variable.valueFrom?.secretKeyRef;
    if (mapRef?.name === 'driver-portal-upstreams') env[variable.name] = `${provider}/${mapRef.key.toLowerCase()}/`;
    else if (mapRef) env[variable.name] = maps[mapRef.name][mapRef.key];
    else if (secretRef) env[variable.name] = secrets[secretRef.key];
    else env[variable.name] = variable.value;
  }
  // The cluster's own services are not here: nothing answers (the image's own default).
  for (const name of ['PORTAL_TELEMETRY_UPSTREAM', 'PORTAL_HANDOFF_UPSTREAM']) if (name in env) env[name] = 'http://127.0.0.1:9';
  env.PORTAL_LISTEN = listen;
  return { env, origins: maps['driver-portal-origins'] };
}

/** A stand-in provider: every path answers 200 (the car brands), each request recorded. */
function startProvider() {
  /** @type {string[]} */
  const seen = [];
  const server = createServer((request, response) => {
    seen.push(`${request.method} ${request.url}`);
    response.writeHead(200, { 'Content-Type': 'application/json' });
    response.end(JSON.stringify(BRANDS));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, seen, port: server.address().port })));
}

/** podman with the repository's containers.conf (the limits this machine's kernel allows), as the smoke runs it. */
const podmanEnv = {
  ...process.env,
  CONTAINERS_CONF: process.env.CONTAINERS_CONF ?? fileURLToPath(new URL('../deploy/docker/containers.conf', import.meta.url)),
};
const podman = (/** @type {string[]} */ args) => {
  const result = spawnSync('podman', args, { encoding: 'utf8', timeout: 60_000, env: podmanEnv });
  return { status: result.status, stderr: result.stderr ?? '', out: `${result.stdout ?? ''}${result.stderr ?? ''}` };
};

/**
 * Runs the check for one app; resolves what was seen, or { skipped } when it cannot run here.
 * `objects`: the rendered objects (default: deploy/k8s.cjs's, for these images).
 * @param {{ app?: string, imagePrefix?: string, version?: string, objects?: Record<string, any>[] }} [options]
 */
export async function checkRenderedImage({
  app = 'host',
  imagePrefix = 'localhost/driver-portal/',
  version = 'local',
  objects = k8sObjects({ imagePrefix, version }),
} = {}) {
  const image = objects.find((object) => object.kind === 'Deployment' && object.metadata.name === app)?.spec.template.spec.containers[0]
    .image;
  if (podman(['--version']).status !== 0) return { skipped: 'podman is not installed' };
  if (podman(['image', 'exists', image]).status !== 0) return { skipped: `no image ${image} (npm run test:compose builds it)` };
  const provider = await startProvider();
  const port = await freePort();
  const { env, origins } = renderedEnvironment(objects, app, {
    provider: `http://127.0.0.1:${provider.port}`,
    listen: `127.0.0.1:${port}`,
  });
  const name = `portal-k8s-check-${process.pid}`;
  const started = podman([
    'run',
    '-d',
    '--rm',
    '--name',
    name,
    '--network',
    'host',
    ...Object.entries(env).flatMap(([key, value]) => ['-e', `${key}=${value}`]),
    image,
  ]);
  try {
    if (started.status !== 0) throw new Error(`podman run ${image}: ${started.stderr.trim()}`);
    const base = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 20_000;
    while (
      !(await fetch(`${base}/healthz`).then(
        (answer) => answer.ok,
        () => false,
      ))
    ) {
      if (Date.now() > deadline) throw new Error(`${image} did not answer /healthz:\n${podman(['logs', '--tail', '20', name]).stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const portal = origins.PORTAL_ORIGINS.split(' ').find((origin) => origin.startsWith(`https://${app}.`));
    const ask = async (origin) => {
      const before = provider.seen.length;
      // A caller that is not the ingress controller names a made-up address: the image must not believe it.
      const answer = await fetch(`${base}${CALL}`, { headers: { Origin: origin, 'X-Forwarded-For': FORGED } });
      return { status: answer.status, body: await answer.text(), reachedProvider: provider.seen.length > before };
    };
    const passed = await ask(portal);
    const foreign = await ask('https://motorista.example.com');
    const log = podman(['logs', name]).out;
    return { image, portal, passed, foreign, seen: provider.seen, forgedBelieved: log.includes(FORGED) };
  } finally {
    podman(['rm', '-f', '-t', '0', name]);
    provider.server.close();
  }
}

/** Whether a check's answers are what the cluster must give: why not, or undefined. */
export function problemOf(result) {
  if (result.passed.status !== 200 || !result.passed.reachedProvider || JSON.parse(result.passed.body)[0]?.name !== 'FIAT')
    return `the portal's Origin ${result.portal} was not proxied: ${result.passed.status} ${result.passed.body.slice(0, 200)}`;
  if (result.foreign.status !== 403 || result.foreign.reachedProvider) return `a foreign Origin was not refused: ${result.foreign.status}`;
  if (result.forgedBelieved) return `the image believed X-Forwarded-For ${FORGED} from a caller that is not the ingress controller`;
  return undefined;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const app = process.argv[2] ?? 'host';
  const result = await checkRenderedImage({ app });
  if ('skipped' in result) {
    console.log(`k8s image check SKIPPED: ${result.skipped}`);
    process.exit(process.env.PORTAL_K8S_IMAGE_REQUIRED === '1' ? 1 : 0);
  }
  const problem = problemOf(result);
  console.log(
    `k8s image check (${result.image}, as deploy/k8s.cjs renders ${app}): Origin ${result.portal} -> ${result.passed.status}, ` +
      `https://motorista.example.com -> ${result.foreign.status}; the provider saw ${JSON.stringify(result.seen)}`,
  );
  if (problem) {
    console.error(`k8s image check FAILED: ${problem}`);
    process.exit(1);
  }
}
