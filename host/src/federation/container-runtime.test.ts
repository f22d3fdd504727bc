import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as React from 'react';
import { http, HttpResponse, server } from '@driver-portal/shared/test-utils';
import type { PortalFederationPlugin } from '@driver-portal/shared/federation-plugins/plugin';
import portalRetry from '@driver-portal/shared/federation-plugins/retry';
import { HostFederation, type FederationGlobal } from './container-runtime';
import { INCOMPATIBLE_REMOTE } from './plugins/markers';
import portalVersionGuard, { FEDERATION_PROTOCOL } from './plugins/version-guard';
import { devtoolsAsked, providedShared } from './runtime';
import { withDevtools, type DevtoolsGlobal } from './devtools';
import { remoteEntryUrl } from './manifest-assets';
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

type Page = Record<string, unknown> & {
  _FEDERATION_RUNTIME_CORE?: {
    ModuleFederation: new (options: object) => Instance;
    setGlobalFederationInstance: (instance: Instance) => void;
  };
  __FEDERATION__?: FederationGlobal;
};
interface Instance {
  name: string;
  options: { name: string; plugins: unknown[] };
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
  // As the bundler runtime's init does: the page's instance of that name if there is one
  // (found by name, the options updated and its plugin added again), else a new one, listed.
  const options = { name, shared: {}, remotes: [], plugins: [{ name: 'tree-shake-plugin', beforeInit: (args: object) => args }] };
  let instance = page.__FEDERATION__?.__INSTANCES__.find((candidate) => candidate.name === name) as Instance | undefined;
  if (instance) instance.initOptions(options);
  else {
    instance = new core.ModuleFederation(options);
    core.setGlobalFederationInstance(instance);
  }
  const created = instance;
  const init = jest.fn(async (shareScope: object, initScope: unknown[], options: { shareScopeMap?: object }) => {
    created.initOptions({ name, remotes: [], ...options });
    created.initShareScopeMap('default', shareScope, { hostShareScopeMap: options.shareScopeMap });
    await Promise.all(created.initializeSharing('default', { strategy: 'loaded-first', initScope, from: 'build' }));
  });
  const get = async (expose: string) => {
    if (expose !== './routes') throw new Error(`Module "${expose}" does not exist in container.`);
    const react = await created.loadShare('react', {
      customShareInfo: { shareConfig: { singleton: true, requiredVersion: range, strictVersion: true }, scope: ['default'] },
    });
    if (react === false) throw new Error('the host provides no react');
    return () => ({ routes: [{ path: 'x', label }], react: react(), instance: created });
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
  // One page per test: the instances an earlier test's containers left are not this page's.
  delete (globalThis as unknown as Page).__FEDERATION__;
  delete (globalThis as unknown as Page)._FEDERATION_RUNTIME_CORE;
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
      const failed = expect(loading).rejects.toThrow(`${ENTRY_URL} did not load in 500 ms`);
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
    await federation.preloadRemote('mfe_x', './routes');
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
    await federation.preloadRemote('mfe_x', './routes');
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

  it('a lazy share whose download failed is downloaded again at the next load, not failed until a reload (issue 39, 1)', async () => {
    let downloads = 0;
    const http = { ApiError: class extends Error {} };
    const shared = {
      ...providedShared(),
      '@driver-portal/shared/http': {
        version: '1.4.0',
        // Offline at the first screen that calls the API, back online at "Tentar novamente".
        get: () => (++downloads === 1 ? Promise.reject(new Error('ChunkLoadError: offline')) : Promise.resolve(() => http)),
        shareConfig: { singleton: true, requiredVersion: '^1.4.0', strictVersion: true },
      },
    };
    const federation = new HostFederation(shared, []);
    const core = (globalThis as unknown as Page)._FEDERATION_RUNTIME_CORE;
    if (!core) throw new Error('no runtime');
    const scope = (federation as unknown as { sharing: { shareScopeMap: { default: object } } }).sharing.shareScopeMap.default;
    const consumer = new core.ModuleFederation({ name: 'mfe_a', shared: {} });
    consumer.initShareScopeMap('default', scope, {});
    const info = {
      customShareInfo: { shareConfig: { singleton: true, requiredVersion: '^1.0.0', strictVersion: true }, scope: ['default'] },
    };
    await expect(consumer.loadShare('@driver-portal/shared/http', info)).rejects.toThrow('offline');
    const factory = await consumer.loadShare('@driver-portal/shared/http', info);
    expect(factory && factory()).toBe(http);
    // Once it arrived it stays: a third load downloads nothing.
    await consumer.loadShare('@driver-portal/shared/http', info);
    expect(downloads).toBe(2);
  });

  it('refuses a manifest that does not say which federation plugin built it (issue 39, 3)', async () => {
    server.use(
      http.get(MANIFEST_URL, () => HttpResponse.json(manifest({ metaData: { ...manifest().metaData, pluginVersion: undefined } }))),
    );
    const federation = withPlugins(portalVersionGuard());
    await expect(federation.loadRemote('mfe_x/routes')).rejects.toThrow(
      `${INCOMPATIBLE_REMOTE}: mfe_x needs federation (no metaData.pluginVersion) (portal: ${FEDERATION_PROTOCOL})`,
    );
    expect(scriptsAppended).toEqual([]);
  });

  it('an entry that throws while it runs fails with its own error and address, and portal-retry does not run it again (issue 39, 5)', async () => {
    const boom = new TypeError("Cannot read properties of undefined (reading 'init')");
    // What the browser does with a script that throws: reports the error to the window, then its load event.
    const throwing = () => {
      window.dispatchEvent(new ErrorEvent('error', { message: `Uncaught ${String(boom)}`, filename: ENTRY_URL, error: boom }));
    };
    scripts[ENTRY_URL] = [throwing, () => container('mfe_x')];
    const federation = withPlugins(portalRetry());
    const failure = await federation.loadRemote('mfe_x/routes').catch((error: unknown) => error as Error);
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).toBe(`[portal] ${ENTRY_URL} threw while it ran: Uncaught ${String(boom)}`);
    expect((failure as Error).cause).toBe(boom);
    // No retry: one script, at once (portal-retry's pauses would have added 300 ms and 1.2 s).
    expect(scriptsAppended).toEqual([ENTRY_URL]);
    // Another script's error is not this entry's: the next load (the driver's retry) succeeds.
    window.dispatchEvent(new ErrorEvent('error', { message: 'elsewhere', filename: 'http://other.test/x.js' }));
    await expect(federation.loadRemote('mfe_x/routes')).resolves.toMatchObject({ routes: [{ path: 'x' }] });
  });

  it('a release while the tab is open (force) gives the new entry a fresh federation instance, not the old one found by name (issue 39, 6)', async () => {
    const next = 'http://remote.test/releases/8/mf-manifest.json';
    server.use(http.get(next, () => HttpResponse.json(manifest())));
    scripts[ENTRY_URL] = [() => container('mfe_x', '^19.0.0', 'antiga')];
    scripts['http://remote.test/releases/8/remoteEntry.js'] = [() => container('mfe_x', '^19.0.0', 'nova')];
    const federation = withPlugins();
    const first = await federation.loadRemote<{ instance: Instance }>('mfe_x/routes');
    federation.registerRemotes([{ name: 'mfe_x', entry: next }], { force: true });
    const second = await federation.loadRemote<{ instance: Instance; routes: unknown }>('mfe_x/routes');
    expect(second.routes).toEqual([{ path: 'x', label: 'nova' }]);
    expect(second.instance).not.toBe(first.instance);
    const instances = (globalThis as unknown as Page).__FEDERATION__?.__INSTANCES__ ?? [];
    expect(instances.filter(({ name }) => name === 'mfe_x')).toEqual([second.instance]);
    // One plugin entry, as on the first load: a release does not add one more each time.
    expect(second.instance.options.plugins).toHaveLength(first.instance.options.plugins.length);
  });

  it('fills in what the Module Federation devtools read, when asked: instances, share scopes, each remote’s release and shares (issue 39, 7)', async () => {
    scripts[ENTRY_URL] = [() => container('mfe_x')];
    const injected = jest.fn(() => undefined);
    (globalThis as unknown as Page).__FEDERATION__ = {
      __GLOBAL_PLUGIN__: [{ name: 'devtools-proxy', fetch: injected }],
    } as unknown as FederationGlobal;
    // The extension's injected plugin is what asks for the devtools' view (runtime.ts).
    expect(devtoolsAsked()).toBe(true);
    const federation = withDevtools((plugins) => new HostFederation(providedShared(), plugins), [portalVersionGuard()], remoteEntryUrl);
    federation.registerRemotes([{ name: 'mfe_x', entry: MANIFEST_URL }]);
    await federation.loadRemote('mfe_x/routes');
    const global = (globalThis as unknown as Page).__FEDERATION__ as DevtoolsGlobal | undefined;
    if (!global) throw new Error('no __FEDERATION__');
    // A plugin the devtools injected before the runtime started takes part in fetching manifests.
    expect(injected).toHaveBeenCalledWith(MANIFEST_URL, expect.any(Object));
    expect(global.__INSTANCES__.map(({ name }) => name)).toEqual(['host', 'mfe_x']);
    // The host's share scope as the containers use it: who provides React, who uses it.
    const scopes = global.__SHARE__.host as Record<string, Record<string, Record<string, { from: string; useIn: string[] }>>>;
    expect(scopes.default?.react?.['19.3.1']).toMatchObject({ from: 'host', useIn: expect.arrayContaining(['mfe_x']) });
    // Which remote, which release, which shares it needs, in runtime-core's snapshot shape.
    expect(global.moduleInfo).toEqual({
      host: { remotesInfo: { mfe_x: { matchedVersion: MANIFEST_URL } } },
      [`mfe_x:${MANIFEST_URL}`]: expect.objectContaining({
        version: MANIFEST_URL,
        pluginVersion: '2.9.2',
        remoteEntry: ENTRY_URL,
        shared: [{ sharedName: 'react', requiredVersion: '^19.0.0' }],
        modules: [{ modulePath: './routes' }],
      }),
    });
  });

  it('costs a driver nothing when no one asked for the devtools: only the instances a container needs', async () => {
    scripts[ENTRY_URL] = [() => container('mfe_x')];
    expect(devtoolsAsked()).toBe(false);
    await withPlugins(portalVersionGuard()).loadRemote('mfe_x/routes');
    expect(Object.keys((globalThis as unknown as Page).__FEDERATION__ ?? {})).toEqual(['__INSTANCES__']);
    localStorage.setItem('portal-devtools', '1');
    try {
      expect(devtoolsAsked()).toBe(true);
    } finally {
      localStorage.removeItem('portal-devtools');
    }
  });
});
