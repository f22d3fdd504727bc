import { listOf, REMOTE_LIST_URL, type RemoteListRead } from './remote-list';

/*
 * The list's revalidation, a chunk of its own (remote-registry.ts): only a page that goes into a
 * remote's area after the revalidation interval, or retries one, reads the list again; a deep
 * link's first screen never does, so the federation chunk every deep link downloads does not
 * carry it. The switch to a new release by full load is here too: only a list read again can make
 * a loaded remote stale (remote-area.tsx asks for it then, from this chunk, already downloaded).
 */

/**
 * Reads the list again, cheaply: with the ETag of the last read the server answers 304 with no
 * body while nothing was released. `no-store` keeps the browser from answering from (or
 * filling) its cache: the 304 reaches this code as such.
 */
export async function revalidateRemoteList(
  etag: string | null,
  url = REMOTE_LIST_URL,
  deadlineMs = REVALIDATION_DEADLINE_MS,
): Promise<RemoteListRead | 'unchanged'> {
  // A navigation waits for this answer: on a stalled connection it gives up and keeps the list.
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new Error(`Remote list: no answer within ${deadlineMs} ms`)), deadlineMs);
  try {
    const response = await fetch(url, { cache: 'no-store', headers: etag ? { 'If-None-Match': etag } : {}, signal: controller.signal });
    if (response.status === 304) return 'unchanged';
    return await listOf(response);
  } finally {
    clearTimeout(timer);
  }
}

/** How long a navigation into an area waits for the list's revalidation before going on with the list it has. */
export const REVALIDATION_DEADLINE_MS = 3000;

/** Where the last switch by full load went: a second one to the same version soon after is a loop. */
const SWITCH_KEY = 'portal.releaseSwitch';
const SWITCH_LOOP_MS = 60_000;

/**
 * Loads `url` as a new page, so a loaded remote whose live version changed runs that version.
 * The session, drafts and photos waiting to be sent live in the origin's storage and survive it.
 * Never twice for the same version within a minute: if the new page still is not on it (a list
 * served stale by a cache, say), the driver keeps the version that works instead of a reload loop.
 */
export function switchByFullLoad(url: string, manifest: string, assign = (target: string) => window.location.assign(target)): boolean {
  try {
    const last = JSON.parse(sessionStorage.getItem(SWITCH_KEY) ?? 'null') as { manifest?: string; at?: number } | null;
    if (last?.manifest === manifest && Date.now() - (last.at ?? 0) < SWITCH_LOOP_MS) return false;
    sessionStorage.setItem(SWITCH_KEY, JSON.stringify({ manifest, at: Date.now() }));
  } catch {
    // No session storage (private mode on an old webview): no loop guard, so no switch.
    return false;
  }
  console.info(`[portal] a new version is live: loading ${url} (${manifest})`);
  assign(url);
  return true;
}
