// `npm run compose -- <compose arguments>` (e.g. `npm run compose -- up --build -d`): renders the
// remotes' services and the edge's ports from apps.json into docker-compose.apps.yml
// (deploy/compose.cjs) and runs the first Compose this machine has, as project driver-portal:
//   docker compose (Docker's engine answering), else podman-compose (Debian's podman; with
//   deploy/docker/containers.conf unless CONTAINERS_CONF says otherwise), else docker-compose 1.x.
// PORTAL_COMPOSE_ENGINE=docker|podman-compose|docker-compose chooses; PORTAL_COMPOSE_PORT_OFFSET
// moves every public port (the smoke: 10000). `npm run compose -- --render` only writes the file.
// On podman, the project's networks are made first, each isolated from the others (podman's
// bridges route to one another unless made so; Docker's do not) and with its fixed subnet if it has
// one (docker-compose.yml's handoff and beacons, whose services believe a forwarded address from
// that subnet only): podman-compose 1.0.3 would make them with any subnet and no isolation.
import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoRoot } from './apps.mjs';

const require = createRequire(import.meta.url);
const { APPS_FILE, BASE_FILE, appsComposeText, projectNetworks, portOffsetFromEnv } = require('../deploy/compose.cjs');

export const PROJECT = 'driver-portal';
export const CONTAINERS_CONF = join(repoRoot, 'deploy', 'docker', 'containers.conf');
/** Debian's packages podman-compose runs with: the hint below and what the smoke installs (scripts/compose-smoke.mjs). */
export const PODMAN_PACKAGES = [
  'podman',
  'podman-compose',
  'runc',
  'netavark',
  'aardvark-dns',
  'conmon',
  'catatonit',
  'slirp4netns',
  'uidmap',
  'iptables',
];

const answers = (/** @type {string} */ command, /** @type {string[]} */ args) =>
  spawnSync(command, args, { stdio: 'ignore', timeout: 20_000 }).status === 0;

/**
 * The Compose to run: [command, leading arguments, environment], or undefined with none here.
 * `docker compose` only when Docker's engine answers (`docker info`): the client alone is on
 * machines with no engine, where it fails at the first container.
 */
function composeEngine(env = process.env) {
  const chosen = env.PORTAL_COMPOSE_ENGINE;
  const files = ['-p', PROJECT, '-f', BASE_FILE, '-f', APPS_FILE];
  const podmanEnv = { ...env, CONTAINERS_CONF: env.CONTAINERS_CONF ?? CONTAINERS_CONF };
  if ((!chosen || chosen === 'docker') && answers('docker', ['info']) && answers('docker', ['compose', 'version']))
    return { command: 'docker', args: ['compose', ...files], env, name: 'docker compose' };
  if ((!chosen || chosen === 'podman-compose') && answers('podman-compose', ['version']))
    return { command: 'podman-compose', args: files, env: podmanEnv, name: 'podman-compose' };
  if ((!chosen || chosen === 'docker-compose') && answers('docker-compose', ['version']))
    return { command: 'docker-compose', args: files, env, name: 'docker-compose' };
  return undefined;
}

/**
 * Makes each network of docker-compose.yml as podman-compose names it (`<project>_<name>`, its
 * project labels), isolated from the others (`--opt isolate=true`), internal if it says so, with its
 * subnet if it has one, unless one of that name is so already; one made otherwise is removed first
 * (podman refuses while a container uses it: then this says so and stops). Returns a problem, or
 * undefined.
 * @param {NodeJS.ProcessEnv} env
 */
export function makeProjectNetworks(env) {
  for (const { name, subnet, internal } of projectNetworks(PROJECT)) {
    const format = '{{.Options.isolate}} {{.Internal}} {{range .Subnets}}{{.Subnet}} {{end}}';
    const inspect = spawnSync('podman', ['network', 'inspect', name, '--format', format], { env, encoding: 'utf8' });
    const [isolate, isInternal, ...subnets] = inspect.stdout.trim().split(/\s+/);
    const right = isolate === 'true' && isInternal === String(internal) && (!subnet || subnets.includes(subnet));
    if (inspect.status === 0 && right) continue;
    if (inspect.status === 0 && spawnSync('podman', ['network', 'rm', name], { env, encoding: 'utf8' }).status !== 0)
      return `network ${name} is not made as docker-compose.yml says (isolated, ${subnet ?? 'any subnet'}) and is in use: run \`npm run compose -- down\` first`;
    const labels = [`io.podman.compose.project=${PROJECT}`, `com.docker.compose.project=${PROJECT}`].flatMap((label) => ['--label', label]);
    const options = ['--opt', 'isolate=true', ...(internal ? ['--internal'] : []), ...(subnet ? ['--subnet', subnet] : [])];
    const made = spawnSync('podman', ['network', 'create', ...labels, ...options, name], { env, encoding: 'utf8' });
    if (made.status !== 0) return `podman network create ${name} ${options.join(' ')}: ${made.stderr.trim()}`;
  }
  return undefined;
}

function render(env = process.env) {
  writeFileSync(APPS_FILE, appsComposeText({ portOffset: portOffsetFromEnv(env) }));
}

function main() {
  render();
  const args = process.argv.slice(2);
  if (args.length === 0 || args[0] === '--render') {
    console.log(
      `wrote ${relative(repoRoot, APPS_FILE)}: compose -p ${PROJECT} -f ${relative(repoRoot, BASE_FILE)} -f ${relative(repoRoot, APPS_FILE)} ...`,
    );
    return;
  }
  const engine = composeEngine();
  if (!engine) {
    console.error(
      [
        'npm run compose: no Compose here (tried `docker compose` with `docker info`, `podman-compose version`, `docker-compose version`).',
        `On Debian: apt-get install -y --no-install-recommends ${PODMAN_PACKAGES.join(' ')}`,
      ].join('\n'),
    );
    process.exit(127);
  }
  if (engine.name === 'podman-compose' && !existsSync(engine.env.CONTAINERS_CONF ?? ''))
    console.error(`CONTAINERS_CONF ${engine.env.CONTAINERS_CONF} is missing`);
  if (engine.name === 'podman-compose' && ['up', 'run', 'create', 'start', 'restart'].includes(args[0] ?? '')) {
    const problem = makeProjectNetworks(engine.env);
    if (problem) {
      console.error(`npm run compose: ${problem}`);
      process.exit(1);
    }
  }
  const run = spawnSync(engine.command, [...engine.args, ...args], { stdio: 'inherit', cwd: repoRoot, env: engine.env });
  process.exit(run.status ?? 1);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) main();
