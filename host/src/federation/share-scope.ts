import { satisfiesRange } from './semver';

/**
 * The sharing half of Module Federation 2's runtime, as far as this portal uses it: one share
 * scope ("default") where the host registers its singletons (React, the router, the platform's
 * singletons) and every remote container takes them from, at a version its build accepts.
 *
 * A remote container built with `externalRuntime` creates its federation instance with the
 * constructor the page hands it (container-runtime.ts): this class. So it implements the methods
 * the containers' bundler runtime calls (`initOptions`, `initShareScopeMap`, `initializeSharing`,
 * `registerShared`, `loadShare`, `loadShareSync`), and keeps the share scope in runtime-core's
 * shape, which a dev server's remote (it keeps its own runtime-core) reads.
 *
 * What runtime-core also does and the portal never runs is left out: 'version-first' sharing's
 * start (it would start every remote at start-up; its choice of a version is kept: `pick`, below),
 * remotes' own providers racing the host's (remotes take singletons from the host only:
 * `import: false`), tree-shaken shares, and layers.
 */

type Factory = () => unknown;

export interface ShareConfig {
  singleton?: boolean;
  requiredVersion?: string | false;
  strictVersion?: boolean;
  eager?: boolean;
}

/** One version of a shared module as it is registered in a share scope (runtime-core's shape). */
export interface SharedVersion {
  version: string;
  from: string;
  scope: string[];
  shareConfig: ShareConfig;
  strategy: 'loaded-first' | 'version-first';
  deps: string[];
  useIn: string[];
  get: () => Promise<Factory> | Factory;
  lib?: Factory;
  loaded?: boolean;
  loading?: Promise<Factory> | null;
}

/** How a shared module is declared: a loaded module (`lib`) or one to download (`get`). */
export interface SharedOption {
  version?: string;
  lib?: Factory;
  get?: () => Promise<Factory> | Factory;
  shareConfig?: ShareConfig;
  scope?: string | string[];
}

export type ShareScope = Record<string, Record<string, SharedVersion>>;

interface BeforeInitArgs {
  origin: SharingInstance;
  userOptions: InstanceOptions;
  options: InstanceOptions;
  shareInfo: object;
}

interface InstancePlugin {
  name?: string;
  beforeInit?: (args: BeforeInitArgs) => BeforeInitArgs | undefined;
}

export interface InstanceOptions {
  name: string;
  id?: string;
  shared?: Record<string, SharedOption | SharedOption[]>;
  plugins?: InstancePlugin[];
  shareStrategy?: 'loaded-first' | 'version-first';
  // The bundler runtime passes more (remotes, version, share scope keys): kept as they come.
  [option: string]: unknown;
}

export const DEFAULT_SCOPE = 'default';

const asArray = <T>(value: T | T[]): T[] => (Array.isArray(value) ? value : [value]);

/**
 * The version runtime-core picks for a consumer that names no share strategy, as a production
 * container's consume never does (its build provides nothing: `import: false`, so runtime-core
 * takes 'version-first', not the instance's 'loaded-first'): in registration order, a higher
 * version replaces the pick until the pick is loaded. The host registers its loaded singletons
 * first, so they stay the pick. (runtime-core's `findSingletonVersionOrderByVersion`, issue 39's
 * conformance suite.)
 */
const pick = (versions: SharedVersion[]): SharedVersion =>
  versions.reduce((chosen, entry) =>
    !chosen.loaded && !chosen.lib && satisfiesRange(chosen.version, `<=${entry.version}`) ? entry : chosen,
  );

export class SharingInstance {
  readonly name: string;
  options: InstanceOptions & { plugins: InstancePlugin[]; shared: Record<string, SharedVersion[]> };
  readonly shareScopeMap: Record<string, ShareScope> = {};

  constructor(userOptions: InstanceOptions) {
    this.name = userOptions.name;
    this.options = { id: userOptions.name, name: userOptions.name, plugins: [], remotes: [], shared: {}, shareStrategy: 'loaded-first' };
    this.initOptions(userOptions);
  }

  initOptions(userOptions: InstanceOptions) {
    const { plugins } = this.options;
    for (const plugin of userOptions.plugins ?? []) if (!plugins.includes(plugin)) plugins.push(plugin);
    let args: BeforeInitArgs = { origin: this, userOptions, options: this.options, shareInfo: {} };
    for (const plugin of plugins) args = plugin.beforeInit?.(args) ?? args;
    const { shared, plugins: _plugins, ...rest } = args.userOptions;
    this.options = { ...this.options, ...rest, name: this.name, plugins, shared: this.options.shared };
    if (shared) this.registerShared(shared);
    return this.options;
  }

  /** Declares shared modules; each is registered in its scopes unless that version already is. */
  registerShared(shared: Record<string, SharedOption | SharedOption[]>): void {
    for (const [key, options] of Object.entries(shared)) {
      for (const option of asArray(options)) {
        const entry = this.normalized(option);
        const declared = (this.options.shared[key] ??= []);
        if (!declared.some(({ version }) => version === entry.version)) declared.push(entry);
        for (const scopeName of entry.scope) this.register(scopeName, key, entry);
      }
    }
  }

  initShareScopeMap(scopeName: string, shareScope: ShareScope): void {
    this.shareScopeMap[scopeName] = shareScope;
  }

  /** Puts this instance's own shared modules in the scope; nothing to wait for (no 'version-first'). */
  initializeSharing(scopeName = DEFAULT_SCOPE): Array<Promise<void>> {
    this.shareScopeMap[scopeName] ??= {};
    for (const [key, versions] of Object.entries(this.options.shared)) {
      for (const entry of versions) if (entry.scope.includes(scopeName)) this.register(scopeName, key, entry);
    }
    return [];
  }

  /**
   * The factory of a shared module at a version `customShareInfo` (a container's consume) or this
   * instance's declaration accepts; `false` when a container asked and the scope has none (its
   * bundler runtime then says so).
   */
  async loadShare(key: string, extra?: { customShareInfo?: Partial<SharedVersion> }): Promise<Factory | false> {
    const info = extra?.customShareInfo ?? this.options.shared[key]?.[0];
    if (!info) throw new Error(`[portal] ${this.name}: no share ${key}`);
    const found = this.registered(key, info);
    if (found) return this.factoryOf(found);
    if (extra?.customShareInfo) return false;
    // Nobody registered it in the scope: this instance's own declaration, registered for the others.
    const own = this.normalized(info);
    for (const scopeName of own.scope) this.register(scopeName, key, own);
    return this.factoryOf(own);
  }

  loadShareSync(key: string, extra?: { customShareInfo?: Partial<SharedVersion> }): Factory {
    const info = extra?.customShareInfo ?? this.options.shared[key]?.[0];
    const found = info && this.registered(key, info);
    if (found?.lib) return found.lib;
    throw new Error(`[portal] ${key} is not loaded yet (${this.name})`);
  }

  private factoryOf(entry: SharedVersion): Factory | Promise<Factory> {
    if (!entry.useIn.includes(this.name)) entry.useIn.push(this.name);
    if (entry.lib) return entry.lib;
    entry.loading ??= Promise.resolve(entry.get()).then(
      (factory) => {
        entry.lib = factory;
        entry.loaded = true;
        return factory;
      },
      (error: unknown) => {
        // A download that failed (offline for a moment) is forgotten, so the next load, or the
        // screen's "Tentar novamente", downloads it again instead of failing until a reload
        // (runtime-core keeps the rejected promise: issue 39).
        entry.loading = null;
        throw error;
      },
    );
    return entry.loading;
  }

  /**
   * The registered version to use, as runtime-core's `getRegisteredShare` says: the pick (above);
   * for a singleton refused when `strictVersion` and outside the required range; otherwise the
   * pick when it is in the range, else the first registered version that is. Only the first
   * scope holding the key is asked, as upstream's.
   */
  private registered(key: string, info: Partial<SharedVersion>): SharedVersion | undefined {
    const { singleton, requiredVersion, strictVersion } = info.shareConfig ?? {};
    const scopeName = asArray(info.scope ?? DEFAULT_SCOPE).find((name) => this.shareScopeMap[name]?.[key]);
    const versions = Object.values((scopeName && this.shareScopeMap[scopeName]?.[key]) || {});
    if (!versions.length) return undefined;
    const chosen = pick(versions);
    const accepted = (entry: SharedVersion) => typeof requiredVersion !== 'string' || satisfiesRange(entry.version, requiredVersion);
    if (!singleton) return accepted(chosen) ? chosen : versions.find(accepted);
    if (!accepted(chosen)) {
      const message = `[portal] ${this.name} needs ${key} ${String(requiredVersion)}; the page shares ${chosen.version}`;
      if (strictVersion) throw new Error(message);
      console.warn(message);
    }
    return chosen;
  }

  private register(scopeName: string, key: string, entry: SharedVersion): void {
    const scope = (this.shareScopeMap[scopeName] ??= {});
    const versions = (scope[key] ??= {});
    versions[entry.version] ??= entry;
  }

  private normalized(option: SharedOption | Partial<SharedVersion>): SharedVersion {
    const version = option.version ?? '0.0.0';
    const { lib } = option;
    return {
      deps: [],
      useIn: [],
      from: this.name,
      strategy: this.options.shareStrategy ?? 'loaded-first',
      ...option,
      version,
      scope: asArray(option.scope ?? DEFAULT_SCOPE),
      shareConfig: { requiredVersion: `^${version}`, singleton: false, strictVersion: false, eager: false, ...option.shareConfig },
      get: option.get ?? (() => Promise.resolve(lib ?? (() => undefined))),
      loaded: Boolean(lib),
      lib,
    };
  }
}
