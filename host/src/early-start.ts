import { fetchEarly, keepEarlyFetch, ownsPath } from '@driver-portal/shared/boot';
import { MANIFEST_DEADLINE_MS } from '@driver-portal/shared/federation-plugins/deadline';
import type { FederationManifest } from '@driver-portal/shared/federation-plugins/plugin';
import { announceAssets, exposeAssets, remoteEntryUrl } from './federation/manifest-assets';
import { REMOTE_LIST_URL, wellFormedEntries, type RemoteDescriptor } from './federation/remote-list';

/**
 * The host page's first script: under a kilobyte of its own bundle (no federation runtime, no
 * React), run while the entry, React and the shell still download. On a deep link into a remote it
 * reads the remote list, fetches the owning remote's manifest and announces that remote's entry
 * and routes chunk, so they download beside the host's code instead of after it has run. The
 * entry takes the list and the manifest over (shared/src/boot/early-fetches.ts): nothing is
 * downloaded twice, and everything here is only a head start (a failure leaves the entry to fetch
 * as it always would, with its deadline and retries).
 */

/**
 * What loading the remote's routes starts with: its entry, then the routes module's own chunks
 * and styles, as the federation runtime fetches them (the suite's remotes are built with
 * `publicPath: 'auto'`; any other public path is left to the runtime).
 */
export function routesAssets(manifestUrl: string, manifest: FederationManifest): Array<{ href: string; as: 'script' | 'style' }> {
  const entry = manifest.metaData?.publicPath === 'auto' ? remoteEntryUrl(manifestUrl, manifest) : undefined;
  if (!entry) return [];
  return [{ href: entry, as: 'script' as const }, ...exposeAssets(manifestUrl, manifest, './routes')];
}

const readJson = (response: Response): Promise<unknown> => (response.ok ? response.clone().json() : Promise.resolve(undefined));

async function announceOwner(win: Window, owner: RemoteDescriptor): Promise<void> {
  // As portal-retry asks for a manifest: as the server's caching says (the list decides what is
  // live), and within portal-deadline's time, body included (the runtime reads this very response).
  const manifest = await fetchEarly(owner.manifest, { signal: AbortSignal.timeout(MANIFEST_DEADLINE_MS) }, win).then(readJson);
  if (manifest && typeof manifest === 'object') announceAssets(win.document, routesAssets(owner.manifest, manifest as FederationManifest));
}

/** The host's federation runtime chunks, as the page names them on this script (build-preset's AnnounceEarlyScript). */
export function federationRuntimeScripts(script: HTMLOrSVGScriptElement | null): Array<{ href: string; as: 'script' }> {
  const names = script instanceof HTMLScriptElement ? (script.dataset.federationRuntime ?? '') : '';
  return names
    .split(' ')
    .filter(Boolean)
    .map((href) => ({ href, as: 'script' as const }));
}

export function startEarlyFetches(win: Window = window, runtimeScripts = federationRuntimeScripts(win.document.currentScript)): void {
  // Default cache mode: the page preloads the list (build-preset's HOST_PRELOADS). The entry gets
  // the list only once the owner's manifest request is kept for it: it loads the owner only with
  // the list, so it always finds that request (and a retry never takes a stale one).
  const list = win.fetch(REMOTE_LIST_URL).then(async (response) => {
    try {
      const owner = wellFormedEntries(await readJson(response)).find((remote) => ownsPath(remote.prefixes, win.location.pathname));
      // A remote's path: the host will need its federation runtime too.
      if (owner) announceAssets(win.document, runtimeScripts);
      // While the owner runs a canary, which manifest is this driver's is the entry's to say
      // (host/src/federation/cohort.ts): no head start, and no cohort code in this script.
      if (owner?.manifest.endsWith('.json') && !owner.canary) announceOwner(win, owner).catch(() => undefined);
    } catch {
      // Not JSON: the entry reads the same response and says so.
    }
    return response;
  });
  keepEarlyFetch(REMOTE_LIST_URL, list, win);
}
