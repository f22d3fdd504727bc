import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { APPS } from '../../build-preset/apps.cjs';
import { freePort } from '../redis-server.cjs';

type Instance = { name: string; letter: string; listen: string };
type Layout = { apps: Array<{ instances: Instance[] }> };
/** What this test uses of scripts/nginx-config.mjs (an ES module with no declarations). */
interface NginxConfig {
  BALANCER_ADDRESS: string;
  replicaLayout(count: number): Layout;
  localVariables(
    app: (typeof APPS)[number],
    statementCredential: string,
    replica: { instance: Instance; layout: Layout },
  ): Record<string, string>;
  renderNginx(
    app: (typeof APPS)[number],
    vars: Record<string, string>,
    replica: { instance: Instance; layout: Layout },
  ): { prefix: string; conf: string };
  renderBalancer(layout: Layout): { prefix: string; conf: string };
}

/*
 * `start:nginx --replicas N` (decision 0025; issue 45, 4: a replica reached from 127.0.0.1 believed
 * any X-Forwarded-For, 40 of 40 look-ups past a limit of 21): the replicas believe the header from
 * the balancer's own loopback address only, which the balancer connects from (proxy_bind). The
 * configuration scripts/nginx-config.mjs renders for both (in a deploy folder of this test's own),
 * run by Debian's nginx on free ports: the replica answers the client it believes.
 * e2e/tests/deploy-replicas.spec.ts proves the same on the running deployment with the look-up limit.
 */

const NGINX = process.env.NGINX_BIN ?? '/usr/sbin/nginx';
const scratch = mkdtempSync(join(tmpdir(), 'portal-replica-forwarded-'));
const running: ChildProcess[] = [];
afterAll(async () => {
  await Promise.all(
    running.map((child) =>
      child.exitCode === null ? new Promise((resolve) => (child.once('exit', resolve), child.kill('SIGTERM'))) : undefined,
    ),
  );
  rmSync(scratch, { recursive: true, force: true });
});

/** The client a request from `from` naming `forwarded` is believed to be, as the answering nginx says. */
function believed(port: number, from: string, forwarded: string) {
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

/** Runs nginx with an http {} body of `http` in a folder of its own; resolves once `port` answers. */
async function nginx(name: string, http: string, port: number) {
  const dir = join(scratch, name);
  mkdirSync(dir, { recursive: true });
  const root = process.getuid?.() === 0 ? 'user root;\n' : '';
  writeFileSync(
    join(dir, 'nginx.conf'),
    `${root}worker_processes 1;\nerror_log ${dir}/error.log warn;\npid ${dir}/nginx.pid;\nevents { worker_connections 64; }\nhttp {\n    access_log off;\n    client_body_temp_path ${dir}/client;\n    proxy_temp_path ${dir}/proxy;\n${http}\n}\n`,
  );
  const child = spawn(NGINX, ['-p', `${dir}/`, '-c', join(dir, 'nginx.conf'), '-g', 'daemon off;'], { stdio: 'ignore' });
  running.push(child);
  for (let tries = 0; tries < 100; tries += 1) {
    if (
      await believed(port, '127.0.0.1', '').then(
        () => true,
        () => false,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${name} did not start: ${readFileSync(join(dir, 'error.log'), 'utf8')}`);
}

it('a replica believes X-Forwarded-For from the balancer only: through it the driver, straight from loopback the caller itself', async () => {
  process.env.PORTAL_DEPLOY_ROOT = join(scratch, 'portal-deploy-check');
  // Imported once the folder is set (nginx-config.mjs reads it as it loads); typed here for what is used.
  const configModule: string = '../../scripts/nginx-config.mjs';
  const config = (await import(configModule)) as NginxConfig;
  const layout = config.replicaLayout(2);
  const app = APPS[0]!;
  const replica = { instance: layout.apps[0]!.instances[0]!, layout };
  const replicaConf = readFileSync(
    config.renderNginx(app, config.localVariables(app, 'portal:sandbox-secret', replica), replica).conf,
    'utf8',
  );
  const balancer = config.renderBalancer(layout);
  const balancerConf = readFileSync(balancer.conf, 'utf8');
  // What the rendered files say: the replica trusts one address, the balancer connects from it.
  const realIp = replicaConf.split('\n').filter((line) => /^\s*(set_real_ip_from|real_ip_header)\b/.test(line));
  expect(realIp.map((line) => line.trim())).toEqual([`set_real_ip_from ${config.BALANCER_ADDRESS};`, 'real_ip_header X-Forwarded-For;']);
  expect(config.BALANCER_ADDRESS).not.toBe('127.0.0.1');
  const location = /location \/ \{([^}]*)\}/.exec(balancerConf)![1]!;
  expect(location).toContain(`proxy_bind ${config.BALANCER_ADDRESS};`);

  // Those lines, run: a replica answering the client it believes, the balancer's location in front.
  const replicaPort = await freePort();
  await nginx(
    'replica',
    `${realIp.join('\n')}\n    server { listen 127.0.0.1:${replicaPort}; location / { return 200 "$remote_addr"; } }`,
    replicaPort,
  );
  const balancerPort = await freePort();
  const balancerLocation = location
    .replace(/proxy_pass [^;]+;/, `proxy_pass http://127.0.0.1:${replicaPort};`)
    .replace('include balancer-proxy.conf;', `include ${join(balancer.prefix, 'balancer-proxy.conf')};`);
  await nginx('balancer', `    server { listen 127.0.0.1:${balancerPort}; location / {${balancerLocation}} }`, balancerPort);

  // Through the balancer: the driver's own address (the balancer replaces what the driver sent).
  expect(await believed(balancerPort, '127.0.0.5', '203.0.113.9')).toBe('127.0.0.5');
  // Straight at the replica from this machine, any made-up header names no one (before: believed).
  expect(await believed(replicaPort, '127.0.0.1', '203.0.113.9')).toBe('127.0.0.1');
  expect(await believed(replicaPort, '127.0.0.9', '203.0.113.10')).toBe('127.0.0.9');
});
