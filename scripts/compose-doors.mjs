// The doors of the Compose deployment (decision 0025; issue 45, 4), tried by the compose smoke
// (scripts/compose-smoke.mjs) once the deployment is up and healthy: each door is what one
// container could do to another, with what it must see. Before, Redis answered every container
// with no password (FLUSHALL, CLIENT PAUSE), any container reached the handoff's limit endpoint,
// and any container's made-up X-Real-IP or X-Forwarded-For was believed.
//   Redis: no login, a wrong password, and the handoff's own user asking FLUSHALL, CLIENT PAUSE,
//     CONFIG: refused (redis-cli in the redis container, the one place beside the handoff that
//     reaches it).
//   Who reaches whom: from the network namespace of the edge, of Prometheus, of a receiver and of
//     the sandbox (a throwaway container joined to it: `--network container:<name>`), a TCP
//     connection to Redis, to the handoff exchange (its limit endpoint's port) and to the receivers
//     (what each must not reach), and to what each must reach (the edge to the apps, Prometheus to
//     the receivers).
//   The handoff's limit endpoint asked without the nginx's proof (decision 0024) by the sandbox
//     (which shares the provider network with the handoff: it plays the provider the handoff asks)
//     and by an app's container (on the handoff network): 403 both.
//   Forwarded addresses: a request from a receiver's container straight to an app (the one
//     container beside the edge that reaches an app) naming a made-up X-Forwarded-For: the app
//     logs the receiver's own address; through the edge, a made-up X-Forwarded-For from this
//     machine is replaced (the app logs neither it nor the edge's own address).
// Returns the doors tried ([what, expected, seen]); the caller fails on any that differ.
import { spawnSync } from 'node:child_process';

/** @param {string[]} args @param {NodeJS.ProcessEnv} env */
const podman = (args, env) => {
  const result = spawnSync('podman', args, { encoding: 'utf8', env, timeout: 60_000 });
  return { status: result.status ?? 1, out: `${result.stdout ?? ''}${result.stderr ?? ''}`.trim() };
};

/**
 * @param {{ project: string, offset: number, hostPort: number, env: NodeJS.ProcessEnv, redisPassword: string,
 *   images: { redis: string, node: string } }} options
 */
export async function tryDoors({ project, offset, hostPort, env, redisPassword, images }) {
  const names = podman(['ps', '--filter', `label=io.podman.compose.project=${project}`, '--format', '{{.Names}}'], env)
    .out.split('\n')
    .filter(Boolean);
  const of = (/** @type {string} */ service) => {
    const name = names.find((candidate) => candidate === `${project}_${service}_1`);
    if (!name) throw new Error(`no container ${project}_${service}_1 (running: ${names.join(', ')})`);
    return name;
  };
  /** The container's address on each of its networks (`<project>_<network>` -> address). */
  const addresses = (/** @type {string} */ name) =>
    Object.fromEntries(
      Object.entries(
        /** @type {Record<string, { IPAddress: string }>} */ (
          JSON.parse(podman(['inspect', name, '--format', '{{json .NetworkSettings.Networks}}'], env).out)
        ),
      ).map(([network, settings]) => [network.replace(`${project}_`, ''), settings.IPAddress]),
    );
  /** @type {Array<[string, string, string]>} */
  const doors = [];
  const door = (/** @type {string} */ what, /** @type {string} */ expected, /** @type {string} */ seen) =>
    doors.push([what, expected, seen]);

  // Redis's users.
  const redis = of('redis');
  const cli = (/** @type {string[]} */ args, /** @type {string | undefined} */ auth) =>
    podman(['exec', ...(auth ? ['-e', `REDISCLI_AUTH=${auth}`] : []), redis, 'redis-cli', '--no-auth-warning', ...args], env).out;
  // The first refusal redis-cli met (a failed AUTH, then the command's own NOAUTH), else the answer.
  const kind = (/** @type {string} */ answer) =>
    ['WRONGPASS', 'NOPERM', 'NOAUTH', 'PONG'].find((word) => answer.includes(word)) ?? answer.slice(0, 80);
  door('redis: PING with no login', 'NOAUTH', kind(cli(['ping'])));
  door('redis: FLUSHALL with no login', 'NOAUTH', kind(cli(['flushall'])));
  door('redis: the handoff user with a wrong password', 'WRONGPASS', kind(cli(['--user', 'handoff', 'ping'], `${redisPassword}x`)));
  door('redis: the handoff user, PING', 'PONG', kind(cli(['--user', 'handoff', 'ping'], redisPassword)));
  for (const command of [['flushall'], ['client', 'pause', '6000'], ['config', 'get', 'requirepass']])
    door(
      `redis: the handoff user, ${command.join(' ').toUpperCase()}`,
      'NOPERM',
      kind(cli(['--user', 'handoff', ...command], redisPassword)),
    );

  // Who reaches whom, from each container's own network namespace.
  const at = {
    redis: addresses(redis).store,
    handoff: addresses(of('session-handoff')).handoff,
    telemetry: addresses(of('telemetry')).beacons,
    telemetryMetrics: addresses(of('telemetry')).metrics,
    host: addresses(of('host')).public,
    hostBeacons: addresses(of('host')).beacons,
  };
  const reaches = (/** @type {string} */ from, /** @type {string | undefined} */ address, /** @type {number} */ port) => {
    if (!address) return 'no address';
    const probe = podman(
      [
        'run',
        '--rm',
        '--network',
        `container:${from}`,
        '--entrypoint',
        'bash',
        images.redis,
        '-c',
        `timeout 3 bash -c 'exec 3<>/dev/tcp/${address}/${port}'`,
      ],
      env,
    );
    return probe.status === 0 ? 'connects' : 'refused or unreachable';
  };
  const no = 'refused or unreachable';
  const edge = of('edge');
  const prometheus = of('prometheus');
  const telemetry = of('telemetry');
  const sandbox = of('sandbox-api');
  door('edge -> an app :80', 'connects', reaches(edge, at.host, 80));
  door('edge -> redis :6379', no, reaches(edge, at.redis, 6379));
  door('edge -> the handoff (its limit endpoint) :4011', no, reaches(edge, at.handoff, 4011));
  door('edge -> a receiver :4010', no, reaches(edge, at.telemetry, 4010));
  door('prometheus -> a receiver :4010', 'connects', reaches(prometheus, at.telemetryMetrics, 4010));
  door('prometheus -> redis :6379', no, reaches(prometheus, at.redis, 6379));
  door('prometheus -> the handoff :4011', no, reaches(prometheus, at.handoff, 4011));
  door('prometheus -> an app :80', no, reaches(prometheus, at.host, 80));
  door('a receiver -> redis :6379', no, reaches(telemetry, at.redis, 6379));
  door('a receiver -> the handoff :4011', no, reaches(telemetry, at.handoff, 4011));
  door('the sandbox -> redis :6379', no, reaches(sandbox, at.redis, 6379));
  door('the sandbox -> an app :80', no, reaches(sandbox, at.host, 80));

  // The handoff's limit endpoint: the sandbox shares a network with the handoff (it plays the
  // provider whose token check the handoff asks) and an app's container is on the handoff's own
  // network: without the nginx's proof (decision 0024) both are refused.
  const handoffOnProvider = addresses(of('session-handoff')).provider;
  const limitAsked = (/** @type {string} */ from, /** @type {string | undefined} */ address) =>
    podman(
      [
        'run',
        '--rm',
        '--network',
        `container:${from}`,
        '--entrypoint',
        'node',
        images.node,
        '-e',
        `fetch('http://${address}:4011/__portal_limits/open-call?client=7f000001').then((r) => console.log(r.status), (e) => console.log(String(e)))`,
      ],
      env,
    )
      .out.split('\n')
      .pop() ?? '';
  door("the sandbox -> the handoff's limit endpoint, no proof", '403', limitAsked(sandbox, handoffOnProvider));
  door("an app's container -> the handoff's limit endpoint, no proof", '403', limitAsked(of('host'), at.handoff));

  // Forwarded addresses: believed from the edge only.
  const host = of('host');
  const forged = '203.0.113.77';
  const asked = podman(
    [
      'run',
      '--rm',
      '--network',
      `container:${telemetry}`,
      '--entrypoint',
      'node',
      images.node,
      '-e',
      `fetch('http://${at.hostBeacons}/env.json?door=forwarded', { headers: { 'X-Forwarded-For': '${forged}', 'X-Real-IP': '${forged}' } }).then((r) => console.log(r.status), (e) => console.log(String(e)))`,
    ],
    env,
  );
  door('a receiver -> an app with a made-up X-Forwarded-For: answered', '200', asked.out.split('\n').pop() ?? '');
  const hostLog = () => podman(['logs', host], env).out;
  door(`... the app logs the made-up ${forged}`, 'no', hostLog().includes(forged) ? 'yes' : 'no');
  const receiverAddress = addresses(telemetry).beacons ?? 'none';
  door(`... the app logs the receiver's own address`, 'yes', hostLog().includes(receiverAddress) ? 'yes' : 'no');
  const throughEdge = '198.51.100.23';
  for (let tries = 0; tries < 4; tries += 1)
    await fetch(`http://127.0.0.1:${hostPort + offset}/env.json?door=edge`, { headers: { 'X-Forwarded-For': throughEdge } }).catch(
      () => undefined,
    );
  const logs = [host, `${project}_host_2`].map((name) => podman(['logs', name], env).out).join('\n');
  const edgeLines = logs.split('\n').filter((line) => line.includes('door=edge') || line.includes('/env.json'));
  door(`through the edge, a made-up X-Forwarded-For ${throughEdge}: the apps log it`, 'no', logs.includes(throughEdge) ? 'yes' : 'no');
  const edgeAddress = addresses(edge).public ?? 'none';
  // The access log names the client between the upstream fields and the request (deploy/nginx/portal-log.conf).
  door('through the edge: the apps logged those requests', 'yes', edgeLines.length > 0 ? 'yes' : 'no');
  door(
    "through the edge: the apps log the edge's own address as the client",
    'no',
    edgeLines.some((line) => line.includes(` ${edgeAddress} "`)) ? 'yes' : 'no',
  );
  return doors;
}
