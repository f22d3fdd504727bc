import { fetchAllNavigation } from '../features/home/read-navigation';
import type { RemoteRegistry } from './remote-registry';

/**
 * The federation tax paid before the tap (issue 33): on the home and on every screen of an
 * area, once the first screen is there and the page is idle, the federation runtime and the
 * manifest, entry and routes chunk of every area the home's tiles lead to are fetched, one area
 * at a time, so the first tap into an area downloads only that area's screen.
 *
 * Not on a "save data" connection (`navigator.connection.saveData`, Chromium's; other engines
 * have no such signal and prefetch). Nothing runs before the first screen: bootstrap.tsx calls
 * this through `afterTheScreen` (2 s after the router's first navigation, then
 * requestIdleCallback where it exists, at once where it does not: WebKit), and this module is a
 * chunk of its own, downloaded then. A remote that fails
 * here is only a missed head start: the tap loads it as before, with its fallback and retry.
 */

interface SaveDataNavigator {
  connection?: { saveData?: boolean };
}

/** The driver asked the phone to save data: nothing is fetched ahead. */
export function savesData(nav: Navigator = navigator): boolean {
  return (nav as SaveDataNavigator).connection?.saveData === true;
}

/**
 * The remotes whose areas the home's tiles lead to (each remote's navigation file, which the
 * home has read already, or reads now as data), in the remote list's order; `current`'s owner,
 * whose code the page has, is left out.
 */
export async function areasAhead(registry: RemoteRegistry, currentPath: string) {
  const remotes = registry.list();
  const tiles = await fetchAllNavigation(remotes);
  const current = registry.ownerOf(currentPath)?.name;
  return remotes.filter(
    (remote) =>
      remote.name !== current &&
      registry.failureOf(remote.name) === undefined &&
      tiles.some((tile) => registry.ownerOf(tile.path)?.name === remote.name),
  );
}

/** Fetches, one area after the other, what a first tap into each would otherwise wait for. */
export async function prefetchAreas(registry: RemoteRegistry, currentPath: string, nav: Navigator = navigator): Promise<string[]> {
  if (savesData(nav) || registry.listUnavailable) return [];
  const ahead = await areasAhead(registry, currentPath);
  for (const remote of ahead) await registry.prefetch(remote);
  return ahead.map((remote) => remote.name);
}
