// `npm run start:nginx`: the suite served the way it is deployed — Debian's nginx with the
// configuration of deploy/nginx/, one server per app, each app deployed as a release — plus
// the sandbox API. Same ports as `npm start`.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { APPS, REMOTES, repoRoot } from './apps.mjs';
import { announce, APP_ORIGINS, buildChanged, onlyArgument, onStop, SANDBOX_HEALTH, startSandbox, waitFor } from './suite.mjs';
import { PROMETHEUS_READY, startPrometheus, startReceiver, TELEMETRY_HEALTH } from './telemetry-stack.mjs';
import {
  activate,
  configDir,
  DEPLOY_ROOT,
  HANDOFF_LISTEN,
  localVariables,
  manifestUrl,
  publish,
  renderNginx,
  writeAtomic,
  writeRemoteList,
} from './nginx-config.mjs';

const NGINX = process.env.NGINX_BIN ?? '/usr/sbin/nginx';
// apps.json was validated when ./apps.mjs loaded it (a bad list stops here, before .deploy is
// touched); a cohort secret that cannot sign (under 32 characters) is refused just as early.
const { cohortSecretProblem } = createRequire(import.meta.url)('./cohort-secret.cjs');
const secretProblem = process.env.PORTAL_COHORT_SECRET === undefined ? undefined : cohortSecretProblem(process.env.PORTAL_COHORT_SECRET);
if (secretProblem) {
  console.error(`start:nginx: PORTAL_COHORT_SECRET ${secretProblem}; nothing was started.`);
  process.exit(2);
}
const statementCredential = process.env.STATEMENT_BASIC_AUTH ?? 'portal:sandbox-secret';

if (!process.argv.includes('--no-build')) await buildChanged(onlyArgument());

// The runtime configuration of this deployment (what PORTAL_ENV_JSON gives a container): the
// sandbox's services, but the statement service through nginx on each app's own origin.
const envFile = JSON.parse(readFileSync(join(repoRoot, 'config', 'env.json'), 'utf8'));
envFile.environments.sandbox.services.statement = '/statement/';
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

const children = [startSandbox({ env: { STATEMENT_BASIC_AUTH: statementCredential } })];
// The session handoff's exchange, one service for every app's nginx (deploy/nginx/portal-handoff.conf.template).
const handoff = spawn(process.execPath, [join(repoRoot, 'deploy', 'session-handoff.cjs')], {
  stdio: 'inherit',
  env: { ...process.env, PORTAL_HANDOFF_LISTEN: HANDOFF_LISTEN, PORTAL_HANDOFF_ORIGINS: [...APP_ORIGINS].join(' ') },
});
children.push(handoff);
// Field telemetry: the receiver behind every app's /telemetry/, and Prometheus when installed.
const prometheus = startPrometheus();
children.push(...[startReceiver(), prometheus].filter(Boolean));
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
