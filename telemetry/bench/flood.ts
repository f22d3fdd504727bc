/**
 * Issue 37, item 7, replayed: a flood straight at one receiver, and the receiver's memory.
 *   node node_modules/tsx/dist/cli.mjs telemetry/bench/flood.ts [--seconds 60] [--connections 24]
 * Starts the receiver in a child process on a loopback port with production's limits, the portal's
 * proxy being 127.0.0.1 (TELEMETRY_TRUSTED_PROXIES), and floods it, a third of the connections each:
 *   - direct: from 127.0.0.2 (not a proxy) with a made-up X-Real-IP per request (the probe: 63,739
 *     accepted in 60 s, memory 93 → 258 MB before this change);
 *   - one /64: through the proxy, a new address of one IPv6 /64 per request (one subscriber);
 *   - botnet: through the proxy, a new IPv4 address per request (the worst a real proxy can pass
 *     on: every request a new client), which is what the fixed-size structures bound.
 * Prints, per kind, beacons sent and accepted (204), and the receiver's resident memory before and
 * after (its own /metrics, as Prometheus reads it).
 */
import { spawn } from 'node:child_process';
import { Agent, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { REMOTES } from '../../build-preset/apps.cjs';
import { ClientLedger, RateLimiter } from '../src/limits';
import { PortalReleases } from '../src/portal';
import { createReceiver } from '../src/server';

const option = (name: string, fallback: number) => {
  const index = process.argv.indexOf(name);
  return index === -1 ? fallback : Number(process.argv[index + 1]);
};
const seconds = option('--seconds', 60);
const connections = option('--connections', 24);
const ORIGIN = 'https://portal.example';
const remote = REMOTES[0] as (typeof REMOTES)[number];

if (process.argv.includes('--serve')) {
  const releases = new PortalReleases();
  releases.update(REMOTES.map((item) => ({ name: item.name, manifest: `https://r/releases/r-${item.dir}/mf-manifest.json` })));
  const { server } = createReceiver({
    releases,
    portalOrigins: new Set([ORIGIN]),
    trustedProxies: '127.0.0.1',
    limiter: new RateLimiter(),
    ledger: new ClientLedger(),
    logFailure: () => undefined,
  });
  server.listen(0, '127.0.0.1', () => console.log(String((server.address() as AddressInfo).port)));
  process.on('SIGTERM', () => process.exit(0));
} else {
  void main();
}

async function receiverRss(port: number): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  return Number(/^process_resident_memory_bytes (\S+)$/m.exec(text)?.[1] ?? 0);
}

function startReceiverProcess(): Promise<{ port: number; stop: () => void }> {
  const child = spawn(process.execPath, [join(__dirname, '../../node_modules/tsx/dist/cli.mjs'), __filename, '--serve'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve) => {
    child.stdout.once('data', (chunk: Buffer) => resolve({ port: Number(String(chunk).trim()), stop: () => child.kill('SIGTERM') }));
  });
}

const random = (max: number) => Math.floor(Math.random() * max);
const hex = () => random(0x10000).toString(16);
const KINDS = {
  direct: { localAddress: '127.0.0.2', realIp: () => `${1 + random(223)}.${random(256)}.${random(256)}.${random(256)}` },
  'one /64': { localAddress: '127.0.0.1', realIp: () => `2001:db8:aa:bb:${hex()}:${hex()}:${hex()}:${hex()}` },
  botnet: { localAddress: '127.0.0.1', realIp: () => `${1 + random(223)}.${random(256)}.${random(256)}.${random(256)}` },
} as const;
type Kind = keyof typeof KINDS;

async function main(): Promise<void> {
  const receiver = await startReceiverProcess();
  const { port } = receiver;
  const agents = Object.fromEntries(
    Object.entries(KINDS).map(([kind, { localAddress }]) => [kind, new Agent({ keepAlive: true, maxSockets: connections, localAddress })]),
  ) as Record<Kind, Agent>;
  const rssBefore = await receiverRss(port);
  const answers = Object.fromEntries(Object.keys(KINDS).map((kind) => [kind, new Map<number, number>()])) as Record<
    Kind,
    Map<number, number>
  >;
  const body = (index: number) =>
    JSON.stringify({
      kind: index % 4 === 0 ? 'error' : 'load',
      remote: remote.name,
      version: `r-${remote.dir}`,
      cohort: 'live',
      route: `${remote.prefixes[0]}/Invented_${index.toString(36)}`,
      ...(index % 4 === 0 ? { message: 'Error: forged' } : {}),
      at: Date.now(),
    });
  const send = (kind: Kind, index: number) =>
    new Promise<void>((resolve) => {
      const sent = request(
        {
          host: '127.0.0.1',
          port,
          path: '/telemetry/events',
          method: 'POST',
          agent: agents[kind],
          headers: { Origin: ORIGIN, 'Content-Type': 'text/plain', 'X-Real-IP': KINDS[kind].realIp() },
        },
        (answer) => {
          answer.resume();
          answer.on('end', () => {
            const map = answers[kind];
            map.set(answer.statusCode ?? 0, (map.get(answer.statusCode ?? 0) ?? 0) + 1);
            resolve();
          });
        },
      );
      sent.on('error', () => resolve());
      sent.end(body(index));
    });

  const deadline = Date.now() + seconds * 1000;
  let index = 0;
  const kinds = Object.keys(KINDS) as Kind[];
  await Promise.all(
    Array.from({ length: connections }, async (_, connection) => {
      const kind = kinds[connection % kinds.length] as Kind;
      while (Date.now() < deadline) {
        index += 1;
        await send(kind, index);
      }
    }),
  );
  const rssAfter = await receiverRss(port);
  console.log(`flood of ${seconds} s straight at one receiver, ${connections} keep-alive connections:`);
  for (const kind of kinds) {
    const map = answers[kind];
    const total = [...map.values()].reduce((sum, count) => sum + count, 0);
    console.log(
      `  ${kind.padEnd(8)} ${total} beacons, ${map.get(204) ?? 0} accepted (204); answers ${JSON.stringify(Object.fromEntries(map))}`,
    );
  }
  console.log(`  receiver's resident memory: ${Math.round(rssBefore / 2 ** 20)} MB before, ${Math.round(rssAfter / 2 ** 20)} MB after`);
  Object.values(agents).forEach((agent) => agent.destroy());
  receiver.stop();
}
