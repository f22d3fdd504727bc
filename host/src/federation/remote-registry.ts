import type { ModuleFederation } from '@module-federation/runtime';
import { ownsPath } from '@driver-portal/shared/boot';
import type { RemoteRoutesModule } from '@driver-portal/shared/shell';
import { fetchRemoteList, REMOTE_LIST_URL, type RemoteDescriptor } from './remote-list';

/**
 * The remotes the host knows, registered with the federation runtime once one is needed (the
 * runtime is a chunk of its own: the home and the host's own pages never download it). Loading
 * a remote's routes is deduplicated; a failure is remembered (for the fallback) until the driver
 * retries.
 */
export class RemoteRegistry {
  private readonly loads = new Map<string, Promise<RemoteRoutesModule>>();
  private readonly failures = new Map<string, unknown>();
  private remotes: readonly RemoteDescriptor[];
  /** The remote list itself could not be fetched: no path can be told to belong to a remote. */
  listUnavailable: boolean;

  private federationInstance: Promise<ModuleFederation> | undefined;

  constructor(remotes: readonly RemoteDescriptor[], { listUnavailable = false } = {}) {
    this.remotes = remotes;
    this.listUnavailable = listUnavailable;
  }

  /** The federation runtime, downloaded the first time a remote is needed (the home needs none). */
  private federation(): Promise<ModuleFederation> {
    this.federationInstance ??= import(/* webpackChunkName: "federation" */ './runtime').then(
      ({ createHostFederation }) => {
        const instance = createHostFederation();
        instance.registerRemotes(this.remotes.map(({ name, manifest }) => ({ name, entry: manifest })));
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

  /** Fetches the remote list again (the retry of a host opened while it was unavailable). */
  async reloadList(url = REMOTE_LIST_URL): Promise<void> {
    try {
      this.remotes = await fetchRemoteList(url);
      if (this.federationInstance)
        (await this.federationInstance).registerRemotes(this.remotes.map(({ name, manifest }) => ({ name, entry: manifest })));
      this.listUnavailable = false;
    } catch (error) {
      console.error('[portal] remote list still unavailable', error);
    }
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
      load = this.federation()
        .then((federation) => federation.loadRemote<RemoteRoutesModule>(`${remote.name}/routes`))
        .then((module) => {
          if (!module || !Array.isArray(module.routes)) throw new Error(`Remote ${remote.name} exposes no routes`);
          this.failures.delete(remote.name);
          return module;
        });
      load.catch((error: unknown) => {
        this.failures.set(remote.name, error);
        this.loads.delete(remote.name);
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
      .then((federation) => federation.preloadRemote([{ nameOrAlias: remote.name, exposes: ['./routes'] }]))
      .catch(() => undefined);
  }

  /** Forgets a failed remote (cached manifest and entry included) so the next load is real. */
  reset(remote: RemoteDescriptor): void {
    this.failures.delete(remote.name);
    this.loads.delete(remote.name);
    // Every later load waits for this registration.
    const registered = this.federation().then((federation) => {
      federation.registerRemotes([{ name: remote.name, entry: remote.manifest }], { force: true });
      return federation;
    });
    this.federationInstance = registered;
    registered.catch(() => {
      // The runtime itself did not download: the next load tries again.
      if (this.federationInstance === registered) this.federationInstance = undefined;
    });
  }
}
