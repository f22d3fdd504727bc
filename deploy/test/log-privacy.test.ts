import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { driverToken, ONBOARDING_DRIVER } from '../../sandbox-api/src/constants';
import { createSandboxServer } from '../../sandbox-api/src/server';
import { driverApiProxy } from '../../scripts/driver-api-proxy.mjs';
import { pageCohort } from '../../scripts/page-cohort.mjs';
import { serveStatic } from '../../scripts/static-server.mjs';
import { scrubMessage } from '../../telemetry/src/beacon';
import { logPath } from '../log-path.cjs';
import { sessionHandoff } from '../session-handoff.cjs';
import { freePort, HOST_ORIGIN, runNginx, startDeploymentNginx, type RunningNginx } from './nginx-harness';
import { CORPUS_DRIVERS, oddPaths, rawRequest, type RawAnswer } from './odd-paths';

/*
 * SERVER behaviour, every shape of the deployment (issue 45, item 2; decision 0023): no token of
 * any kind in any log. One journey of a driver (the native app's entry with its token, a policy
 * document's address in several spellings, a driver-data call with the token in Authorization, a
 * session handoff minted and redeemed, error answers: refused tokens, odd paths, services down)
 * runs through each shape, then every log of that shape is read: nginx of an app (the
 * deployment's configuration, render.cjs), the balancer of `start:nginx --replicas N`
 * (scripts/nginx-config.mjs's renderBalancer), the Compose edge (deploy/docker/edge-entrypoint.sh)
 * and `npm start`'s Node servers (what they write on stdout and stderr, the sandbox's request
 * lines). The Compose deployment itself is read by scripts/compose-smoke.mjs (`podman logs`).
 */

const repo = join(__dirname, '..', '..');
const ID = ONBOARDING_DRIVER.id;
/** A token the sandbox's provider accepts for the driver: the journey is a real one. */
const TOKEN = driverToken(ID);
const unique = `${process.pid}${Date.now().toString(36)}`;
/** The token of a policy document's address (`/policies/<token>`). */
const POLICY = `policytoken${unique}`;
/** A token the provider refuses (the error answers). */
const FORGED = `forgedtoken${unique}`;

/** What no log line may hold, beside the values each shape's journey saw (codes, cookies). */
const SECRETS = [TOKEN, POLICY, FORGED];
/** What would show a secret's place even where its value is new: a query's token, a bearer. */
const SECRET_SHAPES = /token=|%74oken|bearer|portal_handoff_|portal_cohort=/i;

interface Journey {
  /** Values the journey was given by the servers (the handoff's code and binding, the cohort cookie): no log holds them either. */
  seen: string[];
}

const setCookies = (answer: RawAnswer) =>
  answer.headers.filter(([name]) => name.toLowerCase() === 'set-cookie').map(([, value]) => value.split(';')[0] ?? '');

/**
 * The driver's journey on one origin (127.0.0.1:`port`), every request on its own socket. `page`:
 * the portal page's origin the calls name (Origin); `to`: another portal origin for the handoff.
 * `up`: whether the services behind answer (the answers are checked, so the journey is the real
 * one); when down, every call is an error answer and that is what is asked.
 */
async function journey(port: number, page: string, to: string, up: boolean): Promise<Journey> {
  const seen: string[] = [];
  const ask = (target: string, headers: Record<string, string> = {}, method = 'GET', body = '') =>
    rawRequest('127.0.0.1', port, target, body ? { ...headers, 'Content-Length': String(Buffer.byteLength(body)) } : headers, method, body);
  const json = { 'Content-Type': 'application/json', 'Sec-Fetch-Site': 'same-origin' };

  // The native app's entry, and its token in other spellings and places.
  const entry = await ask(`/App?token=${TOKEN}&driverId=${ID}`, { 'Sec-Fetch-Mode': 'navigate', 'Sec-Fetch-Site': 'none' });
  expect(entry.status).toBe(200);
  const cohort = setCookies(entry).find((cookie) => cookie.startsWith('portal_cohort='));
  if (up) expect(cohort).toMatch(/^portal_cohort=c\d\d\./);
  if (cohort) seen.push(cohort.slice('portal_cohort='.length));
  expect((await ask(`/my-account/init/${ID}?driverId=${ID}&%74oKeN=${TOKEN}`)).status).toBe(200);
  expect((await ask(`/App?token=${TOKEN}`, { 'Sec-Fetch-Mode': 'navigate', 'Sec-Fetch-Site': 'same-origin' })).status).toBe(303);
  expect((await ask(`/App#token=${TOKEN}`)).status).toBe(200);
  // A policy document's address, however spelled; the path rule's 400s are logged too.
  for (const target of [`/policies/${POLICY}`, `//POLICIES//${POLICY}`, `/%70olicies/${POLICY}`, `/policies/${POLICY}?token=${TOKEN}`])
    expect((await ask(target)).status).toBe(200);
  for (const target of [`/policies;/${POLICY}`, `/./policies/${POLICY}`, `/x/..%2fpolicies/${POLICY}`])
    expect((await ask(target)).status).toBe(400);

  // The driver's data, the token in Authorization, as a portal page calls (no Referer: every
  // answer says Referrer-Policy: no-referrer).
  const data = await ask(`/driver-api/register/api/1.0/driver/${ID}`, {
    Authorization: `Bearer ${TOKEN}`,
    Origin: page,
    Cookie: cohort ?? '',
  });
  expectAnswer(data.status, up, 200);
  // A refused token.
  expectAnswer(
    (await ask(`/driver-api/register/api/1.0/driver/${ID}`, { Authorization: `Bearer ${FORGED}`, Origin: page })).status,
    up,
    401,
  );
  // The statement's proxy asks the core service first (nginx: 401 for this driver, 500 when down; Node: a page route).
  expect((await ask('/statement/extrato', { Authorization: `Bearer ${TOKEN}`, Origin: page })).status).toBeGreaterThanOrEqual(200);
  // A page route and a missing file asked with the token in the address and a Referer holding it.
  expect((await ask(`/missing.${unique}.js?token=${TOKEN}`, { Referer: `${page}/App?token=${TOKEN}` })).status).toBe(404);
  expect((await ask(`/notifications/list?token=${TOKEN}`, { Referer: `${page}/policies/${POLICY}` })).status).toBe(200);
  expect((await ask(`/App?token=${FORGED}&driverId=${ID}`, { 'Sec-Fetch-Mode': 'navigate', 'Sec-Fetch-Site': 'none' })).status).toBe(200);

  // A session handoff: the token in the mint's body, the code in the redeem's, the binding in a cookie.
  const minted = await ask('/session-handoff/mint', { ...json, Origin: page }, 'POST', JSON.stringify({ to, token: TOKEN, driverId: ID }));
  // Down: behind nginx the exchange is gone (502); `npm start`'s exchange lives in its process and
  // cannot ask the provider's token check (503), or mints without asking (201) where it does not.
  if (up) expect(minted.status).toBe(201);
  else expect([201, 500, 502, 503]).toContain(minted.status);
  if (minted.status === 201) seen.push((JSON.parse(minted.body) as { code: string }).code);
  if (up) {
    const { code } = JSON.parse(minted.body) as { code: string };
    const binding = setCookies(minted)[0] ?? '';
    seen.push(code, binding.slice(binding.indexOf('=') + 1));
    const redeemed = await ask('/session-handoff/redeem', { ...json, Origin: to, Cookie: binding }, 'POST', JSON.stringify({ code }));
    expect(redeemed.status).toBe(200);
    expect(JSON.parse(redeemed.body)).toMatchObject({ token: TOKEN });
    // Spent: a second redeem is an error answer (410), with the code in its body again.
    const again = await ask('/session-handoff/redeem', { ...json, Origin: to, Cookie: binding }, 'POST', JSON.stringify({ code }));
    expect(again.status).toBe(410);
  }
  return { seen };
}

/** With the services up, the answer a driver gets; down, an error of the server (500, 502 or 503, as each shape says it). */
function expectAnswer(status: number, up: boolean, whenUp: number): void {
  if (up) expect(status).toBe(whenUp);
  else expect([500, 502, 503]).toContain(status);
}

/** Every file under `folder` (a shape's logs), by name. */
function filesUnder(folder: string): Record<string, string> {
  if (!existsSync(folder)) return {};
  return Object.fromEntries(readdirSync(folder).map((name) => [name, readFileSync(join(folder, name), 'utf8')]));
}

/** The lines of `text` that hold a secret (the values, the journeys' own, or a secret's shape). */
function leaks(text: string, journeys: Journey[]): string[] {
  const values = [...SECRETS, ...journeys.flatMap((one) => one.seen)].filter((value) => value.length >= 8);
  return text.split('\n').filter((line) => values.some((value) => line.includes(value)) || SECRET_SHAPES.test(line));
}

const listen = (server: Server) => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
const portOf = (server: Server) => (server.address() as AddressInfo).port;
const close = (server: Server) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

/** A build of an app: its page and a manifest, as the deployment lays it out (current/, releases/, config/). */
function appBuild(folder: string): string {
  const appRoot = join(folder, 'app');
  for (const dir of ['current', 'releases', 'config']) mkdirSync(join(appRoot, dir), { recursive: true });
  writeFileSync(join(appRoot, 'current', 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(join(appRoot, 'current', 'mf-manifest.json'), '{"name":"host"}');
  writeFileSync(join(appRoot, 'config', 'env.json'), '{}');
  writeFileSync(join(appRoot, 'config', 'remotes.json'), '[]');
  return appRoot;
}

/**
 * The session handoff's exchange for the portal's `origins`, made at its first request: the
 * pages' origin is known once their server listens (the exchange keeps a copy of the list).
 */
function handoffOf(origins: ReadonlySet<string>, authUrl: string): { handle: ReturnType<typeof sessionHandoff>['handle'] } {
  let made: ReturnType<typeof sessionHandoff> | undefined;
  // The provider's token check the exchange asks before it mints (issue 45, item 3).
  const options = () => ({ origins: [...origins], authUrl });
  return { handle: (req, res, url) => (made ??= sessionHandoff(options())).handle(req, res, url) };
}

/**
 * The provider's services of the sandbox and the session handoff's exchange on one port (what
 * every app's nginx proxies to: PORTAL_*_UPSTREAM, PORTAL_HANDOFF_UPSTREAM). `sandboxLog`: the
 * sandbox's request lines (what its main.ts prints).
 */
async function services(origins: ReadonlySet<string>, sandboxLog: string[]): Promise<Server> {
  const sandbox = createSandboxServer({ log: (line) => sandboxLog.push(line) });
  const sandboxHandler = sandbox.listeners('request')[0] as RequestListener;
  const server = createServer();
  await listen(server);
  const handoff = handoffOf(origins, `http://127.0.0.1:${portOf(server)}/auth/driver`);
  server.on('request', (req, res) => {
    if (!handoff.handle(req, res, new URL(req.url ?? '/', 'http://127.0.0.1'))) sandboxHandler(req, res);
  });
  return server;
}

describe('the logged path: one rule for nginx ($portal_log_path, portal-log.conf) and the Node servers (log-path.cjs)', () => {
  const targets = [
    `/App?token=${TOKEN}&driverId=${ID}`,
    `/App?driverId=${ID}&TOKEN=${TOKEN}`,
    `/App?%74oken=${TOKEN}`,
    `/App#token=${TOKEN}`,
    `/App&token=${TOKEN}`,
    `/App;token=${TOKEN}`,
    `http://portal.example/App?token=${TOKEN}`,
    `HTTP://portal.example/policies/${POLICY}`,
    `http://portal.example?token=${TOKEN}`,
    `/policies/${POLICY}`,
    `/Policies/${POLICY}`,
    `///POLICIES///${POLICY}`,
    `/policies/${POLICY}?token=${TOKEN}`,
    `/%70olicies/${POLICY}`,
    `/%2fpolicies/${POLICY}`,
    `/./policies/${POLICY}`,
    `/x/../policies/${POLICY}`,
    `/policies;/${POLICY}`,
    `/policies./${POLICY}`,
    `/my-account/init/${ID}?token=${TOKEN}`,
    `/driver-api/register/api/1.0/driver/${ID}`,
    '/remotes.json',
    '/é/ç?token=x',
    ...oddPaths(CORPUS_DRIVERS).map((entry) => entry.path),
  ];

  it('turns every spelling of a token or a policy token into a path without it', () => {
    for (const target of targets) {
      const path = logPath(target);
      expect({ target, path, leaks: [TOKEN, POLICY].some((secret) => path.includes(secret)) }).toEqual({ target, path, leaks: false });
    }
    expect(logPath(`/App?token=${TOKEN}&driverId=${ID}`)).toBe('/App');
    expect(logPath(`///POLICIES///${POLICY}`)).toBe('///POLICIES/-');
    expect(logPath(`/%70olicies/${POLICY}`)).toBe('/%-');
    expect(logPath(`/my-account/init/${ID}?token=${TOKEN}`)).toBe(`/my-account/init/${ID}`);
  });

  it(`nginx logs the same path as the Node rule for ${targets.length} request targets`, async () => {
    const prefix = mkdtempSync(join(tmpdir(), 'portal-log-rule-'));
    try {
      mkdirSync(join(prefix, 'logs'));
      writeFileSync(join(prefix, 'portal-log.conf'), readFileSync(join(__dirname, '..', 'nginx', 'portal-log.conf')));
      const port = await freePort();
      // Each request names its index in a header, so the line is matched to its target.
      writeFileSync(
        join(prefix, 'nginx.conf'),
        `pid logs/nginx.pid; events {} http { include portal-log.conf; log_format probe '$http_x_probe $portal_log_path';
         access_log logs/access.log probe; client_body_temp_path logs; proxy_temp_path logs; fastcgi_temp_path logs; uwsgi_temp_path logs; scgi_temp_path logs;
         server { listen 127.0.0.1:${port}; return 204; } }`,
      );
      const nginx = await runNginx({ prefix, conf: join(prefix, 'nginx.conf'), port, directives: 'daemon off;' });
      try {
        for (const [index, target] of targets.entries()) await rawRequest('127.0.0.1', port, target, { 'X-Probe': String(index) });
      } finally {
        await nginx.stop();
      }
      const lines = readFileSync(join(prefix, 'logs', 'access.log'), 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => [line.slice(0, line.indexOf(' ')), line.slice(line.indexOf(' ') + 1)] as const);
      const logged = new Map(lines.filter(([index]) => index !== '-').map(([index, path]) => [Number(index), path]));
      // A target nginx's parser refuses at the request line (a NUL, a control character, a bad
      // escape, `..` above the root) is answered 400 before any header is read: logged without
      // its index, and with an empty path.
      const unread = lines.filter(([index]) => index === '-').map(([, path]) => path);
      // (One corpus entry is read as two requests: its second, `/`, has no index either.)
      expect(logged.size + unread.length).toBeGreaterThanOrEqual(targets.length);
      for (const path of unread)
        expect({ path, leaks: [TOKEN, POLICY].some((secret) => path.includes(secret)) }).toEqual({ path, leaks: false });
      // nginx writes a byte outside printable ASCII (and `"`, `\`) as \xHH.
      const escaped = (text: string) =>
        [...Buffer.from(text)]
          .map((byte) =>
            byte < 0x20 || byte > 0x7e || byte === 0x22 || byte === 0x5c
              ? `\\x${byte.toString(16).toUpperCase().padStart(2, '0')}`
              : String.fromCharCode(byte),
          )
          .join('');
      for (const [index, target] of targets.entries())
        if (logged.has(index)) expect({ target, nginx: logged.get(index) }).toEqual({ target, nginx: escaped(logPath(target)) });
      // Every target of the list above the corpus is read as a request (its path compared).
      expect(logged.size).toBeGreaterThan(targets.length - oddPaths(CORPUS_DRIVERS).length);
    } finally {
      rmSync(prefix, { recursive: true, force: true });
    }
  }, 30_000);
});

describe('a journey through each shape, then every log of that shape holds no token', () => {
  let folder = '';
  let servicesServer: Server | undefined;
  const sandboxLog: string[] = [];
  let app: RunningNginx | undefined;
  let balancer: RunningNginx | undefined;
  let edge: RunningNginx | undefined;
  let deadPort = 0;
  const journeys: Record<'app' | 'balancer' | 'edge', Journey[]> = { app: [], balancer: [], edge: [] };
  const logsOf = (shape: string) => join(folder, shape, 'logs');

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'portal-log-privacy-'));
    const appRoot = appBuild(folder);
    deadPort = await freePort();
    // Every portal origin the handoff knows: this app's (the pages' Origin) and the host's.
    const origins = new Set([HOST_ORIGIN]);
    servicesServer = await services(origins, sandboxLog);
    const upstream = `http://127.0.0.1:${portOf(servicesServer)}`;
    app = await startDeploymentNginx({ prefix: join(folder, 'app'), role: 'host', appRoot, upstream, probePath: '/healthz' });
    const appPort = app.port;
    const page = `http://localhost:${appPort}`;
    origins.add(page);

    // The balancer of `start:nginx --replicas 2`, rendered by nginx-config.mjs: the app's nginx and a replica that is gone.
    const balancerPort = await freePort();
    const rendered = execFileSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `import { renderBalancer } from './scripts/nginx-config.mjs';
         const layout = { count: 2, apps: [{ app: { name: 'host', port: ${balancerPort} }, instances: [{ listen: '127.0.0.1:${appPort}' }, { listen: '127.0.0.1:${deadPort}' }] }] };
         process.stdout.write(JSON.stringify(renderBalancer(layout)));`,
      ],
      { cwd: repo, env: { ...process.env, PORTAL_DEPLOY_ROOT: join(folder, 'portal-deploy-logs') }, encoding: 'utf8' },
    );
    const { prefix: balancerPrefix, conf: balancerConf } = JSON.parse(rendered) as { prefix: string; conf: string };
    balancer = await runNginx({
      prefix: balancerPrefix,
      conf: balancerConf,
      port: balancerPort,
      probePath: '/healthz',
      directives: 'daemon off;',
    });

    // The Compose edge, rendered by its entrypoint (only its paths moved into the test's folder).
    const edgePrefix = join(folder, 'edge');
    for (const dir of ['conf.d', 'logs', 'portal']) mkdirSync(join(edgePrefix, dir), { recursive: true });
    writeFileSync(join(edgePrefix, 'portal', 'portal-log.conf'), readFileSync(join(__dirname, '..', 'nginx', 'portal-log.conf')));
    writeFileSync(join(edgePrefix, 'resolv.conf'), 'nameserver 127.0.0.1\n');
    const entrypoint = readFileSync(join(__dirname, '..', 'docker', 'edge-entrypoint.sh'), 'utf8')
      .replace('/etc/resolv.conf', join(edgePrefix, 'resolv.conf'))
      .replace('/etc/nginx/conf.d/portal-edge.conf', join(edgePrefix, 'conf.d', 'portal-edge.conf'))
      .replace('/var/log/nginx/access.log', join(edgePrefix, 'logs', 'access.log'));
    writeFileSync(join(edgePrefix, 'entrypoint.sh'), entrypoint);
    const edgePort = await freePort();
    const edgeDeadPort = await freePort();
    execFileSync('sh', [join(edgePrefix, 'entrypoint.sh'), 'true'], {
      env: { PATH: process.env.PATH ?? '', PORTAL_EDGE_ROUTES: `${edgePort}=127.0.0.1:${appPort} ${edgeDeadPort}=127.0.0.1:${deadPort}` },
    });
    // Debian's nginx.conf logs every server in its default format at http level: the edge's own line must win.
    writeFileSync(
      join(edgePrefix, 'nginx.conf'),
      `pid logs/nginx.pid; error_log logs/error.log warn; events {} http { access_log logs/debian-default-access.log;
       client_body_temp_path logs; proxy_temp_path logs; fastcgi_temp_path logs; uwsgi_temp_path logs; scgi_temp_path logs;
       include conf.d/*.conf; }`,
    );
    edge = await runNginx({
      prefix: edgePrefix,
      conf: join(edgePrefix, 'nginx.conf'),
      port: edgePort,
      probePath: '/edge-healthz',
      directives: 'daemon off;',
    });

    // The journey through each shape with the services up, then the error answers with them down.
    for (const up of [true, false]) {
      if (!up) await close(servicesServer);
      journeys.app.push(await journey(appPort, page, HOST_ORIGIN, up));
      journeys.balancer.push(await journey(balancerPort, page, HOST_ORIGIN, up));
      journeys.edge.push(await journey(edgePort, page, HOST_ORIGIN, up));
    }
    // The edge's route to an app with no replica left.
    expect((await rawRequest('127.0.0.1', edgeDeadPort, `/App?token=${TOKEN}`)).status).toBe(502);
    expect((await rawRequest('127.0.0.1', edgeDeadPort, `/policies/${POLICY}`)).status).toBe(502);
    // Every line written: nginx writes its logs as each request ends; stopping flushes nothing more.
    await Promise.all([app, balancer, edge].map((nginx) => nginx?.stop()));
  }, 120_000);

  afterAll(async () => {
    await Promise.all([app, balancer, edge].map((nginx) => nginx?.stop()));
    if (servicesServer?.listening) await close(servicesServer);
    rmSync(folder, { recursive: true, force: true });
  });

  it("an app's nginx: its access log names every request by its safe path, its error log the failures, neither a token", () => {
    const logs = filesUnder(logsOf('app'));
    const access = logs['access.log'] ?? '';
    expect(access).toContain('"GET /App HTTP/1.1"');
    expect(access).toContain('"GET /policies/- HTTP/1.1"');
    expect(access).toContain('"GET //POLICIES/- HTTP/1.1"');
    expect(access).toContain('"GET /%- HTTP/1.1"');
    expect(access).toContain('"POST /session-handoff/redeem HTTP/1.1"');
    expect(access).toMatch(/ 502 "127\.0\.0\.1:\d+" "502" 127\.0\.0\.1 "POST \/session-handoff\/mint HTTP\/1\.1"/);
    expect(access).toMatch(/ 500 "-" "-" 127\.0\.0\.1 "GET \/driver-api\/register\/api\/1\.0\/driver\/[^"]+ HTTP\/1\.1"/);
    // The services' loss is written (the driver-data calls, the handoff), without a token.
    expect(logs['error.log']).toMatch(/connect\(\) failed .*request: "GET \/driver-api\//);
    for (const [name, text] of Object.entries(logs)) expect({ name, leaks: leaks(text, journeys.app) }).toEqual({ name, leaks: [] });
  });

  it('the balancer of --replicas: which replica answered and what the gone one said, by the safe path; no token in any log', () => {
    const logs = filesUnder(join(folder, 'portal-deploy-logs', 'balancer', 'logs'));
    const access = logs['access.log'] ?? '';
    // The replica that is gone was tried and passed over (deploy-replicas.spec.ts reads these fields).
    expect(access).toMatch(
      new RegExp(`^\\d+\\.\\d+ 200 "127\\.0\\.0\\.1:${deadPort}, 127\\.0\\.0\\.1:\\d+" "502, 200" 127\\.0\\.0\\.1 "GET /`, 'm'),
    );
    expect(access).toContain('"GET /App HTTP/1.1"');
    expect(access).toContain('"GET /policies/- HTTP/1.1"');
    for (const [name, text] of Object.entries(logs)) expect({ name, leaks: leaks(text, journeys.balancer) }).toEqual({ name, leaks: [] });
  });

  it('the Compose edge: its own format wins over the default one; no token in any log', () => {
    const logs = filesUnder(logsOf('edge'));
    const access = logs['access.log'] ?? '';
    expect(access).toContain('"GET /App HTTP/1.1"');
    expect(access).toContain('"GET /policies/- HTTP/1.1"');
    expect(access).toMatch(new RegExp(`^\\d+\\.\\d+ 502 "127\\.0\\.0\\.1:${deadPort}" "502" 127\\.0\\.0\\.1 "GET /App HTTP/1\\.1"`, 'm'));
    expect(logs['debian-default-access.log'] ?? '').toBe('');
    for (const [name, text] of Object.entries(logs)) expect({ name, leaks: leaks(text, journeys.edge) }).toEqual({ name, leaks: [] });
  });
});

describe("`npm start`'s Node servers: a journey, then what they wrote holds no token", () => {
  it('the static server, the driver-data proxy, the handoff, the cohort check and the sandbox', async () => {
    const written: string[] = [];
    const capture =
      () =>
      (chunk: unknown, ...rest: unknown[]): boolean => {
        written.push(String(chunk));
        const done = rest.find((arg) => typeof arg === 'function') as (() => void) | undefined;
        done?.();
        return true;
      };
    const spies = [
      jest.spyOn(process.stdout, 'write').mockImplementation(capture() as typeof process.stdout.write),
      jest.spyOn(process.stderr, 'write').mockImplementation(capture() as typeof process.stderr.write),
      ...(['log', 'info', 'warn', 'error', 'debug'] as const).map((method) =>
        jest.spyOn(console, method).mockImplementation((...args: unknown[]) => void written.push(args.map(String).join(' '))),
      ),
    ];
    const folder = mkdtempSync(join(tmpdir(), 'portal-log-node-'));
    const sandboxLog: string[] = [];
    const origins = new Set<string>([HOST_ORIGIN]);
    let node: Server | undefined;
    let upstream: Server | undefined;
    const journeysSeen: Journey[] = [];
    try {
      const appRoot = appBuild(folder);
      upstream = await services(origins, sandboxLog);
      const base = `http://127.0.0.1:${portOf(upstream)}`;
      // As serveBuilds composes them (scripts/suite.mjs), on a port of the test's own.
      const driverApi = driverApiProxy({ upstream: base, authUrl: `${base}/auth/driver`, appOrigins: origins });
      const handoff = handoffOf(origins, `${base}/auth/driver`);
      const cohort = pageCohort({ authUrl: `${base}/auth/driver`, secret: 'a-secret-of-this-test-only-0123456789abcdef' });
      node = await serveStatic({
        root: join(appRoot, 'current'),
        port: 0,
        host: '127.0.0.1',
        proxy: (req, res, url) => handoff.handle(req, res, url) || driverApi(req, res, url),
        cohort: cohort as (req: Parameters<typeof cohort>[0], url: URL) => Promise<Record<string, string>>,
      });
      const page = `http://localhost:${portOf(node)}`;
      origins.add(page);
      for (const up of [true, false]) {
        if (!up) await close(upstream);
        journeysSeen.push(await journey(portOf(node), page, HOST_ORIGIN, up));
      }
    } finally {
      for (const spy of spies) spy.mockRestore();
      if (node) await close(node);
      if (upstream?.listening) await close(upstream);
      rmSync(folder, { recursive: true, force: true });
    }
    // The sandbox's request lines (its main.ts prints them) name the paths the services were asked, safely.
    expect(sandboxLog.some((line) => line.startsWith(`GET /register/api/1.0/driver/${ID} -> 200`))).toBe(true);
    expect({ leaks: leaks([...written, ...sandboxLog].join('\n'), journeysSeen) }).toEqual({ leaks: [] });
  }, 60_000);

  it("the sandbox's request lines keep no token the address carried", async () => {
    const lines: string[] = [];
    const sandbox = createSandboxServer({ log: (line) => lines.push(line) });
    await listen(sandbox);
    try {
      for (const target of [`/core/?token=${TOKEN}`, `/policies/${POLICY}`, `//POLICIES/${POLICY}`, `/%74oken/${TOKEN}`])
        await rawRequest('127.0.0.1', portOf(sandbox), target);
    } finally {
      await close(sandbox);
    }
    expect(lines.map((line) => line.replace(/ \(\d+ ms\).*/, ''))).toEqual([
      'GET /core/ -> 401',
      'GET /policies/- -> 404',
      'GET //POLICIES/- -> 404',
      'GET /%- -> 404',
    ]);
  });

  it("the telemetry receiver's failure lines: a message keeps no token (scrubMessage)", () => {
    const kept = scrubMessage(`Error: request failed for /App?token=${TOKEN} and /policies/${POLICY} (Bearer ${FORGED})`);
    expect(kept).toMatch(/^Error: request failed for/);
    for (const secret of SECRETS) expect(kept).not.toContain(secret);
  });
});
