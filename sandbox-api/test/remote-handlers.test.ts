/**
 * A remote's sandbox endpoints live in its folder (`<remote>/sandbox/handlers.ts`) and a running
 * sandbox serves a remote added to the apps list after it started (remote-handlers.ts).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_TOKEN } from '../src/constants';
import { RECORDED_FOLDERS_FILE, RemoteHandlers } from '../src/remote-handlers';
import { createSandboxServer } from '../src/server';

const ROOT = join(__dirname, 'fixtures', 'remote-root');
const PROBE = { app: 'mfe-sandbox-probe', port: 3091, prefixes: ['/sandbox-probe'] };
const BASE = { host: { app: 'host', port: 3090 }, remotes: [] as (typeof PROBE)[], sandboxPort: 4090 };

let dir: string;
let list: string;
let server: Server;
let baseUrl: string;
let clock: number;

const writeList = (remotes: (typeof PROBE)[]) => writeFileSync(list, JSON.stringify({ ...BASE, remotes }));
const faq = (topic: string, headers: Record<string, string> = {}) =>
  fetch(`${baseUrl}/core/api/sandbox-probe/faq/${topic}`, { headers: { Authorization: `Bearer ${DEMO_TOKEN}`, ...headers } });

async function start(remotes: RemoteHandlers) {
  server = createSandboxServer({ remotes });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'sandbox-remotes-'));
  list = join(dir, 'apps.json');
  clock = 0;
});
afterEach(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  rmSync(dir, { recursive: true, force: true });
});

test("serves a handler from a remote's folder", async () => {
  writeList([PROBE]);
  await start(new RemoteHandlers({ lists: [list], roots: [ROOT] }));
  const answer = await faq('pagamentos');
  expect(answer.status).toBe(200);
  expect(await answer.json()).toEqual({ topic: 'pagamentos', answers: ['Resposta do sandbox da remota.'] });
  expect((await faq('unknown')).status).toBe(404);
  // The service's rules still apply before the remote's handler: no token, no answer.
  expect((await fetch(`${baseUrl}/core/api/sandbox-probe/faq/x`)).status).toBe(401);
});

test('a remote added to the list while the sandbox runs is served without a restart', async () => {
  writeList([]);
  const remotes = new RemoteHandlers({ lists: [list], roots: [ROOT], minRescanMs: 1000, now: () => clock });
  await start(remotes);
  expect((await faq('pagamentos')).status).toBe(404);

  writeList([PROBE]); // what release:remote --new does to the deployment's list
  // Read again at most once a second: within the second, still unknown.
  clock = 500;
  expect((await faq('pagamentos')).status).toBe(404);
  clock = 1500;
  expect((await faq('pagamentos')).status).toBe(200);
  // Its origin joins the statement proxy's CORS list too.
  expect(remotes.appPorts().has(PROBE.port)).toBe(true);
});

test("the statement proxy's answer grants CORS to a page of this server's lists, as its preflight does", async () => {
  writeList([PROBE]);
  await start(new RemoteHandlers({ lists: [list], roots: [ROOT] }));
  const origin = `http://localhost:${PROBE.port}`;
  const answer = await fetch(`${baseUrl}/statement-proxy/api/extrato/nf?cpf=52998224725`, {
    headers: { Authorization: `Bearer ${DEMO_TOKEN}`, Origin: origin },
  });
  expect(answer.status).not.toBe(401);
  expect(answer.headers.get('access-control-allow-origin')).toBe(origin);
});

test('a list being rewritten (invalid) is skipped and what was known stays served', async () => {
  writeList([PROBE]);
  const remotes = new RemoteHandlers({ lists: [list], roots: [ROOT], minRescanMs: 0, now: () => clock });
  await start(remotes);
  writeFileSync(list, '{ "host": ');
  clock = 10;
  expect((await faq('x')).status).toBe(200);
  writeList([{ ...PROBE, app: 'Not A Remote' }]);
  expect(remotes.scan()).toBe(false);
  expect(remotes.appPorts().has(PROBE.port)).toBe(true);
});

test('a remote without sandbox/handlers.ts is no error: the calls it does not have are 404', async () => {
  writeList([{ ...PROBE, app: 'mfe-without-handlers', port: 3092 }]);
  await start(new RemoteHandlers({ lists: [list], roots: [ROOT] }));
  expect((await faq('x')).status).toBe(404);
});

test("a remote added from a squad's own checkout is served from the folder release:remote recorded beside the list", async () => {
  writeList([PROBE]);
  const elsewhere = mkdtempSync(join(tmpdir(), 'sandbox-no-remotes-'));
  try {
    // Not in this checkout (roots): only where the deployment's record says its folder is.
    const recorded = (folders: Record<string, string>) => writeFileSync(join(dir, RECORDED_FOLDERS_FILE), JSON.stringify(folders));
    recorded({ [PROBE.app]: join('relative', PROBE.app), 'mfe-other': join(ROOT, PROBE.app) });
    await start(new RemoteHandlers({ lists: [list], roots: [elsewhere] }));
    // A relative folder, or one named as another remote, is not taken.
    expect((await faq('pagamentos')).status).toBe(404);
    await new Promise<void>((resolve) => server.close(() => resolve()));

    recorded({ [PROBE.app]: join(ROOT, PROBE.app) });
    await start(new RemoteHandlers({ lists: [list], roots: [elsewhere] }));
    expect((await faq('pagamentos')).status).toBe(200);
  } finally {
    rmSync(elsewhere, { recursive: true, force: true });
  }
});
