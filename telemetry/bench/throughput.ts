/**
 * What one receiver handles on this machine: beacons per second accepted (204) and its memory.
 *   node node_modules/tsx/dist/cli.mjs telemetry/bench/throughput.ts [--seconds 10] [--connections 32] [--clients 5000]
 * Starts the receiver in a child process on a loopback port (run it inside a network namespace on
 * a shared machine), with the production rate limit and quotas, and sends realistic beacons
 * (loads, vitals, some errors) from `--clients` simulated client addresses (X-Real-IP, as behind
 * the portal's nginx), each within its quota, over keep-alive connections. Prints beacons/s,
 * latency and the receiver's resident memory (its own /metrics) before and after.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { Agent, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { REMOTES } from '../../build-preset/apps.cjs';
import { ClientLedger, RateLimiter } from '../src/limits';
import { PortalReleases } from '../src/portal';
import { createReceiver } from '../src/server';

const option = (name: string, fallback: number) => {
  const index = process.argv.indexOf(name);
  return index === -1 ? fallback : Number(process.argv[index + 1]);
};
const seconds = option('--seconds', 10);
const connections = option('--connections', 32);
const clientCount = option('--clients', 5000);
const ORIGIN = 'https://portal.example';

const serving = process.argv.includes('--serve');
const releases = new PortalReleases();
releases.update(REMOTES.map((remote) => ({ name: remote.name, manifest: `https://r/releases/r-${remote.dir}/mf-manifest.json` })));
const { server } = createReceiver({
  releases,
  portalOrigins: new Set([ORIGIN]),
  trustedProxies: '127.0.0.1',
  limiter: new RateLimiter(),
  ledger: new ClientLedger(),
  logFailure: () => undefined,
});

/** The beacons of one page load: its load, LCP, INP, CLS, and an error one time in ten. */
function beacons(index: number): string[] {
  const remote = REMOTES[index % REMOTES.length] as (typeof REMOTES)[number];
  const base = {
    remote: remote.name,
    version: `r-${remote.dir}`,
    cohort: index % 10 === 0 ? 'canary' : 'live',
    route: `${remote.prefixes[0]}/list/`,
    at: Date.now(),
  };
  const list = [
    { kind: 'load', ...base },
    { kind: 'vital', metric: 'LCP', value: 1200 + (index % 900), ...base },
    { kind: 'vital', metric: 'INP', value: 80 + (index % 150), ...base },
    { kind: 'vital', metric: 'CLS', value: (index % 20) / 100, ...base },
  ];
  if (index % 10 === 3) list.push({ kind: 'error', message: 'TypeError: x is undefined', ...base } as (typeof list)[number]);
  return list.map((beacon) => JSON.stringify(beacon));
}

/** The receiver's resident memory, as Prometheus would read it. */
async function receiverRss(port: number): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  return Number(/^process_resident_memory_bytes (\S+)$/m.exec(text)?.[1] ?? 0);
}

/** The receiver in a child process (this file with --serve); resolves with its port. */
function startReceiverProcess(): Promise<{ port: number; stop: () => void }> {
  const child = spawn(process.execPath, [join(__dirname, '../../node_modules/tsx/dist/cli.mjs'), __filename, '--serve'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve) => {
    child.stdout.once('data', (chunk: Buffer) => resolve({ port: Number(String(chunk).trim()), stop: () => child.kill('SIGTERM') }));
  });
}

async function main(): Promise<void> {
  const receiver = await startReceiverProcess();
  const { port } = receiver;
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const rssBefore = await receiverRss(port);
  const statuses = new Map<number, number>();
  const latencies: number[] = [];
  const deadline = Date.now() + seconds * 1000;
  let pageLoads = 0;

  const send = (body: string, client: string) =>
    new Promise<void>((resolve, reject) => {
      const started = performance.now();
      const sent = request(
        {
          host: '127.0.0.1',
          port,
          path: '/telemetry/events',
          method: 'POST',
          agent,
          headers: { Origin: ORIGIN, 'Content-Type': 'text/plain', 'X-Real-IP': client },
        },
        (answer) => {
          answer.resume();
          answer.on('end', () => {
            latencies.push(performance.now() - started);
            statuses.set(answer.statusCode ?? 0, (statuses.get(answer.statusCode ?? 0) ?? 0) + 1);
            resolve();
          });
        },
      );
      sent.on('error', reject);
      sent.end(body);
    });

  const started = Date.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (Date.now() < deadline) {
        const index = pageLoads;
        pageLoads += 1;
        // Many drivers, each a few page loads (the quota and rate limit are not what is measured).
        const client = `10.${(index % clientCount) >> 16}.${((index % clientCount) >> 8) % 256}.${index % 256}`;
        for (const body of beacons(index)) await send(body, client);
      }
    }),
  );
  const elapsed = (Date.now() - started) / 1000;
  const accepted = statuses.get(204) ?? 0;
  const total = [...statuses.values()].reduce((sum, count) => sum + count, 0);
  latencies.sort((a, b) => a - b);
  const percentile = (p: number) => (latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? 0).toFixed(2);
  const rssAfter = await receiverRss(port);
  console.log(
    `receiver throughput (one process, ${connections} keep-alive connections, ${clientCount} client addresses, ${elapsed.toFixed(1)} s):`,
  );
  console.log(`  ${Math.round(total / elapsed)} beacons/s answered, ${Math.round(accepted / elapsed)} beacons/s accepted (204)`);
  console.log(`  answers: ${JSON.stringify(Object.fromEntries(statuses))}`);
  console.log(`  latency p50 ${percentile(0.5)} ms, p99 ${percentile(0.99)} ms (the load generator shares the machine's cores)`);
  console.log(`  receiver's resident memory: ${Math.round(rssBefore / 2 ** 20)} MB before, ${Math.round(rssAfter / 2 ** 20)} MB after`);
  agent.destroy();
  receiver.stop();
}

if (serving) {
  server.listen(0, '127.0.0.1', () => console.log(String((server.address() as AddressInfo).port)));
  process.on('SIGTERM', () => process.exit(0));
} else {
  void main();
}
