import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_DRIVER, ONBOARDING_DRIVER } from '../../sandbox-api/src/constants';
import { createSandboxServer } from '../../sandbox-api/src/server';
import { driverApiProxy } from '../../scripts/driver-api-proxy.mjs';
import { serveStatic } from '../../scripts/static-server.mjs';
import { canonicalPath, ODD_PATHS, oddPathReason } from '../driver-api.cjs';
import { HOST_ORIGIN, startDeploymentNginx, type RunningNginx } from './nginx-harness';
import { CORPUS_DRIVERS, DRIVER_DATA, headerValues, oddPaths, rawRequest, type RawAnswer } from './odd-paths';

// Issue 37, item 1: one path rule on both servers. nginx judged `eula/..\<id>` as one segment of
// an open rule and forwarded it; the service read `\` as `/` and answered the driver's data. Here
// the corpus of odd paths (odd-paths.json) goes to `npm start`'s own server code (serveStatic and
// driverApiProxy of scripts/) and to nginx with the deployment's configuration, both in front of
// the same sandbox behind one recording hop: same status from both, nothing of a driver in any
// answer, and the service gets exactly the path the table judged, or nothing.

const CORPUS = oddPaths(CORPUS_DRIVERS);

describe('the path rule (deploy/driver-api.cjs, ODD_PATHS)', () => {
  it.each(CORPUS.map((entry) => [JSON.stringify(entry.path), entry] as const))(
    '%s: refused exactly when the corpus says 400',
    (_name, entry) => {
      expect(oddPathReason(entry.path) !== undefined).toBe(entry.status === 400);
    },
  );

  it('names a reason for each way of being odd, and every reason is used by the corpus', () => {
    const reasons = new Set(CORPUS.map((entry) => oddPathReason(entry.path)).filter(Boolean));
    expect([...reasons].sort()).toEqual(ODD_PATHS.map((odd) => odd.reason).sort());
  });

  it('reads only the path, never the query; and not an absolute-form target as a path', () => {
    expect(oddPathReason('/App?returnTo=..%5c..%2f;x')).toBeUndefined();
    expect(oddPathReason('/a/..%5c/b?x=1')).toBe('encoded-separator');
  });

  it('the canonical path is the one spelling nginx judges: escapes decoded, runs of slashes merged, the rest escaped once', () => {
    expect(canonicalPath('/driver-api/%72egister//api/1.0/driver/eula/%31')).toBe('/driver-api/register/api/1.0/driver/eula/1');
    expect(canonicalPath('/a/%40b+c%20d/%E0%A4%A4/%c3%a9')).toBe('/a/@b+c%20d/%E0%A4%A4/%C3%A9');
    expect(canonicalPath('/a/%3f%23%22')).toBe('/a/%3F%23%22');
    // Idempotent: what the dev servers hand the proxy again comes out the same.
    const once = canonicalPath('/x/%7Bid%7D/%2a');
    expect(canonicalPath(once)).toBe(once);
  });
});

/** The sandbox behind a hop that records the path (and query) of every call that reaches a service. */
async function recordingSandbox(): Promise<{ port: number; reached: string[]; close: () => Promise<void> }> {
  const sandbox = createSandboxServer({});
  await listen(sandbox);
  const sandboxPort = (sandbox.address() as AddressInfo).port;
  const reached: string[] = [];
  const hop = createServer((req, res) => {
    if (!(req.url ?? '').startsWith('/auth/')) reached.push(req.url ?? '');
    // The session handoff's and the telemetry's services answer themselves, as theirs do (no-store, no CORS).
    if (/^\/(?:session-handoff|telemetry)\//.test(req.url ?? '')) {
      res.writeHead(404, { 'Cache-Control': 'no-store' }).end();
      return;
    }
    const forwarded = httpRequest(
      { host: '127.0.0.1', port: sandboxPort, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forwarded.on('error', () => res.writeHead(502).end());
    req.pipe(forwarded);
  });
  await listen(hop);
  return {
    port: (hop.address() as AddressInfo).port,
    reached,
    close: async () => {
      await close(hop);
      await close(sandbox);
    },
  };
}

const listen = (server: Server) => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
const close = (server: Server) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

describe('Node (`npm start`) and nginx give the same answer to every odd path, and the service gets the judged path or nothing', () => {
  let folder = '';
  let upstream: Awaited<ReturnType<typeof recordingSandbox>>;
  let node: Server;
  let nginx: RunningNginx;
  const servers = (): [string, number][] => [
    ['node', (node.address() as AddressInfo).port],
    ['nginx', nginx.port],
  ];

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'portal-path-rule-'));
    // A remote's build: its page, a manifest (CORS to the host) and nothing else.
    const appRoot = join(folder, 'app');
    for (const dir of ['current', 'releases', 'config']) mkdirSync(join(appRoot, dir), { recursive: true });
    writeFileSync(join(appRoot, 'current', 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(join(appRoot, 'current', 'mf-manifest.json'), '{"name":"remote"}');
    writeFileSync(join(appRoot, 'config', 'env.json'), '{}');
    upstream = await recordingSandbox();
    const base = `http://127.0.0.1:${upstream.port}`;
    const proxy = driverApiProxy({ upstream: base, authUrl: `${base}/auth/driver`, appOrigins: new Set([HOST_ORIGIN]) });
    node = await serveStatic({ root: join(appRoot, 'current'), port: 0, corsOrigins: [HOST_ORIGIN], proxy });
    // A remote's nginx with the deployment's configuration, the services behind the recording hop.
    nginx = await startDeploymentNginx({ prefix: join(folder, 'nginx'), role: 'remote', appRoot, upstream: base, probePath: '/App' });
  }, 30_000);

  afterAll(async () => {
    await nginx?.stop();
    if (node) await close(node);
    await upstream?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  /** The answer to one entry, and the paths that reached a service while it was asked. */
  async function ask(port: number, path: string, headers: Record<string, string> = {}): Promise<{ answer: RawAnswer; reached: string[] }> {
    upstream.reached.length = 0;
    const answer = await rawRequest('127.0.0.1', port, path, headers);
    return { answer, reached: [...upstream.reached] };
  }

  it(`${CORPUS.length} paths: the status of the corpus on both servers, nothing of a driver, the judged path forwarded or nothing`, async () => {
    const seen: Record<string, { node?: number; nginx?: number; expected: number }> = {};
    for (const entry of CORPUS) {
      for (const [name, port] of servers()) {
        const { answer, reached } = await ask(port, entry.path);
        const what = `${name} ${JSON.stringify(entry.path)} (${entry.why})`;
        (seen[entry.path] ??= { expected: entry.status })[name as 'node' | 'nginx'] = answer.status;
        expect({ what, status: answer.status }).toEqual({ what, status: entry.status });
        expect({ what, reached }).toEqual({ what, reached: entry.forwarded ? [entry.forwarded] : [] });
        for (const data of DRIVER_DATA) expect({ what, leaks: answer.body.includes(data) }).toEqual({ what, leaks: false });
        if (entry.status !== 200 && entry.driver)
          expect({ what, leaks: answer.body.includes(entry.driver) }).toEqual({ what, leaks: false });
      }
    }
    const refused = Object.values(seen).filter((answers) => answers.expected === 400);
    expect(refused.filter((answers) => answers.node !== 400 || answers.nginx !== 400)).toEqual([]);
  }, 60_000);

  it('CORS: the host gets it on a remote file, never on a proxy or a refused path; and every answer has exactly one Cache-Control', async () => {
    const origin = { Origin: HOST_ORIGIN };
    for (const [name, port] of servers()) {
      const manifest = await ask(port, '/mf-manifest.json', origin);
      expect([name, headerValues(manifest.answer, 'access-control-allow-origin')]).toEqual([name, [HOST_ORIGIN]]);
      for (const path of [
        '/driver-api/register/api/2.0/driver/eula',
        `/driver-api/register/api/1.0/driver/${DEMO_DRIVER.id}`,
        '/driver-api/register/api/1.0/driver/nothing',
        '/statement/api/extrato/nf',
        '/session-handoff/mint',
        '/telemetry/events',
        `/driver-api/register/api/1.0/driver/eula/..\\${DEMO_DRIVER.id}`,
        '/App;x',
      ]) {
        const { answer } = await ask(port, path, origin);
        expect([name, path, headerValues(answer, 'access-control-allow-origin')]).toEqual([name, path, []]);
      }
    }
    // The calls of every kind besides the corpus: answered by the open calls' script (nginx: njs), its
    // body check's 400 (the script's), and by nginx itself (the table's 404, the token check's 401).
    const calls = [
      { path: `/driver-api/register/api/1.0/driver/mobile/${DEMO_DRIVER.mobile}` },
      { path: `/driver-api/register/api/1.0/driver/${ONBOARDING_DRIVER.id}/license`, method: 'POST', body: '{"birthDate":"0001-01-01"}' },
      { path: `/driver-api/register/api/1.0/driver/${ONBOARDING_DRIVER.id}/states`, method: 'PUT', body: '{}' },
    ];
    for (const call of calls) {
      for (const [name, port] of servers()) {
        const answer = await rawRequest(
          '127.0.0.1',
          port,
          call.path,
          { 'Content-Type': 'application/json', 'Content-Length': String(call.body?.length ?? 0) },
          call.method,
          call.body,
        );
        expect([name, call.path, answer.status > 0, headerValues(answer, 'cache-control')]).toEqual([name, call.path, true, ['no-store']]);
      }
    }
    for (const entry of CORPUS.filter((corpusEntry) => corpusEntry.driver === undefined || corpusEntry.driver === DEMO_DRIVER.id)) {
      for (const [name, port] of servers()) {
        const { answer } = await ask(port, entry.path);
        // nginx's own 400 for a request it cannot parse (a raw control character, `%00`) has none: nothing is cached without it either.
        const values = headerValues(answer, 'cache-control');
        if (values.length === 0) {
          expect([name, entry.path, answer.status]).toEqual([name, entry.path, 400]);
          continue;
        }
        expect([name, entry.path, values.length]).toEqual([name, entry.path, 1]);
        if (entry.path.startsWith('/driver-api/')) expect([name, entry.path, values]).toEqual([name, entry.path, ['no-store']]);
      }
    }
  }, 60_000);
});
