// `npm run bench:load`: requests a second and p99 of the driver-data proxy, the session handoff's
// exchange (mint + redeem pairs) and the remote list, through one and through two replicas of
// every service (`start:nginx --replicas N`), on loopback, with autocannon. A deployment of its
// own on other ports (a second list of apps: 3200-3204, sandbox 4200; PORTAL_APPS_JSON) in a
// scratch folder, so it runs beside `npm start` or the e2e suite's deployment. Bounded: about a
// minute and a half (two starts, 3 targets × SECONDS each). A benchmark, not a test: it asserts nothing.
//   node bench/load.mjs [--seconds 5] [--connections 32]
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { DEMO_DRIVER_ID, DEMO_TOKEN, HOST, REMOTES } from '../scripts/apps.mjs';

const require = createRequire(import.meta.url);
const { writeShiftedApps } = require('../scripts/shifted-apps.cjs');
const repo = join(import.meta.dirname, '..');
const option = (name, fallback) => (process.argv.includes(name) ? Number(process.argv[process.argv.indexOf(name) + 1]) : fallback);
const SECONDS = option('--seconds', 5);
const CONNECTIONS = option('--connections', 32);
const SHIFT = 200;

const hostPort = HOST.port + SHIFT;
const account = REMOTES.find((remote) => remote.dir === 'mfe-account');
const accountOrigin = `http://localhost:${account.port + SHIFT}`;
const hostOrigin = `http://localhost:${hostPort}`;

async function deployment(replicas, scratch) {
  const child = spawn(process.execPath, [join(repo, 'scripts', 'start-nginx.mjs'), '--no-build', '--replicas', String(replicas)], {
    cwd: repo,
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: false,
    env: {
      ...process.env,
      PORTAL_APPS_JSON: join(scratch, 'apps.json'),
      PORTAL_DEPLOY_ROOT: join(scratch, 'portal-deploy-bench'),
      PORTAL_METRICS_DIR: join(scratch, 'metrics'),
    },
  });
  let output = '';
  await new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      output += chunk;
      if (output.includes('Open the portal')) resolve();
    });
    child.on('exit', (code) => reject(new Error(`start:nginx --replicas ${replicas} stopped (${code})`)));
  });
  const processes = replicas > 1 ? JSON.parse(readFileSync(join(scratch, 'portal-deploy-bench', 'processes.json'), 'utf8')) : {};
  return {
    handoffs:
      replicas > 1
        ? Object.values(processes)
            .filter(({ kind }) => kind === 'handoff')
            .map(({ listen }) => `http://${listen}`)
        : [`http://127.0.0.1:${4011 + SHIFT}`],
    stop: () =>
      new Promise((resolve) => {
        child.removeAllListeners('exit');
        child.on('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

const run = (options) => autocannon({ duration: SECONDS, connections: CONNECTIONS, ...options });

/** Mint then redeem, on one connection, each pair as a client of its own (the exchange's per-client limit counts clients, not the bench). */
function handoffPairs(url, connections) {
  let client = 0;
  return run({
    url,
    connections,
    requests: [
      {
        method: 'POST',
        path: '/session-handoff/mint',
        setupRequest: (request, context) => {
          client += 1;
          context.client = `10.${(client >> 16) & 255}.${(client >> 8) & 255}.${client & 255}`;
          return {
            ...request,
            headers: {
              'Content-Type': 'application/json',
              'Sec-Fetch-Site': 'same-origin',
              Origin: accountOrigin,
              // Named by the proxy in front (loopback is trusted as one): a new driver per pair.
              'X-Portal-Client-Address': context.client,
            },
            body: JSON.stringify({ to: hostOrigin, token: DEMO_TOKEN, driverId: DEMO_DRIVER_ID }),
          };
        },
        onResponse: (status, body, context, headers) => {
          context.code = status === 201 ? JSON.parse(body).code : 'x'.repeat(43);
          // autocannon hands the headers as an object with the server's spelling of the names
          // (`Set-Cookie`), or a flat list of names and values in older versions: read them in any case.
          const cookies = Array.isArray(headers)
            ? headers.filter((_, i) => i % 2 === 1 && String(headers[i - 1]).toLowerCase() === 'set-cookie')
            : Object.entries(headers)
                .filter(([name]) => name.toLowerCase() === 'set-cookie')
                .flatMap(([, value]) => value);
          context.cookie = (cookies[0] ?? '').split(';')[0];
        },
      },
      {
        method: 'POST',
        path: '/session-handoff/redeem',
        setupRequest: (request, context) => ({
          ...request,
          headers: {
            'Content-Type': 'application/json',
            'Sec-Fetch-Site': 'same-origin',
            Origin: hostOrigin,
            Cookie: context.cookie,
            'X-Portal-Client-Address': context.client,
          },
          body: JSON.stringify({ code: context.code }),
        }),
      },
    ],
  });
}

/** Several autocannon runs at once (one per instance), as one figure: summed rates, the worst p99. */
async function together(runs) {
  const results = await Promise.all(runs);
  return {
    requestsPerSecond: results.reduce((sum, result) => sum + result.requests.average, 0),
    p99: Math.max(...results.map((result) => result.latency.p99)),
    non2xx: results.reduce((sum, result) => sum + result.non2xx + result.errors + result.timeouts, 0),
    total: results.reduce((sum, result) => sum + result.requests.total, 0),
  };
}

const scratch = mkdtempSync(join(tmpdir(), 'portal-bench-load-'));
writeShiftedApps(scratch, SHIFT);
const rows = [];
try {
  for (const replicas of [1, 2]) {
    const running = await deployment(replicas, scratch);
    try {
      // Warm up (connections, the first token checks), then measure.
      await run({ url: `${hostOrigin}/remotes.json`, duration: 1 });
      const proxy = await together([
        run({
          url: `${hostOrigin}/driver-api/register/api/1.0/driver/${DEMO_DRIVER_ID}`,
          headers: { Authorization: `Bearer ${DEMO_TOKEN}`, Origin: hostOrigin },
        }),
      ]);
      const pairs = await together(running.handoffs.map((url) => handoffPairs(url, Math.ceil(CONNECTIONS / running.handoffs.length))));
      const list = await together([run({ url: `${hostOrigin}/remotes.json` })]);
      for (const [what, figures] of [
        ['driver-data proxy (token checked)', proxy],
        ['handoff exchange (requests, 2 per pair)', pairs],
        ['remote list', list],
      ])
        rows.push({ replicas, what, ...figures });
    } finally {
      await running.stop();
    }
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
console.log(
  `\nLoad on loopback, ${CONNECTIONS} connections, ${SECONDS} s each (2 cores shared by everything here: figures are this machine's)\n`,
);
console.log(`${'replicas'.padEnd(9)}${'what'.padEnd(42)}${'req/s'.padStart(9)}${'p99 ms'.padStart(9)}${'not 2xx'.padStart(9)}`);
for (const row of rows) {
  console.log(
    `${String(row.replicas).padEnd(9)}${row.what.padEnd(42)}${row.requestsPerSecond.toFixed(0).padStart(9)}${String(row.p99).padStart(9)}${String(row.non2xx).padStart(9)}`,
  );
}
