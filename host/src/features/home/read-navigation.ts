/*
 * Reading the remotes' navigation files. Kept apart from the home's rendering: the host's entry
 * starts these reads on /App while the shell downloads, so this part sits in the entry chunk.
 */
import { NAVIGATION_FILE, navigationEntryProblem, type NavigationEntry } from '@driver-portal/shared/links';
import { ownsPath } from '@driver-portal/shared/boot';
import type { RemoteDescriptor } from '../../federation/remote-list';

/** How long the home waits for a remote's tiles: a slow remote must not hold the others back. */
export const NAVIGATION_DEADLINE_MS = 3000;

/** A remote deploys its tiles beside its manifest (also under releases/<id>/). */
export function navigationUrl(manifestUrl: string): string {
  return new URL(NAVIGATION_FILE, new URL(manifestUrl, window.location.href)).href;
}

/** Reads under way or done, by URL; a failed read is forgotten, so the home's retry reads again. */
const reads = new Map<string, Promise<NavigationEntry[]>>();

/** Forgets what was read (tests; a new page load reads every file again anyway). */
export function clearNavigationCache(): void {
  reads.clear();
}

/**
 * One remote's tiles, read as data (none of its JavaScript is downloaded). A remote that is
 * down, slow, not deployed or answers anything but a list adds nothing; a malformed entry is
 * dropped with a warning naming the field and why. An entry outside the remote's prefixes is
 * dropped: a remote only adds tiles to its own screens.
 */
export function fetchNavigation(remote: RemoteDescriptor, deadlineMs = NAVIGATION_DEADLINE_MS): Promise<NavigationEntry[]> {
  const url = navigationUrl(remote.manifest);
  let read = reads.get(url);
  if (!read) {
    read = readNavigation(url, remote, deadlineMs);
    reads.set(url, read);
  }
  return read;
}

async function readNavigation(url: string, remote: RemoteDescriptor, deadlineMs: number): Promise<NavigationEntry[]> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), deadlineMs);
  try {
    const response = await fetch(url, { credentials: 'omit', signal: controller.signal });
    if (!response.ok) throw new Error(`navigation of ${remote.name} unavailable (${response.status})`);
    const body: unknown = await response.json();
    if (!Array.isArray(body)) throw new Error(`navigation of ${remote.name} is not a list`);
    return body.filter((entry: unknown, index): entry is NavigationEntry => {
      const problem = navigationEntryProblem(entry);
      // Said in the console for the squad that deployed it; the driver sees the other tiles.
      if (problem) console.warn(`[portal] home tile ${index} of ${remote.name} refused: ${problem}`);
      else if (!ownsPath(remote.prefixes, (entry as NavigationEntry).path)) {
        console.warn(`[portal] home tile ${index} of ${remote.name} refused: path is outside the remote's prefixes`);
        return false;
      }
      return !problem;
    });
  } catch (error) {
    reads.delete(url);
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
