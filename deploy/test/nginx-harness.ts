import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import { LOAD_MODULES, renderPrefix } from '../nginx/render.cjs';
import { freePort } from '../redis-server.cjs';
import { rawRequest } from './odd-paths';

/*
 * Debian's nginx (/usr/sbin/nginx) run by a test on a free loopback port: with the deployment's
 * configuration as the containers render it (render.cjs), or with a configuration a test writes.
 * Requests to it: rawRequest of odd-paths.ts.
 */

/** The host's origin the deployment's CORS rules name (its Node counterparts are given the same). */
export const HOST_ORIGIN = 'http://localhost:3000';
/** The canary cohorts' secret of the rendered configuration. */
export const COHORT_SECRET = 'a-secret-of-this-test-only-0123456789abcdef';

// A port no one listens on now: the throwaway Redis's helper, one copy for every test server.
export { freePort };

export interface RunningNginx {
  port: number;
  /** Ends nginx; resolves once it has exited. */
  stop: () => Promise<void>;
}

/**
 * nginx run from `prefix` with the main file `conf`, its error log prefix/logs/error.log; resolves
 * once 127.0.0.1:`port` answers `probePath` (any status). `directives`: given with -g (e.g.
 * `daemon off;`, when `conf` does not say it).
 */
export async function runNginx(options: {
  prefix: string;
  conf: string;
  port: number;
  probePath?: string;
  directives?: string;
}): Promise<RunningNginx> {
  const { prefix, conf, port, probePath = '/', directives } = options;
  const errorLog = join(prefix, 'logs', 'error.log');
  const child = spawn('/usr/sbin/nginx', ['-p', `${prefix}/`, '-c', conf, '-e', errorLog, ...(directives ? ['-g', directives] : [])], {
    stdio: 'ignore',
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill();
    await exited;
  };
  for (let tries = 0; tries < 100; tries += 1) {
    const up = await rawRequest('127.0.0.1', port, probePath).then(
      () => true,
      () => false,
    );
    if (up) return { port, stop };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await stop();
  throw new Error(`nginx did not start: ${readFileSync(errorLog, 'utf8')}`);
}

/**
 * nginx run in `dir` with a main file of one worker and an `http {}` of `http` (the test's servers
 * and what they include), temporary files and logs in `dir`; resolves once 127.0.0.1:`port` answers.
 * `connections`: its worker_connections (a flood wants more than the 64 a few requests need).
 */
export async function runNginxHttp(dir: string, http: string, port: number, { connections = 64 } = {}): Promise<RunningNginx> {
  mkdirSync(join(dir, 'logs'), { recursive: true });
  const root = process.getuid?.() === 0 ? 'user root;\n' : '';
  const temporary = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `    ${kind}_temp_path ${dir}/${kind};`).join('\n');
  writeFileSync(
    join(dir, 'nginx.conf'),
    `${root}worker_processes 1;\npid ${dir}/nginx.pid;\nevents { worker_connections ${connections}; }\nhttp {\n    access_log off;\n${temporary}\n${http}\n}\n`,
  );
  return runNginx({ prefix: dir, conf: join(dir, 'nginx.conf'), port, directives: 'daemon off;' });
}

/**
 * nginx in `dir` with the deployment's public /session-handoff/ location (portal-handoff.conf.template)
 * in front of `upstream` (an http:// URL), every other path 404; on 127.0.0.1:`port`.
 */
export function runHandoffNginx(dir: string, upstream: string, port: number, { connections = 64 } = {}): Promise<RunningNginx> {
  const location = readFileSync(join(__dirname, '..', 'nginx', 'portal-handoff.conf.template'), 'utf8').replace(
    '${PORTAL_HANDOFF_UPSTREAM}',
    upstream,
  );
  return runNginxHttp(dir, `  server {\n    listen 127.0.0.1:${port};\n    location / { return 404; }\n    ${location}\n  }`, port, {
    connections,
  });
}

/**
 * The client address nginx believes for a request from the loopback address `from` naming
 * `forwarded` in X-Forwarded-For: the body of a server whose location answers `$remote_addr`.
 */
export function believedClient(port: number, from: string, forwarded: string): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const sent = request(
      { host: '127.0.0.1', port, path: '/', localAddress: from, agent: false, headers: { 'X-Forwarded-For': forwarded } },
      (answer) => {
        let body = '';
        answer.setEncoding('utf8');
        answer.on('data', (chunk: string) => (body += chunk));
        answer.on('end', () => resolve(body));
      },
    );
    sent.on('error', reject);
    sent.end();
  });
}

/**
 * A remote's or the host's nginx with the deployment's configuration (render.cjs) under `prefix`,
 * serving `appRoot` (current/, releases/, config/), every service behind `upstream`.
 */
export async function startDeploymentNginx(options: {
  prefix: string;
  role: 'host' | 'remote';
  appRoot: string;
  upstream: string;
  probePath: string;
}): Promise<RunningNginx> {
  const { prefix, role, appRoot, upstream, probePath } = options;
  const port = await freePort();
  const vars: Record<string, string> = {
    PORTAL_LISTEN: `127.0.0.1:${port}`,
    PORTAL_APP_ROOT: appRoot,
    PORTAL_CONFIG_DIR: join(appRoot, 'config'),
    PORTAL_REMOTE_ORIGINS: '',
    PORTAL_SERVICE_ORIGINS: upstream,
    PORTAL_IMG_ORIGINS: upstream,
    PORTAL_FRAME_ANCESTORS: "'none'",
    PORTAL_X_FRAME_OPTIONS: 'DENY',
    PORTAL_CAMERA_ALLOWLIST: '',
    PORTAL_LOCAL_OVERRIDE_SOURCES: '',
    PORTAL_HOST_ORIGINS_REGEX: HOST_ORIGIN.replace(/\./g, '\\.'),
    PORTAL_APP_ORIGINS_REGEX: `http://localhost:${port}`,
    PORTAL_STATEMENT_UPSTREAM: `${upstream}/statement/`,
    PORTAL_STATEMENT_AUTH_URL: `${upstream}/core/notificacoes/lista`,
    PORTAL_STATEMENT_AUTHORIZATION: 'Basic dGVzdDp0ZXN0',
    PORTAL_REGISTER_UPSTREAM: `${upstream}/register/`,
    PORTAL_INSURANCE_UPSTREAM: `${upstream}/insurance/`,
    PORTAL_CARD_UPSTREAM: `${upstream}/card/`,
    PORTAL_DRIVER_AUTH_URL: `${upstream}/auth/driver`,
    PORTAL_RATE_LIMIT_KEY: '$binary_remote_addr',
    PORTAL_ACCESS_LOG: join(prefix, 'logs', 'access.log'),
    PORTAL_TELEMETRY_UPSTREAM: upstream,
    PORTAL_COHORT_SECRET: COHORT_SECRET,
    PORTAL_HANDOFF_UPSTREAM: upstream,
  };
  // Started by root (CI), nginx would hand its workers to `nobody`, who cannot read a 0700 temp folder.
  const user = process.getuid?.() === 0 ? `user ${userInfo().username};` : '';
  const conf = renderPrefix(
    prefix,
    role,
    vars,
    `${LOAD_MODULES} ${user} worker_processes 1; pid logs/nginx.pid; error_log logs/error.log warn; events { worker_connections 256; }
     http { include /etc/nginx/mime.types; default_type application/octet-stream; access_log off; client_body_temp_path temp;
     proxy_temp_path temp; fastcgi_temp_path temp; uwsgi_temp_path temp; scgi_temp_path temp; include conf.d/*.conf; }`,
  );
  return runNginx({ prefix, conf, port, probePath, directives: 'daemon off;' });
}
