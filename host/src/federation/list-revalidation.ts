import { listOf, REMOTE_LIST_URL, type RemoteListRead } from './remote-list';

/*
 * The list's revalidation, a chunk of its own (remote-registry.ts): only a page that goes into a
 * remote's area after the revalidation interval, or retries one, reads the list again; a deep
 * link's first screen never does, so the federation chunk every deep link downloads does not
 * carry it.
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
