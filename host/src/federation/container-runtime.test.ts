import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as React from 'react';
import { http, HttpResponse, server } from '@driver-portal/shared/test-utils';
import type { PortalFederationPlugin } from '@driver-portal/shared/federation-plugins/plugin';
import portalRetry from '@driver-portal/shared/federation-plugins/retry';
import { HostFederation } from './container-runtime';
import { INCOMPATIBLE_REMOTE } from './plugins/markers';
import portalVersionGuard, { FEDERATION_PROTOCOL } from './plugins/version-guard';
import { providedShared } from './runtime';
import { satisfiesRange } from './semver';

// The host's side of Module Federation 2's container protocol (issue 33). The e2e suite runs it
// with the remotes' real containers; here each container is a double that does what the
// federation plugin's bundler runtime does with `externalRuntime`: it builds its instance with
// the constructor the page hands it, takes the host's share scope at `init` and loads its
// singletons from it.

const MANIFEST_URL = 'http://remote.test/releases/7/mf-manifest.json';
const ENTRY_URL = 'http://remote.test/releases/7/remoteEntry.js';

const manifest = (overrides: Record<string, unknown> = {}) => ({
  name: 'mfe_x',
  metaData: { globalName: 'mfe_x', publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '' }, pluginVersion: '2.9.2' },
  shared: [{ name: 'react', singleton: true, requiredVersion: '^19.0.0' }],
  exposes: [{ path: './routes', assets: { js: { sync: ['routes.1a.js'] }, css: { sync: ['routes.2b.css'] } } }],
  ...overrides,
});

type Page = Record<string, unknown> & { _FEDERATION_RUNTIME_CORE?: { ModuleFederation: new (options: object) => Instance } };
interface Instance {
  initOptions(options: object): void;
  initShareScopeMap(scope: string, shareScope: object, extra: object): void;
  initializeSharing(scope: string, extra: object): Array<Promise<void>>;
  loadShare(key: string, extra: object): Promise<(() => unknown) | false>;
}

/** A container as an `externalRuntime` build makes it: consumes `react` at `range`. */
function container(name: string, range = '^19.0.0', label = 'Lista') {
  const page = globalThis as unknown as Page;
  const core = page._FEDERATION_RUNTIME_CORE;
  if (!core) throw new Error('no federation runtime on the page');
  const instance = new core.ModuleFederation({
    name,
    shared: {},
    remotes: [],
    plugins: [{ name: 'tree-shake-plugin', beforeInit: (args: object) => args }],
  });
  const init = jest.fn(async (shareScope: object, initScope: unknown[], options: { shareScopeMap?: object }) => {
    instance.initOptions({ name, remotes: [], ...options });
    instance.initShareScopeMap('default', shareScope, { hostShareScopeMap: options.shareScopeMap });
    await Promise.all(instance.initializeSharing('default', { strategy: 'loaded-first', initScope, from: 'build' }));
  });
  const get = async (expose: string) => {
    if (expose !== './routes') throw new Error(`Module "${expose}" does not exist in container.`);
    const react = await instance.loadShare('react', {
      customShareInfo: { shareConfig: { singleton: true, requiredVersion: range, strictVersion: true }, scope: ['default'] },
    });
    if (react === false) throw new Error('the host provides no react');
    return () => ({ routes: [{ path: 'x', label }], react: react() });
  };
  page[name] = { init, get };
  return init;
}

/** What each script address does once appended: run an entry, fail, or never answer. */
let scripts: Record<string, Array<'fail' | 'hang' | (() => void)>>;
const scriptsAppended: string[] = [];

beforeEach(() => {
  scripts = {};
  scriptsAppended.length = 0;
  const append = Node.prototype.appendChild;
  jest.spyOn(document.head, 'appendChild').mockImplementation(function (this: HTMLHeadElement, node) {
    const result = append.call(this, node);
    if (node instanceof HTMLScriptElement) {
      scriptsAppended.push(node.src);
      const behaviour = scripts[node.src]?.shift() ?? 'fail';
      setTimeout(() => {
        if (behaviour === 'hang') return;
        if (behaviour === 'fail') node.onerror?.(new Event('error'));
        else {
          behaviour();
          node.onload?.(new Event('load'));
        }
      }, 0);
    }
    return result as typeof node;
  });
  server.use(http.get(MANIFEST_URL, () => HttpResponse.json(manifest())));
});

afterEach(() => {
  delete (globalThis as unknown as Page).mfe_x;
  document.head.innerHTML = '';
});

const withPlugins = (...plugins: PortalFederationPlugin[]) => {
  const federation = new HostFederation(providedShared(), plugins);
  federation.registerRemotes([{ name: 'mfe_x', entry: MANIFEST_URL }]);
  return federation;
};

describe("the host's federation runtime", () => {
  it("loads a remote's exposed module from its manifest's entry, the container taking React from the host", async () => {
    let init: jest.Mock | undefined;
    scripts[ENTRY_URL] = [() => (init = container('mfe_x'))];
    const federation = withPlugins(portalVersionGuard());
    const module = await federation.loadRemote<{ routes: unknown[]; react: unknown }>('mfe_x/routes');
    expect(module.routes).toEqual([{ path: 'x', label: 'Lista' }]);
    // The very React the host's shell runs with: one React on the page.
    expect((module.react as typeof React).useState).toBe(React.useState);
    expect(scriptsAppended).toEqual([ENTRY_URL]);
    // The share scope is handed as runtime-core hands it: the scope, an init scope, the keys.
    expect(init).toHaveBeenCalledWith(expect.objectContaining({ react: expect.any(Object) }), [], {
      version: '',
      shareScopeKeys: 'default',
    });
    // Loaded once: a second load reuses the container.
    await federation.loadRemote('mfe_x/routes');
    expect(init).toHaveBeenCalledTimes(1);
    expect(scriptsAppended).toHaveLength(1);
    // The script element does not stay in the page.
    expect(document.head.querySelector('script')).toBeNull();
  });

  it('refuses a container that needs another React, with the version guard marker, before its entry is fetched', async () => {
    server.use(
      http.get(MANIFEST_URL, () =>
        HttpResponse.json(manifest({ shared: [{ name: 'react', singleton: true, requiredVersion: '^18.3.1' }] })),
      ),
    );
    const federation = withPlugins(portalVersionGuard());
    await expect(federation.loadRemote('mfe_x/routes')).rejects.toThrow(
      `${INCOMPATIBLE_REMOTE}: mfe_x needs react ^18.3.1 (portal: 19.3.1)`,
    );
    expect(scriptsAppended).toEqual([]);
  });

  it('refuses a container built by a federation plugin whose protocol the runtime does not speak', async () => {
    server.use(http.get(MANIFEST_URL, () => HttpResponse.json(manifest({ metaData: { ...manifest().metaData, pluginVersion: '3.0.0' } }))));
    const federation = withPlugins(portalVersionGuard());
    await expect(federation.loadRemote('mfe_x/routes')).rejects.toThrow(`federation 3.0.0 (portal: ${FEDERATION_PROTOCOL})`);
  });

  it('speaks the protocol of the federation plugin the suite builds with', () => {
    const entry = require.resolve('@module-federation/enhanced');
    const packageFile = join(
      entry.slice(0, entry.lastIndexOf('/@module-federation/enhanced/')),
      '@module-federation/enhanced/package.json',
    );
    const enhanced = JSON.parse(readFileSync(packageFile, 'utf8')) as { version: string };
    expect(satisfiesRange(enhanced.version, FEDERATION_PROTOCOL)).toBe(true);
  });

  it('without the guard, a strict singleton outside the range fails inside the container, not silently', async () => {
    scripts[ENTRY_URL] = [() => container('mfe_x', '^18.0.0')];
    const federation = withPlugins();
    await expect(federation.loadRemote('mfe_x/routes')).rejects.toThrow('mfe_x needs react ^18.0.0; the page shares 19.3.1');
  });

  it('a manifest answering 404 or something other than JSON fails the load, and the next load asks again', async () => {
    let answers = 0;
    server.use(
      http.get(MANIFEST_URL, () => {
        answers += 1;
        if (answers === 1) return new HttpResponse('not here', { status: 404 });
        if (answers === 2) return new HttpResponse('<html>', { headers: { 'Content-Type': 'text/html' } });
        return HttpResponse.json(manifest());
      }),
    );
    scripts[ENTRY_URL] = [() => container('mfe_x')];
    const federation = withPlugins();
    await expect(federation.loadRemote('mfe_x/routes')).rejects.toThrow('answered 404');
    await expect(federation.loadRemote('mfe_x/routes')).rejects.toThrow();
    await expect(federation.loadRemote('mfe_x/routes')).resolves.toMatchObject({ routes: [{ path: 'x' }] });
    expect(answers).toBe(3);
  });

  it('an entry that fails to load is tried again by portal-retry; one that defines no container is an error', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    try {
      scripts[ENTRY_URL] = ['fail', () => container('mfe_x')];
      const federation = withPlugins(portalRetry());
      const loading = federation.loadRemote('mfe_x/routes');
      await jest.advanceTimersByTimeAsync(2_000);
      await expect(loading).resolves.toMatchObject({ routes: [{ path: 'x' }] });
      expect(scriptsAppended).toEqual([ENTRY_URL, ENTRY_URL]);
    } finally {
      jest.useRealTimers();
    }
    scripts[ENTRY_URL] = [() => undefined];
    const bare = new HostFederation(providedShared(), []);
    bare.registerRemotes([{ name: 'mfe_x', entry: MANIFEST_URL }]);
    delete (globalThis as unknown as Page).mfe_x;
    await expect(bare.loadRemote('mfe_x/routes')).rejects.toThrow('defined no federation container named mfe_x');
  });

  it("gives up on an entry after the plugin's timeout", async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    try {
      scripts[ENTRY_URL] = ['hang'];
      const federation = withPlugins({ name: 'short', createScript: () => ({ timeout: 500 }) });
      const loading = federation.loadRemote('mfe_x/routes');
      const failed = expect(loading).rejects.toThrow(`${ENTRY_URL} did not load within 500 ms`);
      await jest.advanceTimersByTimeAsync(600);
      await failed;
    } finally {
      jest.useRealTimers();
    }
  });

  it('preloading fetches the manifest, runs the entry and announces the routes chunks, but runs none of the remote’s modules', async () => {
    let init: jest.Mock | undefined;
    scripts[ENTRY_URL] = [() => (init = container('mfe_x'))];
    const federation = withPlugins();
    await federation.preloadRemote([{ nameOrAlias: 'mfe_x', exposes: ['./routes'] }]);
    const preloads = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')].map((link) => `${link.as} ${link.href}`);
    expect(preloads).toEqual(['script http://remote.test/releases/7/routes.1a.js', 'style http://remote.test/releases/7/routes.2b.css']);
    expect(init).not.toHaveBeenCalled();
    // The tap: no second entry script.
    await federation.loadRemote('mfe_x/routes');
    expect(init).toHaveBeenCalledTimes(1);
    expect(scriptsAppended).toEqual([ENTRY_URL]);
  });

  it("registered again with force (a release), a remote's next load runs the new release's entry, even a prefetched one's", async () => {
    const next = 'http://remote.test/releases/8/mf-manifest.json';
    server.use(http.get(next, () => HttpResponse.json(manifest())));
    scripts[ENTRY_URL] = [() => container('mfe_x', '^19.0.0', 'antiga')];
    scripts['http://remote.test/releases/8/remoteEntry.js'] = [() => container('mfe_x', '^19.0.0', 'nova')];
    scripts['http://remote.test/releases/8/remoteEntry.js'].push(() => container('mfe_x', '^19.0.0', 'nova de novo'));
    const federation = withPlugins();
    // Prefetched (its entry ran, its container waits), then released before the tap.
    await federation.preloadRemote([{ nameOrAlias: 'mfe_x' }]);
    federation.registerRemotes([{ name: 'mfe_x', entry: next }], { force: true });
    await expect(federation.loadRemote('mfe_x/routes')).resolves.toMatchObject({ routes: [{ label: 'nova' }] });
    // Without force a registered remote stays as it is; with force, loaded or not, it loads again.
    federation.registerRemotes([{ name: 'mfe_x', entry: MANIFEST_URL }]);
    await expect(federation.loadRemote('mfe_x/routes')).resolves.toMatchObject({ routes: [{ label: 'nova' }] });
    federation.registerRemotes([{ name: 'mfe_x', entry: next }], { force: true });
    await expect(federation.loadRemote('mfe_x/routes')).resolves.toMatchObject({ routes: [{ label: 'nova de novo' }] });
  });

  it('a remote registered by its entry script loads without a manifest', async () => {
    scripts[ENTRY_URL] = [() => container('mfe_x')];
    const federation = new HostFederation(providedShared(), [portalVersionGuard()]);
    federation.registerRemotes([{ name: 'mfe_x', entry: ENTRY_URL }]);
    await expect(federation.loadRemote('mfe_x/routes')).resolves.toMatchObject({ routes: [{ path: 'x' }] });
  });

  it('the HTTP singleton is downloaded on first use, once, whichever container asks first', async () => {
    const federation = withPlugins();
    const page = globalThis as unknown as Page;
    const core = page._FEDERATION_RUNTIME_CORE;
    if (!core) throw new Error('no runtime');
    const scope = (federation as unknown as { sharing: { shareScopeMap: { default: object } } }).sharing.shareScopeMap.default;
    const consumers = ['mfe_a', 'mfe_b'].map((name) => {
      const instance = new core.ModuleFederation({ name, shared: {} });
      instance.initShareScopeMap('default', scope, {});
      return instance;
    });
    const info = {
      customShareInfo: { shareConfig: { singleton: true, requiredVersion: '^1.0.0', strictVersion: true }, scope: ['default'] },
    };
    const [first, second] = await Promise.all(consumers.map((instance) => instance.loadShare('@driver-portal/shared/http', info)));
    expect(first).toBe(second);
    expect(typeof (first as () => { ApiError: unknown })().ApiError).toBe('function');
    // A key nobody provides: the container is told so (its bundler runtime reports it).
    await expect(consumers[0]?.loadShare('left-pad', info)).resolves.toBe(false);
  });
});
