import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { APPS } from '../../build-preset/apps.cjs';
import { believedClient as believed, freePort, runNginxHttp, type RunningNginx } from './nginx-harness';

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

const scratch = mkdtempSync(join(tmpdir(), 'portal-replica-forwarded-'));
const running: RunningNginx[] = [];
afterAll(async () => {
  await Promise.all(running.map((nginx) => nginx.stop()));
  rmSync(scratch, { recursive: true, force: true });
});

/** nginx with an http {} body of `http` in a folder of its own; resolves once `port` answers. */
async function nginx(name: string, http: string, port: number) {
  running.push(await runNginxHttp(join(scratch, name), http, port));
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
