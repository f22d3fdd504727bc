// The cross-engine end-to-end pass (issue 29): the same journeys in Chromium, WebKit and Firefox
// ESR, against the portal served by nginx (`npm run start:nginx`, the deployment: `npm test` runs
// the engines once, there, issue 46) or by the Node server (PORTAL_SERVER=node, `npm start`),
// with the sandbox. Prints each check and, per engine, how many passed and failed, and the time
// taken; exits non-zero if any failed.
//   xvfb-run -a node --import tsx e2e/engines/run.mjs [chromium] [firefox] [webkit]
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { REMOTES } from '../../build-preset/apps.cjs';
import { ENGINES } from './drivers.mjs';
import { HOST, JOURNEYS, SANDBOX } from './journeys.mjs';
import { CRLV_JOURNEYS } from './journeys-crlv.mjs';
import { serveProbePages } from './probe-pages.mjs';

const repo = join(import.meta.dirname, '..', '..');
const SERVER = process.env.PORTAL_SERVER === 'node' ? 'node' : 'nginx';
const wanted = process.argv.slice(2).filter((name) => name in ENGINES);
const engines = wanted.length ? wanted : ['chromium', 'firefox', 'webkit'];
const ACCOUNT = REMOTES.find((remote) => remote.prefixes.includes('/my-account'));
// Short-lived codes in this run, so the expiry probe waits 3 s rather than 30.
process.env.PORTAL_HANDOFF_TTL_MS ??= '3000';
process.env.PROBE_ACCOUNT_PORT = String(ACCOUNT.port);
process.env.STATEMENT_BASIC_AUTH ??= `portal-e2e:statement-${Date.now().toString(36)}`;

async function waitFor(url, timeoutMs = 60_000) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`not answering: ${url}`);
}

const started = Date.now();
const script = SERVER === 'nginx' ? 'start-nginx.mjs' : 'start.mjs';
const suite = spawn(process.execPath, [join(repo, 'scripts', script), '--no-build'], {
  stdio: ['ignore', 'ignore', 'inherit'],
  env: process.env,
});
const probes = await Promise.all([serveProbePages(5555, 'localhost'), serveProbePages(5556, '127.0.0.1')]);
const stop = () => {
  suite.kill('SIGTERM');
  probes.forEach((server) => server.close());
};
process.on('SIGINT', () => (stop(), process.exit(130)));

const results = {};
try {
  await waitFor(`${HOST}/App`);
  await waitFor(`${SANDBOX}/__sandbox/health`);
  for (const name of engines) {
    const tally = (results[name] = { passed: 0, failed: 0, failures: [], ms: 0 });
    const t0 = Date.now();
    const engine = await ENGINES[name]();
    console.log(`\n== ${name} (${engine.version}), ${SERVER} server`);
    await fetch(`${SANDBOX}/__sandbox/reset`, { method: 'POST' });
    // E2E_JOURNEY=<part of a name> runs only the journeys whose name holds it.
    // A journey may carry session options as a third element: `{ initScript }` (drivers.mjs).
    for (const [journey, run, options] of [...JOURNEYS, ...CRLV_JOURNEYS].filter(([title]) =>
      title.includes(process.env.E2E_JOURNEY ?? ''),
    )) {
      const report = (check, ok, detail) => {
        tally[ok ? 'passed' : 'failed'] += 1;
        if (!ok) tally.failures.push(`${journey} › ${check} ${detail}`);
        console.log(`  ${ok ? '✓' : '✗'} ${journey} › ${check}${ok ? '' : ` ${detail}`}`);
      };
      let session;
      try {
        session = await engine.session(options);
        const { driverFor } = await import('./journeys.mjs');
        await run(driverFor(session, report));
        report('completes', true, '');
        if (session.errors.length) report('no uncaught error in the page', false, session.errors.join(' | '));
      } catch (error) {
        report('completes', false, `${error?.name ?? 'Error'}: ${String(error?.message ?? error).split('\n')[0]}`);
      } finally {
        await session?.close().catch(() => undefined);
      }
    }
    await engine.close();
    tally.ms = Date.now() - t0;
  }
} finally {
  stop();
}

console.log(`\n${SERVER} server, ${((Date.now() - started) / 1000).toFixed(0)} s in all`);
for (const [name, { passed, failed, ms }] of Object.entries(results))
  console.log(`  ${name.padEnd(9)} ${passed} passed, ${failed} failed (${(ms / 1000).toFixed(0)} s)`);
const failed = Object.values(results).some((tally) => tally.failed > 0) || Object.keys(results).length < engines.length;
process.exit(failed ? 1 : 0);
