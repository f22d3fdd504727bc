import { takeEarlyFetch } from '@driver-portal/shared/boot';
import { cohortOf, inCanary } from './cohort';

/** One entry of remotes.json: served beside the host, revalidated at every use, changed without a rebuild. */
export interface RemoteDescriptor {
  /** Federation container name of the remote. */
  name: string;
  /** URL of the remote's mf-manifest.json (or remoteEntry.js). */
  manifest: string;
  /** Route prefixes the remote owns, e.g. "/notifications". */
  prefixes: string[];
  /**
   * A canary release of the remote (`release:remote <remote> --canary <percent>`): the drivers of
   * its cohort (cohort.ts) get this manifest instead. Resolved when the list is read: the
   * descriptors the host works with name the one manifest this driver runs.
   */
  canary?: { manifest: string; percent: number };
}

export const REMOTE_LIST_URL = '/remotes.json';

function isDescriptor(value: unknown): value is RemoteDescriptor {
  if (!value || typeof value !== 'object') return false;
  const entry = value as Record<string, unknown>;
  return (
    typeof entry.name === 'string' &&
    typeof entry.manifest === 'string' &&
    Array.isArray(entry.prefixes) &&
    entry.prefixes.every((prefix) => typeof prefix === 'string' && prefix.startsWith('/'))
  );
}

function isCanary(value: unknown): value is { manifest: string; percent: number } {
  const canary = value as { manifest?: unknown; percent?: unknown } | null | undefined;
  return typeof canary?.manifest === 'string' && typeof canary.percent === 'number';
}

/** The well-formed entries of a remote list as read from JSON (anything else is no remote), as written. */
export function wellFormedEntries(list: unknown): RemoteDescriptor[] {
  return Array.isArray(list) ? list.filter(isDescriptor) : [];
}

/**
 * The well-formed entries of a remote list, each naming the manifest this driver runs: the
 * canary's when the driver's cohort (as the server named it, cohort.ts) is in it (only then does
 * the descriptor carry `canary`).
 */
export function remoteDescriptors(list: unknown, cohort: number | null = null): RemoteDescriptor[] {
  return wellFormedEntries(list).map(({ name, manifest, prefixes, canary }) =>
    isCanary(canary) && inCanary(cohort, canary.percent)
      ? { name, manifest: canary.manifest, prefixes, canary }
      : { name, manifest, prefixes },
  );
}

/** A read of the remote list, with the validator its next revalidation sends (If-None-Match). */
export interface RemoteListRead {
  list: RemoteDescriptor[];
  /** The answer's ETag, when the server sends one (nginx does for every static file). */
  etag: string | null;
}

export async function listOf(response: Response): Promise<RemoteListRead> {
  if (!response.ok) throw new Error(`Remote list unavailable (${response.status})`);
  const list: unknown = await response.json();
  if (!Array.isArray(list)) throw new Error('Remote list is not an array');
  return { list: remoteDescriptors(list, cohortOf(response)), etag: response.headers.get('ETag') };
}

/**
 * The remote list: the early script's request when it made one (host/src/early-start.ts), else
 * a request of its own. Kept free of the federation runtime: the early script reads this module.
 */
export async function readRemoteList(url = REMOTE_LIST_URL): Promise<RemoteListRead> {
  // Default cache mode and credentials, to take the page's preload of the list (build-preset's
  // HOST_PRELOADS); the server answers `no-cache`, so every read is revalidated, never stale.
  // A failed early request is only a missed head start: the list is asked for again.
  const early = takeEarlyFetch(url)?.catch(() => fetch(url));
  return listOf(await (early ?? fetch(url)));
}

export async function fetchRemoteList(url = REMOTE_LIST_URL): Promise<RemoteDescriptor[]> {
  return (await readRemoteList(url)).list;
}
