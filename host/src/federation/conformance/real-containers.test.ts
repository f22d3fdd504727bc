import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { http, HttpResponse, server } from '@driver-portal/shared/test-utils';
import { REMOTES } from '@driver-portal/build-preset/apps.cjs';
import { HostFederation } from '../container-runtime';
import portalVersionGuard from '../plugins/version-guard';
import { providedShared } from '../runtime';

// Issue 39: every remote's BUILT container (the entry its dist/mf-manifest.json names,
// remoteEntry.<hash>.js, and the chunks it asks for) run in jsdom against the host's runtime with
// the host's share scope, as a driver's page runs it: the manifest read and accepted by the version
// guard, the entry evaluated, `init` with the host's scope, then `get('./routes')`. The container
// doubles of container-runtime.test.ts and the conformance tables say what we think a container
// does; this says what the containers the build makes today actually do with this runtime, so an
// upgrade of @module-federation/enhanced (its bundler runtime) is judged by a test.
//
// `npm test` runs the unit tests before the build, so the remotes whose dist is missing or older
// than their sources are built here (`build.mjs --changed`, under the lock every build and browser
// run takes), and their files are copied while the lock is held: another run's build cannot change
// them under this test.

const repoRoot = join(__dirname, '../../../..');
const LOCK = '/tmp/portal-e2e.lock';
/** How long to wait for another run's build or browser pass to free the lock. */
const LOCK_WAIT_S = 90;
/** flock's exit status when the lock was not free in time (`-E`), told apart from a failed build. */
const LOCK_BUSY = 75;

// Under the lock: build what is stale (in parallel), then copy each remote's dist (its scripts and
// manifest; not the compressed twins) to `copy`. Exit 3: a build failed (its output on stderr).
const BUILD_AND_COPY = `
const { spawn } = require('node:child_process');
const { cpSync } = require('node:fs');
const [copy, ...dirs] = process.argv.slice(1);
Promise.all(dirs.map((dir) => new Promise((resolve) => {
  const child = spawn(process.execPath, ['scripts/build.mjs', '--changed', '--only', dir], { stdio: ['ignore', 'inherit', 'inherit'] });
  child.on('exit', (code) => resolve(code === 0));
}))).then((built) => {
  if (built.includes(false)) process.exit(3);
  for (const dir of dirs) cpSync(dir + '/dist', copy + '/' + dir, { recursive: true, filter: (file) => !/\\.(gz|br)$/.test(file) });
});`;

const copy = mkdtempSync(join(tmpdir(), 'portal-real-containers-'));
/** Why these cases cannot run on this machine (no flock, the lock never freed): they say so and do not pass silently. */
let unavailable: string | undefined;
let preparedIn = 0;

beforeAll(async () => {
  const started = Date.now();
  if (!existsSync('/usr/bin/flock') && !existsSync('/bin/flock')) {
    unavailable = 'flock(1) is not installed: the remotes cannot be built under the suite’s build lock';
    return;
  }
  await new Promise<void>((resolve, reject) => {
    execFile(
      'flock',
      [
        '-w',
        String(LOCK_WAIT_S),
        '-E',
        String(LOCK_BUSY),
        LOCK,
        process.execPath,
        '-e',
        BUILD_AND_COPY,
        copy,
        ...REMOTES.map(({ dir }) => dir),
      ],
      { cwd: repoRoot, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error?.code === LOCK_BUSY) unavailable = `the build lock ${LOCK} was held for more than ${LOCK_WAIT_S} s by another run`;
        if (!error || error.code === LOCK_BUSY) resolve();
        else reject(new Error(`the remotes' build failed (exit ${String(error.code)}):\n${stdout}\n${stderr}`));
      },
    );
  });
  preparedIn = Date.now() - started;
}, 120_000);

afterAll(() => {
  rmSync(copy, { recursive: true, force: true });
  if (!unavailable) console.info(`real containers: remotes built if stale and copied in ${(preparedIn / 1000).toFixed(1)} s`);
});

const origin = (port: number) => `http://localhost:${port}`;

/** The copy's file behind an address of a remote's origin, if the build made one. */
function fileAt(url: string): string | undefined {
  const { port, pathname } = new URL(url);
  const remote = REMOTES.find((candidate) => String(candidate.port) === port);
  const file = remote && join(copy, remote.dir, decodeURIComponent(pathname));
  return file && existsSync(file) ? file : undefined;
}

/** What the page's scripts (entries, chunks) and style sheets do: run the built file, as a browser would, or fail as a 404 would. */
const evaluated: string[] = [];
function servePageResources() {
  const attach = (node: Node) => {
    if (node instanceof HTMLScriptElement && node.src) {
      setTimeout(() => {
        const file = fileAt(node.src);
        if (!file) return node.onerror?.(new Event('error'));
        evaluated.push(node.src);
        // A classic script: its top-level `var` (the container) lands on the page's global; during its
        // run `document.currentScript` is this element (a `publicPath: 'auto'` build reads its address there).
        const current = jest.spyOn(document, 'currentScript', 'get').mockReturnValue(node);
        try {
          (0, eval)(`${readFileSync(file, 'utf8')}\n//# sourceURL=${node.src}`);
        } finally {
          current.mockRestore();
        }
        node.onload?.(new Event('load'));
      }, 0);
    } else if (node instanceof HTMLLinkElement && node.rel === 'stylesheet') {
      // jsdom fetches no style sheet: its load is what the chunk's CSS loader waits for.
      setTimeout(() => (fileAt(node.href) ? node.onload : node.onerror)?.call(node, new Event(fileAt(node.href) ? 'load' : 'error')), 0);
    }
  };
  const append = Node.prototype.appendChild;
  const insertBefore = Node.prototype.insertBefore;
  jest.spyOn(document.head, 'appendChild').mockImplementation(function (this: HTMLHeadElement, node) {
    const result = append.call(this, node);
    attach(node);
    return result as typeof node;
  });
  jest.spyOn(document.head, 'insertBefore').mockImplementation(function (this: HTMLHeadElement, node, child) {
    const result = insertBefore.call(this, node, child);
    attach(node);
    return result as typeof node;
  });
}

interface Route {
  path?: string;
  lazy?: () => Promise<{ Component?: unknown; element?: unknown }>;
  children?: Route[];
}

/** The page: one host runtime for every remote, as on a driver's phone. */
let federation: HostFederation;

beforeEach(() => {
  if (unavailable) return;
  servePageResources();
  server.use(
    http.get(/\/mf-manifest\.json$/, ({ request }) => {
      const file = fileAt(request.url);
      return file ? HttpResponse.json(JSON.parse(readFileSync(file, 'utf8'))) : new HttpResponse(null, { status: 404 });
    }),
  );
  federation ??= new HostFederation(providedShared(), [portalVersionGuard()]);
  federation.registerRemotes(REMOTES.map(({ name, port }) => ({ name, entry: `${origin(port)}/mf-manifest.json` })));
});

describe('every remote’s built container, run in jsdom against the host’s runtime', () => {
  it.each(REMOTES.map((remote) => [remote.dir, remote] as const))(
    '%s: init with the host’s share scope, then ./routes gives its routes',
    async (dir, remote) => {
      if (unavailable) {
        console.warn(`real containers: ${dir} NOT checked: ${unavailable}`);
        return;
      }
      const manifest = JSON.parse(readFileSync(join(copy, dir, 'mf-manifest.json'), 'utf8')) as {
        metaData: { remoteEntry: { name: string } };
      };
      expect(manifest.metaData.remoteEntry.name).toMatch(/^remoteEntry\.[0-9a-f]+\.js$/);

      const module = await federation.loadRemote<{ routes: Route[] }>(`${remote.name}/routes`);

      // The entry the manifest names is what ran, and it defined the container under its name.
      expect(evaluated).toContain(`${origin(remote.port)}/${manifest.metaData.remoteEntry.name}`);
      // The very routes of its source (the built container is of today's sources, not a stale dist).
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- the remote's route table is data; read it, not its screens
      const source = require(join(repoRoot, dir, 'src/routes.ts')) as { routes: Route[] };
      expect(Array.isArray(module.routes)).toBe(true);
      expect(module.routes.length).toBeGreaterThan(0);
      expect(module.routes.map(({ path }) => path)).toEqual(source.routes.map(({ path }) => path));
      // Each route is inside the prefixes apps.json gives the remote (React Router matches without case).
      for (const { path = '' } of module.routes)
        expect(remote.prefixes.some((prefix) => `/${path.toLowerCase()}`.startsWith(prefix.toLowerCase()))).toBe(true);
      // A screen's chunk (and its styles) downloads and gives a component, on the host's React.
      // (The first route whose `lazy` is a function: a route may give React Router's per-part object instead.)
      const screen = module.routes.find((route) => typeof route.lazy === 'function');
      expect(screen?.lazy).toBeDefined();
      if (screen?.lazy) expect(typeof (await screen.lazy()).Component).toBe('function');
      // The container took the host's singletons from the one share scope: React is used by it.
      const scope = federation.sharing.shareScopeMap.default ?? {};
      const users = Object.values(scope.react ?? {}).flatMap(({ useIn }) => useIn);
      expect(users).toContain(remote.name);
    },
  );
});
