import type { PortalFederationPlugin, RemoteContainer } from '@driver-portal/shared/federation-plugins/plugin';
import { takeEarlyFetch } from '@driver-portal/shared/boot';
import { isDeadline } from '@driver-portal/shared/federation-plugins/deadline';

/**
 * Named runtime plugin "portal-retry": a remote's manifest and entry script are fetched again
 * (twice, with a short back-off) before the load counts as failed (an entry script only when it
 * did not load: one that loaded and threw is not tried again), within the deadline
 * portal-deadline sets. Mobile data drops requests;
 * one dropped request should not cost the driver a whole area of the portal.
 * Kept free of React and app code: it sits in every app's initial chunk.
 */
export const RETRY_DELAYS_MS = [300, 1200] as const;

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A request started before this load (without its signal) still ends when the signal fires. */
function withinDeadline(request: Promise<Response>, signal: AbortSignal | null | undefined): Promise<Response> {
  if (!signal) return request;
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise((resolve, reject) => {
    signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true });
    request.then(resolve, reject);
  });
}

/** The entry script is loaded again after each delay; the first container that arrives is used. */
async function retryEntry(loadEntry: () => Promise<RemoteContainer>): Promise<RemoteContainer | undefined> {
  for (const delay of RETRY_DELAYS_MS) {
    await wait(delay);
    try {
      return await loadEntry();
    } catch {
      // try the next delay
    }
  }
  return undefined;
}

export default function portalRetryPlugin(): PortalFederationPlugin {
  return {
    name: 'portal-retry',
    async fetch(url, init) {
      let lastError: unknown;
      for (let attempt = 0; attempt <= RETRY_DELAYS_MS.length; attempt += 1) {
        if (attempt > 0) await wait(RETRY_DELAYS_MS[attempt - 1] ?? 0);
        try {
          // The first attempt is the host page's early request when it made one
          // (host/src/early-start.ts), still within this deadline. The remote list decides which
          // version is live: the server's caching decides (a release folder's manifest is named by
          // its release and immutable, a remote's own one revalidated), never a stale copy.
          const early = attempt === 0 ? takeEarlyFetch(url) : undefined;
          const response = await (early ? withinDeadline(early, init.signal) : fetch(url, init));
          if (response.ok || response.status < 500) return response;
          lastError = new Error(`${url} answered ${response.status}`);
        } catch (error) {
          // Past portal-deadline's deadline there is no time left for another attempt.
          if (init.signal?.aborted || isDeadline(error)) throw error;
          lastError = error;
        }
      }
      throw lastError instanceof Error ? lastError : new Error(`Failed to fetch ${url}`);
    },
    // Only what the network may have caused: an entry that loaded and threw (or defined no
    // container) would do the same again, and the driver would wait about 1.5 s for nothing.
    loadEntryError: ({ loadEntry, ran }) => (ran ? Promise.resolve(undefined) : retryEntry(loadEntry)),
  };
}
