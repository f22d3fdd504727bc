import {
  isNavigationEntry,
  NAVIGATION_FILE,
  NAVIGATION_GROUPS,
  portalPath,
  type NavigationEntry,
  type NavigationGroup,
} from '@driver-portal/shared/links';
import { ownsPath } from '@driver-portal/shared/boot';
import type { RemoteDescriptor } from '../../federation/remote-registry';

/** How long the home waits for a remote's tiles: a slow remote must not hold the others back. */
export const NAVIGATION_DEADLINE_MS = 3000;

/** A remote deploys its tiles beside its manifest (also under releases/<id>/). */
export function navigationUrl(manifestUrl: string): string {
  return new URL(NAVIGATION_FILE, new URL(manifestUrl, window.location.href)).href;
}

const loaded = new Map<string, NavigationEntry[]>();

/** Forgets what was read (tests; a new page load reads every file again anyway). */
export function clearNavigationCache(): void {
  loaded.clear();
}

/**
 * One remote's tiles, read as data (none of its JavaScript is downloaded). A remote that is
 * down, slow, not deployed or answers anything malformed adds nothing. An entry outside the
 * remote's prefixes is dropped: a remote only adds tiles to its own screens.
 */
export async function fetchNavigation(remote: RemoteDescriptor, deadlineMs = NAVIGATION_DEADLINE_MS): Promise<NavigationEntry[]> {
  const url = navigationUrl(remote.manifest);
  const cached = loaded.get(url);
  if (cached) return cached;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), deadlineMs);
  try {
    const response = await fetch(url, { cache: 'no-store', credentials: 'omit', signal: controller.signal });
    if (!response.ok) throw new Error(`navigation of ${remote.name} unavailable (${response.status})`);
    const body: unknown = await response.json();
    if (!Array.isArray(body)) throw new Error(`navigation of ${remote.name} is not a list`);
    const entries = body.filter(isNavigationEntry).filter((entry) => ownsPath(remote.prefixes, entry.path));
    loaded.set(url, entries);
    return entries;
  } catch (error) {
    console.warn(`[portal] no home tiles from ${remote.name}`, error);
    return [];
  } finally {
    clearTimeout(timer);
  }
}

/** Every remote's tiles, read in parallel, in the order of the remote list. */
export function fetchAllNavigation(remotes: readonly RemoteDescriptor[], deadlineMs = NAVIGATION_DEADLINE_MS): Promise<NavigationEntry[]> {
  return Promise.all(remotes.map((remote) => fetchNavigation(remote, deadlineMs))).then((lists) => lists.flat());
}

export interface HomeLink {
  label: string;
  to: string;
}

export interface HomeSection {
  title: NavigationGroup;
  links: HomeLink[];
}

/**
 * The home's sections in their fixed order, each with its tiles (remote-list order, then each
 * file's order). Tiles that need the driver's id appear only when the session holds one.
 */
export function homeSections(entries: readonly NavigationEntry[], driverId: string | undefined): HomeSection[] {
  const links = entries.flatMap((entry): Array<HomeLink & { group: NavigationGroup }> => {
    if (!entry.needsDriverId) return [{ label: entry.label, to: entry.path, group: entry.group }];
    if (!driverId) return [];
    try {
      // The pattern is data from a remote: its only placeholder, checked on reading, is :driverId.
      return [{ label: entry.label, to: portalPath(entry.path as '/:driverId', { driverId }), group: entry.group }];
    } catch {
      return [];
    }
  });
  return NAVIGATION_GROUPS.map((title) => ({
    title,
    links: links.filter((link) => link.group === title).map(({ label, to }) => ({ label, to })),
  })).filter((section) => section.links.length > 0);
}
