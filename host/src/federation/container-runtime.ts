import type { FederationManifest, PortalFederationPlugin, RemoteContainer } from '@driver-portal/shared/federation-plugins/plugin';
import { announceAssets, exposeAssets, remoteEntryUrl } from './manifest-assets';
import { DEFAULT_SCOPE, SharingInstance, type SharedOption } from './share-scope';

/**
 * The host's federation runtime: the host's side of Module Federation 2's container protocol,
 * sized for what this portal runs (issue 33: `@module-federation/runtime-core` was 19.3 KB gz on
 * every deep link at the host; this, with its share scope and version ranges, is about 3.5 KB gz).
 *
 * The remotes stay Module Federation 2 containers, built by `@module-federation/enhanced` with
 * `externalRuntime` (build-preset): a container takes its federation runtime from the page, as
 * `globalThis._FEDERATION_RUNTIME_CORE`, and this module puts there the parts the containers'
 * bundler runtime calls (the instance constructor and the global instance list). The host
 * registers remotes by their manifest (or entry) address, reads a manifest before any of the
 * remote's code runs, loads the entry script, initialises the container with the one share scope
 * and gets the exposed module.
 *
 * What runtime-core also does and the portal never runs is left out: manifest snapshots and the
 * preloading built on them, Node loading, remotes of remotes, 'version-first' sharing's start
 * (share-scope.ts) and its hooks' dozens of lifecycle points. Cross-cutting concerns stay named plugins
 * (`PortalFederationPlugin`: deadline, retry, version guard), as before.
 *
 * The container protocol is the federation plugin's: `FEDERATION_PROTOCOL`
 * (plugins/version-guard.ts) says which versions this speaks; a test holds the installed plugin
 * inside it and the guard refuses a container built by another.
 */

/** runtime-core's time for one attempt at an entry script when no plugin says otherwise. */
const DEFAULT_ENTRY_TIMEOUT_MS = 20_000;

/**
 * `globalThis.__FEDERATION__`: the federation instances of the page, where a container's bundler
 * runtime finds its own by name. What the Module Federation devtools also read (share scopes,
 * each remote's manifest, the plugins they inject) is filled only when a squad asks for it
 * (devtools.ts, a chunk of its own: nothing of it reaches a driver's first screen).
 */
export interface FederationGlobal {
  __INSTANCES__: SharingInstance[];
  __DEBUG_CONSTRUCTOR__?: unknown;
}

type PageGlobal = typeof globalThis & { __FEDERATION__?: FederationGlobal; _FEDERATION_RUNTIME_CORE?: unknown } & Record<string, unknown>;

/** What a container's bundler runtime reads of the page's runtime (module 2.9's `externalRuntime`). */
export function installRuntimeCore(page: PageGlobal = globalThis as PageGlobal): FederationGlobal {
  const federation = (page.__FEDERATION__ ??= {} as FederationGlobal);
  federation.__INSTANCES__ ??= [];
  page._FEDERATION_RUNTIME_CORE ??= {
    ModuleFederation: SharingInstance,
    CurrentGlobal: page,
    getGlobalFederationConstructor: () => federation.__DEBUG_CONSTRUCTOR__,
    setGlobalFederationConstructor: () => undefined,
    setGlobalFederationInstance: (instance: SharingInstance) => federation.__INSTANCES__.push(instance),
    assert(condition: unknown, code: string) {
      if (!condition) throw new Error(`[portal] ${code}`);
    },
    helpers: { global: {}, share: {}, utils: {} },
  };
  return federation;
}

export interface RemoteRegistration {
  name: string;
  /** The remote's mf-manifest.json, or its remoteEntry.js directly (no manifest, no version guard). */
  entry: string;
}

interface RemoteState {
  remote: RemoteRegistration;
  manifest?: Promise<FederationManifest | undefined>;
  container?: Promise<RemoteContainer>;
  initialized?: Promise<RemoteContainer>;
}

type Stage = 'manifest' | 'container' | 'initialized';

const isManifestAddress = (url: string) => new URL(url, document.baseURI).pathname.endsWith('.json');

/** An entry script that loaded and ran (it threw, or defined no container): trying it again runs the same code. */
const ran = (message: string, cause?: unknown) => Object.assign(new Error(message, { cause }), { ran: true });

function loadScript(url: string, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    const timer = setTimeout(() => finish(new Error(`[portal] ${url} did not load in ${timeoutMs} ms`)), timeoutMs);
    // An exception while the script runs is reported to the window, during its run, before its
    // load event: its own error is kept (a script of another origin without CORS has its message
    // hidden by the browser: "Script error.").
    let thrown: ErrorEvent | undefined;
    const onError = (event: ErrorEvent) => {
      if (event.filename === url || document.currentScript === script) thrown ??= event;
    };
    addEventListener('error', onError);
    function finish(error?: Error) {
      clearTimeout(timer);
      removeEventListener('error', onError);
      script.onload = null;
      script.onerror = null;
      script.remove();
      if (error) reject(error);
      else resolve();
    }
    script.onload = () => finish(thrown && ran(`[portal] ${url} threw while it ran: ${thrown.message}`, thrown.error));
    script.onerror = () => finish(new Error(`[portal] ${url} failed to load`));
    // No crossorigin, as the early script's preloads ask (host/src/early-start.ts), so they match.
    script.src = url;
    document.head.appendChild(script);
  });
}

export class HostFederation {
  /** The host's own instance and its share scope (read by devtools.ts). */
  readonly sharing: SharingInstance;
  private readonly remotes = new Map<string, RemoteState>();
  private readonly global: FederationGlobal;

  constructor(
    shared: Record<string, SharedOption>,
    private readonly plugins: readonly PortalFederationPlugin[],
  ) {
    this.global = installRuntimeCore();
    this.sharing = new SharingInstance({ name: 'host', shared });
    this.sharing.initializeSharing(DEFAULT_SCOPE);
  }

  /**
   * Registers remotes; `force` (a release while the tab is open) replaces one already registered:
   * what was loaded of it is forgotten, and so is its container's federation instance, so the new
   * release's entry starts a fresh one instead of taking the old one by its name (runtime-core
   * removes it too).
   */
  registerRemotes(remotes: readonly RemoteRegistration[], { force = false }: { force?: boolean } = {}): void {
    for (const remote of remotes) {
      if (!force && this.remotes.has(remote.name)) continue;
      this.remotes.set(remote.name, { remote });
      const instances = this.global.__INSTANCES__;
      for (let index = instances.length - 1; force && index >= 0; index -= 1)
        if (instances[index]?.name === remote.name) instances.splice(index, 1);
    }
  }

  /** `name/expose` (as `mfe_account/routes`): the exposed module of the remote, its code run. */
  async loadRemote<T>(id: string): Promise<T> {
    const slash = id.indexOf('/');
    const name = id.slice(0, slash);
    const container = await this.stage(name, 'initialized', () => this.initialized(name));
    const factory = await container.get(`./${id.slice(slash + 1)}`);
    return factory() as T;
  }

  /**
   * Downloads what loading a remote's exposed module (`./routes`) needs, without running its code:
   * the manifest (checked), the entry (its script runs and defines the container, which is not
   * initialised) and the exposed module's chunks and styles, as preloads.
   */
  async preloadRemote(name: string, expose: string): Promise<void> {
    const { remote } = this.state(name);
    const manifest = await this.stage(name, 'manifest', () => this.checkedManifest(remote));
    if (manifest) announceAssets(document, exposeAssets(remote.entry, manifest, expose));
    await this.stage(name, 'container', () => this.container(name));
  }

  private state(name: string): RemoteState {
    const state = this.remotes.get(name);
    if (!state) throw new Error(`[portal] ${name} is not registered`);
    return state;
  }

  /** Each stage of a remote runs once; a failed one is forgotten, so the next load tries it again. */
  private stage<K extends Stage>(name: string, stage: K, start: () => NonNullable<RemoteState[K]>): NonNullable<RemoteState[K]> {
    const state = this.state(name);
    let promise = state[stage];
    if (!promise) {
      const started = start();
      state[stage] = started;
      started.catch(() => {
        if (state[stage] === started) state[stage] = undefined;
      });
      promise = started;
    }
    return promise as NonNullable<RemoteState[K]>;
  }

  private async initialized(name: string): Promise<RemoteContainer> {
    const container = await this.stage(name, 'container', () => this.container(name));
    const options = { version: '', shareScopeKeys: DEFAULT_SCOPE };
    // As runtime-core hands it: the whole map, not enumerable.
    Object.defineProperty(options, 'shareScopeMap', { value: this.sharing.shareScopeMap, enumerable: false });
    await container.init(this.sharing.shareScopeMap[DEFAULT_SCOPE] ?? {}, [], options);
    return container;
  }

  private async container(name: string): Promise<RemoteContainer> {
    const { remote } = this.state(name);
    const manifest = await this.stage(name, 'manifest', () => this.checkedManifest(remote));
    const url = manifest ? remoteEntryUrl(remote.entry, manifest) : new URL(remote.entry, document.baseURI).href;
    if (!url) throw new Error(`[portal] ${name}: no entry`);
    const globalName = typeof manifest?.metaData?.globalName === 'string' ? manifest.metaData.globalName : name;
    return this.loadEntry(name, url, globalName);
  }

  /** The remote's manifest, read and accepted by every plugin; none when it is registered by its entry. */
  private async checkedManifest(remote: RemoteRegistration): Promise<FederationManifest | undefined> {
    if (!isManifestAddress(remote.entry)) return undefined;
    const init: RequestInit = {};
    let answer: Promise<Response> | undefined;
    for (const plugin of this.plugins) {
      answer = plugin.fetch?.(remote.entry, init);
      if (answer) break;
    }
    const response = await (answer ?? fetch(remote.entry, init));
    if (!response.ok) throw new Error(`[portal] ${remote.entry} answered ${response.status}`);
    const manifest: unknown = await response.json();
    if (!manifest || typeof manifest !== 'object') throw new Error(`[portal] ${remote.entry}: no manifest`);
    const providedVersion = (key: string) => this.sharing.options.shared[key]?.[0]?.version;
    for (const plugin of this.plugins) {
      await plugin.afterLoadManifest?.({
        manifest: manifest as FederationManifest,
        remoteName: remote.name,
        url: remote.entry,
        providedVersion,
      });
    }
    return manifest as FederationManifest;
  }

  private async loadEntry(remoteName: string, url: string, globalName: string): Promise<RemoteContainer> {
    const timeout = this.plugins.reduce((current, plugin) => plugin.createScript?.()?.timeout ?? current, DEFAULT_ENTRY_TIMEOUT_MS);
    const page = globalThis as PageGlobal;
    const loadEntry = async (): Promise<RemoteContainer> => {
      // A container an earlier release's entry left (a classic script's `var`) is not this one.
      if (globalName in page) page[globalName] = undefined;
      await loadScript(url, timeout);
      const container = page[globalName] as Partial<RemoteContainer> | undefined;
      if (typeof container?.init !== 'function' || typeof container.get !== 'function') {
        throw ran(`[portal] ${url} defined no federation container named ${globalName}`);
      }
      return container as RemoteContainer;
    };
    try {
      return await loadEntry();
    } catch (error) {
      const scriptRan = (error as { ran?: boolean }).ran === true;
      for (const plugin of this.plugins) {
        const container = await plugin.loadEntryError?.({ remoteName, url, error, loadEntry, ran: scriptRan });
        if (container) return container;
      }
      throw error;
    }
  }
}
