import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, renameSync, utimesSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import portalCohort from '../nginx/portal-cohort.mjs';
import { pageCohort } from '../../scripts/page-cohort.mjs';
import { cacheControl, entityTag, noneMatchNames, serveStatic } from '../../scripts/static-server.mjs';
import { COHORT_SECRET as SECRET, HOST_ORIGIN, startDeploymentNginx, type RunningNginx } from './nginx-harness';
import { headerValues, rawRequest, type RawAnswer } from './odd-paths';

/*
 * Issue 39: a driver opens the portal many times a shift, with the webview's HTTP cache kept. What
 * decides the live version (the remote list, the runtime configuration, manifests, navigation
 * files) is revalidated, not downloaded again: an ETag and a 304 of headers only while nothing
 * changed, on both servers (`npm start`'s Node server and nginx with the deployment's
 * configuration, run here from deploy/nginx as the containers render it). What must still hold: a
 * release is a new ETag (a 200 with the new file), and the remote list a page reads always names
 * the request's own cohort, never one a cached copy carried.
 */

const LIST = (release: string) =>
  `[{"name":"mfe_x","manifest":"http://localhost:3001/releases/${release}/mf-manifest.json","prefixes":["/x"]}]\n`;

const close = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));
const header = (answer: RawAnswer, name: string) => headerValues(answer, name).join(', ');
const cookieOf = (cohort: string) => `${portalCohort.cookieName(false)}=${portalCohort.signedCohort(cohort, SECRET, Date.now())}`;
/** Bytes on the wire: status line, header lines, body. */
const wireBytes = (answer: RawAnswer) =>
  `HTTP/1.1 ${answer.status} X\r\n`.length +
  answer.headers.reduce((sum, [name, value]) => sum + name.length + value.length + 4, 2) +
  answer.body.length;

/** A file written whole under a new name, then renamed over the old one (as the release script writes the list). */
function replaceFile(file: string, content: string, mtimeSeconds?: number): void {
  writeFileSync(`${file}.tmp`, content);
  if (mtimeSeconds !== undefined) utimesSync(`${file}.tmp`, mtimeSeconds, mtimeSeconds);
  renameSync(`${file}.tmp`, file);
}

describe('the Node server: caching rules and validators', () => {
  it.each([
    ['remotes.json', 'private, no-cache'],
    ['mf-manifest.json', 'private, no-cache'],
    ['navigation.json', 'private, no-cache'],
    ['env.json', 'no-cache'],
    ['remoteEntry.0123456789.js', 'public, max-age=31536000, immutable'],
    ['main.0123456789.css', 'public, max-age=31536000, immutable'],
    ['index.html', 'no-store'],
  ])('%s: %s', (file, expected) => {
    expect(cacheControl(file)).toBe(expected);
  });

  it('an ETag names the content, the encoding and the cohort; If-None-Match compares weakly, in lists and with *', () => {
    expect(entityTag('abc', undefined, undefined)).toBe('"abc"');
    expect(entityTag('abc', 'br', 'c07')).toBe('"abc-br-c07"');
    expect(noneMatchNames('"x", W/"abc-br"', '"abc-br"')).toBe(true);
    expect(noneMatchNames('*', '"abc"')).toBe(true);
    expect(noneMatchNames('"abc-br"', '"abc"')).toBe(false);
    expect(noneMatchNames(undefined, '"abc"')).toBe(false);
  });
});

describe('a repeat open on both servers: 304s while nothing changed, a release seen, the cohort always the request’s', () => {
  let folder = '';
  let hostRoot = '';
  let remoteRoot = '';
  let node: Server;
  let nginxHost: RunningNginx;
  let nginxRemote: RunningNginx;
  const hosts = (): [string, number][] => [
    ['node', (node.address() as AddressInfo).port],
    ['nginx', nginxHost.port],
  ];
  const get = (port: number, path: string, headers: Record<string, string> = {}) => rawRequest('127.0.0.1', port, path, headers);
  /** nginx with the deployment's configuration (render.cjs) for one app of `role`; no service is reached. */
  const startNginx = (role: 'host' | 'remote', appRoot: string) =>
    startDeploymentNginx({ prefix: join(folder, `nginx-${role}`), role, appRoot, upstream: 'http://127.0.0.1:9', probePath: '/env.json' });

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'portal-repeat-open-'));
    // The host as nginx serves it (current/ and the configuration beside it); Node serves one folder.
    hostRoot = join(folder, 'host');
    for (const dir of ['current', 'config']) mkdirSync(join(hostRoot, dir), { recursive: true });
    writeFileSync(join(hostRoot, 'current', 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(join(hostRoot, 'current', 'main.0123456789.js'), 'console.log(1);\n');
    writeFileSync(join(hostRoot, 'config', 'env.json'), '{"environments":{}}\n');
    writeFileSync(join(hostRoot, 'config', 'remotes.json'), LIST('r-aaaaaaaaaaaa'));
    // Node's folder holds the same files (its configuration is beside the build).
    const nodeRoot = join(folder, 'node');
    mkdirSync(nodeRoot);
    for (const file of ['index.html', 'main.0123456789.js'])
      writeFileSync(join(nodeRoot, file), readFileSync(join(hostRoot, 'current', file)));
    for (const file of ['env.json', 'remotes.json']) symlinkSync(join(hostRoot, 'config', file), join(nodeRoot, file));
    node = await serveStatic({
      root: nodeRoot,
      port: 0,
      cohort: pageCohort({ authUrl: 'http://127.0.0.1:9/auth/driver', secret: SECRET }),
    });
    nginxHost = await startNginx('host', hostRoot);

    // A remote with two releases whose manifests have the same size, copied at different times
    // (release:remote copies each build into releases/<id>), `current` linking the first.
    remoteRoot = join(folder, 'remote');
    for (const id of ['r-aaaaaaaaaaaa', 'r-bbbbbbbbbbbb']) {
      mkdirSync(join(remoteRoot, 'releases', id), { recursive: true });
      writeFileSync(join(remoteRoot, 'releases', id, 'index.html'), '<!doctype html><div id="root"></div>');
      writeFileSync(join(remoteRoot, 'releases', id, 'mf-manifest.json'), `{"release":"${id}"}\n`);
    }
    const now = Math.floor(Date.now() / 1000);
    utimesSync(join(remoteRoot, 'releases', 'r-aaaaaaaaaaaa', 'mf-manifest.json'), now - 60, now - 60);
    utimesSync(join(remoteRoot, 'releases', 'r-bbbbbbbbbbbb', 'mf-manifest.json'), now - 30, now - 30);
    symlinkSync(join('releases', 'r-aaaaaaaaaaaa'), join(remoteRoot, 'current'));
    mkdirSync(join(remoteRoot, 'config'));
    writeFileSync(join(remoteRoot, 'config', 'env.json'), '{"environments":{}}\n');
    nginxRemote = await startNginx('remote', remoteRoot);
  }, 30_000);

  afterAll(async () => {
    await nginxHost?.stop();
    await nginxRemote?.stop();
    if (node) await close(node);
    rmSync(folder, { recursive: true, force: true });
  });

  it('env.json: revalidated, a 304 without a body while it is unchanged, smaller than the file it saves', async () => {
    for (const [server, port] of hosts()) {
      const first = await get(port, '/env.json');
      expect([server, first.status, header(first, 'cache-control')]).toEqual([server, 200, 'no-cache']);
      const etag = header(first, 'etag');
      expect(etag).toMatch(/^"/);
      const again = await get(port, '/env.json', { 'If-None-Match': etag });
      expect([server, again.status, again.body, header(again, 'cache-control')]).toEqual([server, 304, '', 'no-cache']);
      expect(wireBytes(again)).toBeLessThan(wireBytes(first));
    }
  });

  it('a content-hashed file (a remote entry is one now) is immutable for a year', async () => {
    for (const [server, port] of hosts()) {
      const answer = await get(port, '/main.0123456789.js');
      expect([server, answer.status, header(answer, 'cache-control')]).toEqual([server, 200, 'public, max-age=31536000, immutable']);
    }
  });

  it('the remote list: private, revalidated; each answer, 200 or 304, names the cohort of its own request', async () => {
    for (const [server, port] of hosts()) {
      const c07 = cookieOf('c07');
      const first = await get(port, '/remotes.json', { Cookie: c07 });
      expect([server, first.status, header(first, 'cache-control'), header(first, 'portal-cohort')]).toEqual([
        server,
        200,
        'private, no-cache',
        'c07',
      ]);
      const etag = header(first, 'etag');
      const same = await get(port, '/remotes.json', { Cookie: c07, 'If-None-Match': etag });
      expect([server, same.status, same.body, header(same, 'portal-cohort')]).toEqual([server, 304, '', 'c07']);
      // Another driver on the same phone: the browser revalidates the copy it kept for c07.
      const other = await get(port, '/remotes.json', { Cookie: cookieOf('c42'), 'If-None-Match': etag });
      expect([server, header(other, 'portal-cohort')]).toEqual([server, 'c42']);
      // No signed cohort (a refused token, an expired cookie): the list in full, naming none.
      const none = await get(port, '/remotes.json', { 'If-None-Match': etag });
      expect([server, none.status, header(none, 'portal-cohort'), JSON.parse(none.body)]).toEqual([
        server,
        200,
        '',
        JSON.parse(LIST('r-aaaaaaaaaaaa')),
      ]);
    }
  });

  it('the remote list after a release: a 200 with the new list, not a 304', async () => {
    const file = join(hostRoot, 'config', 'remotes.json');
    const now = Math.floor(Date.now() / 1000);
    replaceFile(file, LIST('r-aaaaaaaaaaaa'), now - 10);
    const etags = new Map<string, string>();
    for (const [server, port] of hosts()) etags.set(server, header(await get(port, '/remotes.json', { Cookie: cookieOf('c07') }), 'etag'));
    // A release: the same size, written a few seconds later (nginx's ETag is the file's time and size).
    replaceFile(file, LIST('r-bbbbbbbbbbbb'), now - 5);
    for (const [server, port] of hosts()) {
      const answer = await get(port, '/remotes.json', { Cookie: cookieOf('c07'), 'If-None-Match': etags.get(server) ?? '' });
      expect([server, answer.status, JSON.parse(answer.body)]).toEqual([server, 200, JSON.parse(LIST('r-bbbbbbbbbbbb'))]);
    }
  });

  it('Node: a list rewritten within the same second, same size, is still a new ETag (its content names it)', async () => {
    const file = join(hostRoot, 'config', 'remotes.json');
    const second = Math.floor(Date.now() / 1000) - 2;
    replaceFile(file, LIST('r-cccccccccccc'), second);
    const [, port] = hosts()[0] ?? ['', 0];
    const etag = header(await get(port, '/remotes.json'), 'etag');
    replaceFile(file, LIST('r-dddddddddddd'), second);
    const answer = await get(port, '/remotes.json', { 'If-None-Match': etag });
    expect([answer.status, JSON.parse(answer.body)]).toEqual([200, JSON.parse(LIST('r-dddddddddddd'))]);
  });

  it("nginx, a remote: a release folder's files are immutable; its own page's manifest is revalidated and changes with the `current` switch", async () => {
    const released = await get(nginxRemote.port, '/releases/r-aaaaaaaaaaaa/mf-manifest.json', { Origin: HOST_ORIGIN });
    expect([released.status, header(released, 'cache-control')]).toEqual([200, 'public, max-age=31536000, immutable']);

    const live = await get(nginxRemote.port, '/mf-manifest.json');
    expect([live.status, header(live, 'cache-control'), live.body]).toEqual([200, 'private, no-cache', '{"release":"r-aaaaaaaaaaaa"}\n']);
    const etag = header(live, 'etag');
    expect((await get(nginxRemote.port, '/mf-manifest.json', { 'If-None-Match': etag })).status).toBe(304);
    // The release: `current` switched to a folder whose manifest has the same size.
    symlinkSync(join('releases', 'r-bbbbbbbbbbbb'), join(remoteRoot, 'current.tmp'));
    renameSync(join(remoteRoot, 'current.tmp'), join(remoteRoot, 'current'));
    const switched = await get(nginxRemote.port, '/mf-manifest.json', { 'If-None-Match': etag });
    expect([switched.status, switched.body]).toEqual([200, '{"release":"r-bbbbbbbbbbbb"}\n']);
  });
});
