import { ownsPath } from '@driver-portal/shared/boot';
import type { RemoteRoutesModule } from '@driver-portal/shared/shell';
import type { RouteObject } from 'react-router';
import type { HostFederation } from './container-runtime';
import { INCOMPATIBLE_REMOTE } from './plugins/markers';
import { REMOTE_LIST_URL, type RemoteDescriptor } from './remote-list';

/** How often, at most, the host asks whether the remote list changed (at a navigation into an area). */
export const DEFAULT_REVALIDATE_SECONDS = 60;

/** The release settings of the runtime configuration (env.json's optional `releases`). */
export interface ReleaseSettings {
  revalidateAfterMs: number;
}

/** `releases.revalidateSeconds` of env.json when it is a number of seconds, else the default. */
export function releaseSettings(configFile: unknown): ReleaseSettings {
  const seconds = (configFile as { releases?: { revalidateSeconds?: unknown } } | null)?.releases?.revalidateSeconds;
  return { revalidateAfterMs: (typeof seconds === 'number' && seconds >= 0 ? seconds : DEFAULT_REVALIDATE_SECONDS) * 1000 };
}

export interface RegistryOptions {
  /** The remote list itself could not be fetched. */
  listUnavailable?: boolean;
  /** The ETag of the list's first read. */
  etag?: string | null;
  /** How long a revalidation may make a navigation wait (remote-list.ts's default). */
  revalidationDeadlineMs?: number;
  now?: () => number;
}

const registration = ({ name, manifest }: RemoteDescriptor) => ({ name, entry: manifest });

/** What happened to a remote in this page, for telemetry (host/src/telemetry). */
export interface RemoteEvent {
  kind: 'load' | 'load-failure' | 'refused' | 'error';
  /** The remote as registered when it happened (its manifest names its release). */
  remote: RemoteDescriptor;
  /** The area's prefix for loads; the address's path for errors, made a pattern with `params` by telemetry. */
  route: string;
  params?: Readonly<Record<string, string | undefined>>;
  error?: unknown;
}

/** What the area's retry needs of the page's data router (remote-area.tsx): its routes, and the one way to replace patched ones. */
export interface AreaRouter {
  readonly routes: RouteObject[];
  _internalSetRoutes(routes: RouteObject[]): void;
}

/**
 * The remotes the host knows, registered with the federation runtime once one is needed (the
 * runtime is a chunk of its own: the home and the host's own pages never download it). Loading
 * a remote's routes is deduplicated; a failure is remembered (for the fallback) until the driver
 * retries.
 *
 * A tab stays open for a whole shift while remotes are released: the list is read again at
 * navigations into an area (`revalidate`, at most every `revalidateAfterMs`, a 304 when nothing
 * changed). A remote not loaded yet is registered again with its new manifest, so it loads the
 * live version; a loaded one keeps running the code it loaded and is reported `stale`, which the
 * router turns into a full load of the address the driver was going to (router.tsx).
 */
export class RemoteRegistry {
  /** The page's router (router.tsx, createHostRouter), for the area's retry. */
  router: AreaRouter | undefined;
  private readonly loads = new Map<string, Promise<RemoteRoutesModule>>();
  private readonly failures = new Map<string, unknown>();
  private remotes: readonly RemoteDescriptor[];
  /** The remote list itself could not be fetched: no path can be told to belong to a remote. */
  listUnavailable: boolean;

  private federationInstance: Promise<HostFederation> | undefined;
  /** The manifest each remote is registered with, and the one whose code runs once it has loaded. */
  private readonly registered = new Map<string, string>();
  private readonly loadedFrom = new Map<string, string>();
  private etag: string | null;
  private listReadAt: number;
  private revalidateAfterMs = DEFAULT_REVALIDATE_SECONDS * 1000;
  private revalidation: Promise<void> | undefined;
  private readonly now: () => number;
  /** Telemetry's listener (downloaded after the first paint); events before it are kept for it. */
  private listener: ((event: RemoteEvent) => void) | undefined;
  private readonly pendingEvents: RemoteEvent[] = [];

  private readonly revalidationDeadlineMs: number | undefined;

  constructor(
    remotes: readonly RemoteDescriptor[],
    { listUnavailable = false, etag = null, now = Date.now, revalidationDeadlineMs }: RegistryOptions = {},
  ) {
    this.revalidationDeadlineMs = revalidationDeadlineMs;
    this.remotes = remotes;
    this.listUnavailable = listUnavailable;
    this.etag = etag;
    this.now = now;
    this.listReadAt = now();
  }

  configure({ revalidateAfterMs }: ReleaseSettings): void {
    this.revalidateAfterMs = revalidateAfterMs;
  }

  private register(federation: HostFederation, remotes: readonly RemoteDescriptor[], force: boolean): void {
    if (remotes.length === 0) return;
    // Forced, the runtime forgets what it loaded of a remote (manifest, entry, container, even a
    // prefetched entry's) before the next load, which runs the new release's entry.
    if (force) federation.registerRemotes(remotes.map(registration), { force });
    else federation.registerRemotes(remotes.map(registration));
    for (const { name, manifest } of remotes) this.registered.set(name, manifest);
  }

  /** The federation runtime, downloaded the first time a remote is needed (the home needs none). */
  private federation(): Promise<HostFederation> {
    this.federationInstance ??= import(/* webpackChunkName: "federation" */ './runtime')
      .then(({ createHostFederation }) => createHostFederation())
      .then(
        (instance) => {
          this.register(instance, this.remotes, false);
          return instance;
        },
        (error: unknown) => {
          // Offline when it was first needed: the next load (the fallback's retry) downloads it again.
          this.federationInstance = undefined;
          throw error;
        },
      );
    return this.federationInstance;
  }

  /**
   * Reads the remote list again when the last read is older than the configured interval (or
   * always, `force`: a retry, a list that was unavailable). Concurrent calls share one request;
   * a failure keeps the list the page has (offline: asked again after the interval).
   */
  revalidate({ force = false } = {}): Promise<void> {
    if (!force && this.now() - this.listReadAt < this.revalidateAfterMs) return Promise.resolve();
    this.revalidation ??= this.readListAgain().finally(() => {
      this.revalidation = undefined;
    });
    return this.revalidation;
  }

  /** Kept for the home's retry: the list read again, whatever its age. */
  reloadList(): Promise<void> {
    return this.revalidate({ force: true });
  }

  private async readListAgain(url = REMOTE_LIST_URL): Promise<void> {
    try {
      // A chunk of its own: a deep link reads the list once, at start, and revalidates only at a
      // later navigation (after the interval) or a retry, so its first screen never needs this.
      const { revalidateRemoteList } = await import(/* webpackChunkName: "list-revalidation" */ './list-revalidation');
      const read = await revalidateRemoteList(this.listUnavailable ? null : this.etag, url, this.revalidationDeadlineMs);
      this.listReadAt = this.now();
      this.listUnavailable = false;
      if (read === 'unchanged') return;
      this.etag = read.etag;
      this.remotes = read.list;
      if (!this.federationInstance) return; // registered from this list when the runtime starts
      const federation = await this.federationInstance;
      // A remote whose code has not run yet is registered with its live manifest; a loaded one
      // cannot be swapped under its screens (see `stale`).
      const moved = read.list.filter(({ name, manifest }) => !this.loadedFrom.has(name) && this.registered.get(name) !== manifest);
      this.register(federation, moved, true);
    } catch (error) {
      this.listReadAt = this.now();
      console.error('[portal] remote list unavailable', error);
    }
  }

  /** Tells telemetry of a load, failure or error of a remote. */
  emit(event: RemoteEvent): void {
    if (this.listener) this.listener(event);
    // Kept for the listener, within reason (a page that fails in a loop must not grow for ever).
    else if (this.pendingEvents.length < 50) this.pendingEvents.push(event);
  }

  observe(listener: (event: RemoteEvent) => void): void {
    this.listener = listener;
    for (const event of this.pendingEvents.splice(0)) listener(event);
  }

  /** The remote as this page runs it: the manifest its code came from once loaded, else the live one. */
  running(name: string): RemoteDescriptor | undefined {
    const live = this.remotes.find((remote) => remote.name === name);
    const loaded = this.loadedFrom.get(name);
    if (!live || loaded === undefined || loaded === live.manifest) return live;
    return { name, manifest: loaded, prefixes: live.prefixes };
  }

  /**
   * The live version of a loaded remote is not the one running in this page: the code cannot be
   * replaced in place, so the next navigation into its area is a full load (router.tsx).
   */
  stale(name: string): RemoteDescriptor | undefined {
    const loaded = this.loadedFrom.get(name);
    const live = this.remotes.find((remote) => remote.name === name);
    return loaded !== undefined && live !== undefined && live.manifest !== loaded ? live : undefined;
  }

  /** The remotes of the list, in its order. */
  list(): readonly RemoteDescriptor[] {
    return this.remotes;
  }

  ownerOf(pathname: string): RemoteDescriptor | undefined {
    return this.remotes.find((remote) => ownsPath(remote.prefixes, pathname));
  }

  failureOf(name: string): unknown {
    return this.failures.get(name);
  }

  loadRoutes(remote: RemoteDescriptor): Promise<RemoteRoutesModule> {
    let load = this.loads.get(remote.name);
    if (!load) {
      let manifest: string | undefined;
      load = this.federation()
        .then((federation) => {
          manifest = this.registered.get(remote.name);
          return federation.loadRemote<RemoteRoutesModule>(`${remote.name}/routes`);
        })
        .then((module) => {
          if (!module || !Array.isArray(module.routes)) throw new Error(`Remote ${remote.name} exposes no routes`);
          this.failures.delete(remote.name);
          if (manifest) this.loadedFrom.set(remote.name, manifest);
          this.emit({ kind: 'load', remote: this.running(remote.name) ?? remote, route: remote.prefixes[0] ?? '/' });
          return module;
        });
      load.catch((error: unknown) => {
        this.failures.set(remote.name, error);
        this.loads.delete(remote.name);
        const refused = error instanceof Error && error.message.includes(INCOMPATIBLE_REMOTE);
        const registeredAs = { ...remote, manifest: manifest ?? this.registered.get(remote.name) ?? remote.manifest };
        this.emit({ kind: refused ? 'refused' : 'load-failure', remote: registeredAs, route: remote.prefixes[0] ?? '/', error });
      });
      this.loads.set(remote.name, load);
    }
    return load;
  }

  /**
   * Fetches a remote's manifest, entry and routes chunk without running them, so they download
   * while the host's own code still does. A failure here is only a missed head start.
   */
  preload(remote: RemoteDescriptor): void {
    this.federation()
      .then((federation) => federation.preloadRemote(remote.name, './routes'))
      .catch(() => undefined);
  }

  /**
   * What `preload` fetches, awaited (prefetch-areas.ts runs them one after the other, when the
   * page is idle); never rejects: a failure here is only a missed head start.
   */
  async prefetch(remote: RemoteDescriptor): Promise<void> {
    try {
      const federation = await this.federation();
      await federation.preloadRemote(remote.name, './routes');
    } catch {
      // The tap loads it as before.
    }
  }

  /**
   * The retry of a remote that failed or was refused: the list is read again first (a rollback
   * or a fixed release since the page loaded is what the retry then loads), then the remote is
   * forgotten and registered with its live manifest.
   */
  async retry(remote: RemoteDescriptor): Promise<void> {
    await this.revalidate({ force: true });
    this.reset(this.remotes.find(({ name }) => name === remote.name) ?? remote);
  }

  /** Forgets a failed remote (cached manifest and entry included) so the next load is real. */
  reset(remote: RemoteDescriptor): void {
    this.failures.delete(remote.name);
    this.loads.delete(remote.name);
    // Every later load waits for this registration.
    const registered = this.federation().then((federation) => {
      this.register(federation, [remote], true);
      return federation;
    });
    this.federationInstance = registered;
    registered.catch(() => {
      // The runtime itself did not download: the next load tries again.
      if (this.federationInstance === registered) this.federationInstance = undefined;
    });
  }
}
