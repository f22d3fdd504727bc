import { join } from 'node:path';
import { readNavigationTiles } from '../../build-preset/navigation.cjs';
import { REMOTE_APPS } from './support';

/** One tile as a remote declares it in its src/navigation.json (shared/src/links, NavigationEntry). */
export interface DeclaredTile {
  label: string;
  path: string;
  group: string;
  groupOrder?: number;
  needsDriverId: boolean;
  /** The remote of apps.json that declares it, and its own origin. */
  remote: string;
  origin: string;
}

/** Every tile the remotes of apps.json declare, in the remote list's order, then each file's. */
export function declaredTiles(): DeclaredTile[] {
  return REMOTE_APPS.flatMap((remote) => {
    const file = join(__dirname, '..', '..', remote.dir, 'src', 'navigation.json');
    const tiles = readNavigationTiles(file) as Array<Omit<DeclaredTile, 'remote' | 'origin'>>;
    return tiles.map((tile) => ({ ...tile, remote: remote.dir, origin: remote.origin }));
  });
}

/**
 * The home's sections as the rule in docs/screens.md ("Home sections") states it: a section per
 * title, placed by the smallest order hint of its tiles, those without one after, in the order
 * they first appear; with a driver id every tile shows, without one only those that need none.
 */
export function expectedSections(withDriverId: boolean, tiles = declaredTiles()): Record<string, string[]> {
  const shown = tiles.filter((tile) => withDriverId || !tile.needsDriverId);
  const titles = [...new Set(shown.map((tile) => tile.group))];
  const order = (title: string) => Math.min(...tiles.filter((tile) => tile.group === title).map((tile) => tile.groupOrder ?? Infinity));
  const sorted = titles
    .map((title, firstSeen) => ({ title, firstSeen }))
    .sort((a, b) => order(a.title) - order(b.title) || a.firstSeen - b.firstSeen);
  return Object.fromEntries(sorted.map(({ title }) => [title, shown.filter((tile) => tile.group === title).map((tile) => tile.label)]));
}

/** A remote's first tile, its driver id filled: the screen a test opens to reach that remote. */
export function firstScreenOf(remote: string, driverId: string): { path: string; label: string } {
  const tile = declaredTiles().find((candidate) => candidate.remote === remote);
  if (!tile) throw new Error(`${remote} declares no home tile in its src/navigation.json`);
  return { path: tile.path.replace(':driverId', encodeURIComponent(driverId)), label: tile.label };
}
