// `npm run start:nginx`: the suite served the way it is deployed — Debian's nginx with the
// configuration of deploy/nginx/, one server per app, each app deployed as a release — plus
// the sandbox API. Same ports as `npm start`.
//
// `npm run start:nginx -- --replicas 2` runs every service as 2 replicas on this machine, all
// sharing one Redis (Debian's redis-server, no persistence, loopback only, PORTAL_REDIS_URL for
// every Node service): 2 nginx per app behind a balancer on the app's public port (the stand-in
// for the cloud's load balancer, deploy/nginx/balancer-proxy.conf), 2 session handoff exchanges
// and 2 telemetry receivers behind every app's nginx, and Prometheus scraping both receivers.
// Every replica of an app serves the same release folder (.deploy/apps/<app>), so a release
// reaches them all at once. A replica that stops is started again after
// PORTAL_REPLICA_RESTART_MS (1 s), as an orchestrator would; .deploy/processes.json names the
// process group of each (the end-to-end test kills them). Ports: scripts/nginx-config.mjs,
// replicaLayout. `--replicas 1` (the default) is the usual layout.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { APPS, HOST, REMOTES, repoRoot, SANDBOX_PORT } from './apps.mjs';
import {
  announce,
  answers,
  APP_ORIGINS,
  buildChanged,
  DRIVER_AUTH_URL,
  onlyArgument,
  onStop,
  SANDBOX_HEALTH,
  startSandbox,
  waitFor,
} from './suite.mjs';
import { METRICS_DIR, PROMETHEUS_READY, startPrometheus, startReceiver, TELEMETRY_HEALTH } from './telemetry-stack.mjs';
import {
  activate,
  cohortSecretOfDeployment,
  configDir,
  DEPLOY_ROOT,
  HANDOFF_LISTEN,
  localVariables,
  manifestUrl,
  publish,
  renderBalancer,
  renderNginx,
  replicaLayout,
  writeAtomic,
  writeRemoteList,
} from './nginx-config.mjs';

const NGINX = process.env.NGINX_BIN ?? '/usr/sbin/nginx';
// apps.json was validated when ./apps.mjs loaded it (a bad list stops here, before .deploy is
// touched); a cohort secret that cannot sign (under 32 characters) is refused just as early.
const require = createRequire(import.meta.url);
const { cohortSecretProblem } = require('./cohort-secret.cjs');
const { listOf, writeRecord } = require('./deployment-record.cjs');
// The PING the tests' throwaway Redis is awaited with, for the deployment's shared one, and its users.
const { answersPing } = require('../deploy/redis-server.cjs');
const { aclFileText, newPassword, redisUrl: redisUrlOf } = require('../deploy/redis-acl.cjs');
const secretProblem = process.env.PORTAL_COHORT_SECRET === undefined ? undefined : cohortSecretProblem(process.env.PORTAL_COHORT_SECRET);
if (secretProblem) {
  console.error(`start:nginx: PORTAL_COHORT_SECRET ${secretProblem}; nothing was started.`);
  process.exit(2);
}
const statementCredential = process.env.STATEMENT_BASIC_AUTH ?? 'portal:sandbox-secret';
const replicasAt = process.argv.indexOf('--replicas');
let layout;
try {
  layout = replicaLayout(replicasAt === -1 ? 1 : Number(process.argv[replicasAt + 1]));
} catch (error) {
  console.error(`start:nginx: ${error.message}; nothing was started.`);
  process.exit(2);
}

if (!process.argv.includes('--no-build')) await buildChanged(onlyArgument());

// The runtime configuration of this deployment (what PORTAL_ENV_JSON gives a container): the
// sandbox's services, but the statement service through nginx on each app's own origin.
const envFile = JSON.parse(readFileSync(join(repoRoot, 'config', 'env.json'), 'utf8'));
envFile.environments.sandbox.services.statement = '/statement/';
// Another list of apps (PORTAL_APPS_JSON, a second deployment beside the usual one): its own
// sandbox and host ports in the sandbox environment's addresses.
envFile.environments.sandbox = JSON.parse(
  JSON.stringify(envFile.environments.sandbox)
    .replaceAll('http://localhost:4000', `http://localhost:${SANDBOX_PORT}`)
    .replaceAll('http://localhost:3000', `http://localhost:${HOST.port}`),
);
const deploymentConfig = `${JSON.stringify(envFile, null, 2)}\n`;

// A fresh deploy root: each app's current build is its first release.
rmSync(DEPLOY_ROOT, { recursive: true, force: true });
const releases = {};
for (const app of APPS) {
  const id = publish(app.dir, join(repoRoot, app.dir, 'dist'));
  activate(app.dir, id);
  releases[app.dir] = id;
  writeAtomic(join(configDir(app.dir), 'env.json'), deploymentConfig);
}
// Names and prefixes from apps.json, as in the host's own list; the manifest URLs are the deployed releases.
writeRemoteList(
  REMOTES.map((remote) => ({ name: remote.name, manifest: manifestUrl(remote, releases[remote.dir]), prefixes: remote.prefixes })),
);
writeAtomic(join(DEPLOY_ROOT, 'releases.json'), `${JSON.stringify(releases, null, 2)}\n`);
// The record of what this deployment runs (decision 0028): release:remote reads it, not the
// checkout's apps.json, which a squad may extend later (new:remote) without deploying it.
writeRecord(DEPLOY_ROOT, listOf({ HOST, REMOTES, SANDBOX_PORT }));

if (layout.count > 1) {
  await startReplicas();
} else {
  await startOne();
}

/**
 * What the handoff exchange needs besides its address (decision 0024): the provider's token check
 * (a code only for a token it accepts) and the deployment's secret, which every app's nginx proves
 * its open-call limit questions with.
 */
function handoffEnv() {
  return { PORTAL_DRIVER_AUTH_URL: DRIVER_AUTH_URL, PORTAL_COHORT_SECRET: cohortSecretOfDeployment() };
}

async function startOne() {
  const children = [startSandbox({ env: { STATEMENT_BASIC_AUTH: statementCredential } })];
  // The session handoff's exchange, one service for every app's nginx (deploy/nginx/portal-handoff.conf.template).
  const handoff = spawn(process.execPath, [join(repoRoot, 'deploy', 'session-handoff.cjs')], {
    stdio: 'inherit',
    env: { ...process.env, ...handoffEnv(), PORTAL_HANDOFF_LISTEN: HANDOFF_LISTEN, PORTAL_HANDOFF_ORIGINS: [...APP_ORIGINS].join(' ') },
  });
  children.push(handoff);
  // Field telemetry: the receiver behind every app's /telemetry/, and Prometheus when installed.
  const prometheus = startPrometheus();
  // The receiver checks driver proofs with the secret every app's nginx signs them with.
  children.push(...[startReceiver({ cohortSecret: cohortSecretOfDeployment() }), prometheus].filter(Boolean));
  const exit = onStop(() => {
    children.forEach((child) => child.kill('SIGTERM'));
    // Remotes added while running (release:remote --new) run their own nginx: stop them too.
    for (const added of addedRemotes()) spawnSync(NGINX, ['-p', `${added}/`, '-c', join(added, 'nginx.conf'), '-s', 'quit']);
  });

  function addedRemotes() {
    const folder = join(DEPLOY_ROOT, 'nginx');
    if (!existsSync(folder)) return [];
    return readdirSync(folder)
      .filter((dir) => !APPS.some((app) => app.dir === dir) && existsSync(join(folder, dir, 'logs', 'nginx.pid')))
      .map((dir) => join(folder, dir));
  }
  for (const app of APPS) {
    const { prefix, conf } = renderNginx(app, localVariables(app, statementCredential));
    const nginx = spawn(NGINX, ['-p', `${prefix}/`, '-c', conf, '-e', join(prefix, 'logs', 'error.log'), '-g', 'daemon off;'], {
      stdio: 'inherit',
    });
    nginx.on('exit', (code) => {
      if (code) {
        console.error(`nginx for ${app.dir} stopped (${code}); see ${join(prefix, 'logs', 'error.log')}`);
        exit(1);
      }
    });
    children.push(nginx);
  }

  await waitFor([
    SANDBOX_HEALTH,
    TELEMETRY_HEALTH,
    `http://${HANDOFF_LISTEN}/health`,
    ...(prometheus ? [PROMETHEUS_READY] : []),
    ...APPS.map((app) => `http://localhost:${app.port}/env.json`),
  ]).catch((error) => {
    console.error(String(error));
    // Say why: the last lines of each app's nginx error log (a folder its workers cannot read shows there).
    for (const app of APPS) {
      const log = join(DEPLOY_ROOT, 'nginx', app.dir, 'logs', 'error.log');
      const lines = existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n').slice(-3) : [];
      if (lines.length > 0 && lines[0] !== '') console.error(`${app.dir}: ${log}\n  ${lines.join('\n  ')}`);
    }
    exit(1);
  });
  announce((app) => `  (nginx, release ${releases[app.dir]})`);
}

async function waitUntil(what, check, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not answering: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** --replicas N (N > 1): every service N times, behind the balancer, sharing Redis (the head of this file). */
async function startReplicas() {
  const restartMs = Number(process.env.PORTAL_REPLICA_RESTART_MS ?? 1000);
  const redisUrl = layout.redisUrl;
  // Redis's users (deploy/docker/redis-users.acl, `default` off, decision 0025): the handoff's
  // password made for this deployment, kept in .deploy (0600) beside the ACL file (its hash only).
  // What the handoff exchanges share: that store, as their own user (nothing else here uses Redis),
  // and the one proxy whose X-Portal-Client-Address they believe, every app's nginx (127.0.0.1).
  const handoffPassword = newPassword();
  const redisAcl = join(DEPLOY_ROOT, 'redis', 'users.acl');
  writeAtomic(redisAcl, aclFileText({ handoff: handoffPassword }), 0o600);
  writeAtomic(join(DEPLOY_ROOT, 'redis', 'handoff-password'), `${handoffPassword}\n`, 0o600);
  const { hostname: redisHost, port: redisAt } = new URL(redisUrl);
  const sharedEnv = {
    PORTAL_REDIS_URL: redisUrlOf({ host: redisHost, port: redisAt, user: 'handoff', password: handoffPassword }),
    PORTAL_HANDOFF_TRUSTED_PROXIES: '127.0.0.1',
  };
  /** name -> the running child (each the leader of its own process group). */
  const running = new Map();
  /** The sandbox and Prometheus: not replicas, children of this process's own group. */
  const others = [];
  /** name -> what processes.json says of it. */
  const described = {};
  let stopping = false;
  const killGroup = (child, signal) => {
    try {
      process.kill(-child.pid, signal);
    } catch {
      // Gone already.
    }
  };
  const exit = onStop(() => {
    stopping = true;
    for (const child of running.values()) killGroup(child, 'SIGTERM');
    for (const child of others) child.kill('SIGTERM');
  });
  const describe = () => writeAtomic(join(DEPLOY_ROOT, 'processes.json'), `${JSON.stringify(described, null, 2)}\n`);

  /**
   * Starts a process (`start(again)` returns the child, spawned detached) and, when `restart`, starts it
   * again `restartMs` after it stops, as an orchestrator restarts a container; without, its end
   * stops the deployment (the balancer: nothing is reachable without it).
   */
  function supervise(name, kind, listen, start, restart = true) {
    const run = (again) => {
      const child = start(again);
      running.set(name, child);
      described[name] = { kind, listen, pid: child.pid, startedAt: Date.now() };
      describe();
      child.on('exit', (code, signal) => {
        if (stopping) return;
        if (!restart) {
          console.error(`${name} stopped (${signal ?? code}): stopping the deployment`);
          exit(1);
          return;
        }
        console.error(`${name} stopped (${signal ?? code}); starting it again in ${restartMs} ms`);
        // The rest of its process group (nginx's workers, tsx's child) goes with it, as a container's would.
        killGroup(child, 'SIGKILL');
        setTimeout(() => !stopping && run(true), restartMs);
      });
    };
    run(false);
  }

  // The shared store: no persistence (codes live 30 s, limits a minute), loopback only.
  const redisDir = join(DEPLOY_ROOT, 'redis');
  mkdirSync(redisDir, { recursive: true });
  const redisPort = new URL(redisUrl).port;
  supervise('redis', 'redis', `127.0.0.1:${redisPort}`, () =>
    spawn(
      process.env.REDIS_SERVER_BIN ?? '/usr/bin/redis-server',
      [
        '--port',
        redisPort,
        '--bind',
        '127.0.0.1',
        '--protected-mode',
        'yes',
        '--save',
        '',
        '--appendonly',
        'no',
        '--dir',
        redisDir,
        '--loglevel',
        'warning',
        '--aclfile',
        redisAcl,
      ],
      { detached: true, stdio: ['ignore', 'ignore', 'inherit'] },
    ),
  );
  await waitUntil(redisUrl, () => answersPing(Number(redisPort)));

  const sandbox = startSandbox({ env: { STATEMENT_BASIC_AUTH: statementCredential } });
  sandbox.on('exit', (code) => !stopping && (console.error(`sandbox-api stopped (${code})`), exit(1)));
  others.push(sandbox);

  for (const { name, listen } of layout.handoff) {
    supervise(name, 'handoff', listen, () =>
      spawn(process.execPath, [join(repoRoot, 'deploy', 'session-handoff.cjs')], {
        detached: true,
        stdio: 'inherit',
        env: {
          ...process.env,
          ...sharedEnv,
          ...handoffEnv(),
          PORTAL_HANDOFF_LISTEN: listen,
          PORTAL_HANDOFF_ORIGINS: [...APP_ORIGINS].join(' '),
        },
      }),
    );
  }
  for (const { name, listen } of layout.telemetry) {
    supervise(name, 'telemetry', listen, (again) =>
      startReceiver({
        listen,
        log: join(METRICS_DIR, `receiver-${name}.log`),
        append: again,
        detached: true,
        cohortSecret: cohortSecretOfDeployment(),
      }),
    );
  }
  const prometheus = startPrometheus({ listen: layout.prometheus, targets: layout.telemetry.map(({ listen }) => listen) });
  if (prometheus) others.push(prometheus);

  for (const { app, instances } of layout.apps) {
    for (const instance of instances) {
      const replica = { instance, layout };
      const { prefix, conf } = renderNginx(app, localVariables(app, statementCredential, replica), replica);
      supervise(instance.name, 'nginx', instance.listen, () =>
        spawn(NGINX, ['-p', `${prefix}/`, '-c', conf, '-e', join(prefix, 'logs', 'error.log'), '-g', 'daemon off;'], {
          detached: true,
          stdio: 'inherit',
        }),
      );
    }
  }
  const balancer = renderBalancer(layout);
  supervise(
    'balancer',
    'balancer',
    APPS.map((app) => `127.0.0.1:${app.port}`).join(' '),
    () =>
      spawn(
        NGINX,
        ['-p', `${balancer.prefix}/`, '-c', balancer.conf, '-e', join(balancer.prefix, 'logs', 'error.log'), '-g', 'daemon off;'],
        {
          detached: true,
          stdio: 'inherit',
        },
      ),
    false,
  );

  // The handoff's health: /healthz (what probes read), or /health of the exchange before it.
  const handoffAnswers = (listen) => async () => (await answers(`http://${listen}/healthz`)) || answers(`http://${listen}/health`);
  try {
    await waitFor([
      SANDBOX_HEALTH,
      ...layout.telemetry.map(({ listen }) => `http://${listen}/healthz`),
      ...(prometheus ? [PROMETHEUS_READY] : []),
    ]);
    for (const { listen } of layout.handoff) await waitUntil(listen, handoffAnswers(listen));
    await waitFor([
      ...layout.apps.flatMap(({ instances }) => instances.map(({ listen }) => `http://${listen}/healthz`)),
      ...APPS.map((app) => `http://localhost:${app.port}/env.json`),
    ]);
  } catch (error) {
    console.error(String(error));
    exit(1);
  }
  announce((app) => `  (nginx ×${layout.count} behind a balancer, release ${releases[app.dir]})`);
  console.log(`Replicas: ${Object.keys(described).join(', ')}; Redis ${redisUrl}; processes: ${join(DEPLOY_ROOT, 'processes.json')}\n`);
}
