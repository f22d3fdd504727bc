import type { RuntimeConfigFile } from '@driver-portal/shared/config';
import { HOME_PATH } from '@driver-portal/shared/links';
import { fetchAllNavigation } from '../features/home/read-navigation';
import { readRemoteList } from './remote-list';
import { RemoteRegistry } from './remote-registry';

/** `/` and the home, as the router matches them (case-insensitively, with or without a final slash). */
const isHomePath = (pathname: string) => ['/', HOME_PATH.toLowerCase()].includes(pathname.toLowerCase().replace(/(.)\/$/, '$1'));

export interface EarlyStart {
  /** The raw env.json, fetched before the shell's code has arrived. */
  configFile: Promise<RuntimeConfigFile>;
  /** The remotes, registered with the federation runtime; empty when the list is unavailable. */
  registry: Promise<RemoteRegistry>;
}

/**
 * Runs in the host's entry, before the shell's code (React, the router, the platform) has
 * downloaded: the runtime configuration and the remote list are fetched at once, and the remote
 * that owns the page being opened starts downloading its entry in parallel. On a deep link this
 * saves the round trips the shell would otherwise wait for. Nothing here imports a shared module.
 */
export function startEarly(pathname: string): EarlyStart {
  // Default cache mode and credentials: the page preloads this file (build-preset's HOST_PRELOADS)
  // and only a matching request takes the preload; the server's `no-cache` has every use
  // revalidated (a 304 while unchanged), so it is never a stale copy.
  const configFile = fetch('/env.json').then((response) => {
    if (!response.ok) throw new Error(`Runtime configuration unavailable (${response.status})`);
    return response.json() as Promise<RuntimeConfigFile>;
  });
  const registry = readRemoteList().then(
    ({ list, etag }) => new RemoteRegistry(list, { etag }),
    (error: unknown) => {
      // Without the list the host's own pages still work; other paths offer to try again.
      console.error('[portal] remote list unavailable', error);
      return new RemoteRegistry([], { listUnavailable: true });
    },
  );
  void registry.then((remotes) => {
    const owner = remotes.ownerOf(pathname);
    if (owner) remotes.preload(owner);
    // The home: its tiles (each remote's navigation.json, data only) are read beside the shell.
    else if (isHomePath(pathname)) void fetchAllNavigation(remotes.list());
  });
  // Handled where it is awaited; this keeps an early failure from being reported twice.
  configFile.catch(() => undefined);
  return { configFile, registry };
}
