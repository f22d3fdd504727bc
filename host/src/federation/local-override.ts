import type { HostFederation, RemoteRegistration } from './container-runtime';
import { loopbackManifest } from './local-override-address';

/*
 * One remote at a time from a squad's own machine, inside a deployed host (docs/local-override.md):
 * `localStorage['portal-override:<remote>'] = 'http://localhost:<port>/mf-manifest.json'` on the
 * host's origin, with the devtools asked for (`portal-devtools`), then a reload. The host then
 * registers that remote with the squad's manifest instead of the release of the remote list, so
 * the manifest, its entry and its chunks come from that address, and everything the runtime does
 * with a manifest (deadline, retry, the version guard's checks of plugin version and shares)
 * applies to it as to a release.
 *
 * Part of the devtools chunk (devtools.ts, statically imported: a chunk of its own would add its
 * name and hash to the host's entry, which every driver downloads). Only ever read from
 * localStorage: a driver's link (address, query, hash) or a cookie cannot set it, and a script
 * that could set it already runs on the host's origin.
 */

/** The key of one remote's override: this prefix and the remote's federation name. */
export const OVERRIDE_PREFIX = 'portal-override:';

/** A federation container name (a JS identifier, as build-preset makes them). */
const REMOTE_NAME = /^[A-Za-z_$][\w$]*$/;

/** The overrides a squad set in this browser (remote name → loopback manifest); refused ones are warned about and left out. */
export function localOverrides(storage: Pick<Storage, 'length' | 'key' | 'getItem'>): Map<string, string> {
  const overrides = new Map<string, string>();
  for (let index = 0; index < storage.length; index += 1) {
    const key = storage.key(index);
    if (!key?.startsWith(OVERRIDE_PREFIX)) continue;
    const name = key.slice(OVERRIDE_PREFIX.length);
    const verdict = REMOTE_NAME.test(name) ? loopbackManifest(storage.getItem(key) ?? '') : { refused: 'not a remote name' };
    if ('url' in verdict) overrides.set(name, verdict.url);
    else console.warn(`[portal] local override ${key} refused (${verdict.refused}): the deployed release is used`);
  }
  return overrides;
}

/** Removes every override of this browser (the banner's button). */
export function clearLocalOverrides(storage: Pick<Storage, 'length' | 'key' | 'removeItem'>): void {
  const keys: string[] = [];
  for (let index = 0; index < storage.length; index += 1) {
    const key = storage.key(index);
    if (key?.startsWith(OVERRIDE_PREFIX)) keys.push(key);
  }
  for (const key of keys) storage.removeItem(key);
}

/**
 * Has `federation` register each overridden remote with the squad's manifest, every time it is
 * registered (at start, and again when a release or a retry registers it anew): the rest of the
 * runtime sees that address as the remote's manifest, so its entry and chunks (publicPath 'auto')
 * come from there too. An override naming no remote of the list is said once and does nothing.
 */
export function overrideRemotes(federation: HostFederation, overrides: ReadonlyMap<string, string>): void {
  if (overrides.size === 0) return;
  const register = federation.registerRemotes.bind(federation);
  let first = true;
  federation.registerRemotes = (remotes: readonly RemoteRegistration[], options?: { force?: boolean }) => {
    if (first) {
      first = false;
      for (const name of overrides.keys()) {
        if (!remotes.some((remote) => remote.name === name)) console.warn(`[portal] local override: no remote ${name} in the remote list`);
      }
    }
    register(
      remotes.map((remote) => {
        const entry = overrides.get(remote.name);
        return entry ? { ...remote, entry } : remote;
      }),
      options,
    );
  };
}
