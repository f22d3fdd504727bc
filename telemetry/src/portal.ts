/**
 * What the receiver knows of the portal: its apps (apps.json, the one list) and the releases the
 * host's remote list names (the live release and the canary of each remote), read from the host
 * as drivers read it. Releases a list named lately stay known for a while (an open tab keeps its
 * release until its next navigation), at most RECENT_RELEASES per remote: that bounds the
 * `release` label. Nothing here must survive the process: a fresh receiver reads the list again.
 */
import { REMOTES } from '../../build-preset/apps.cjs';
import type { Portal } from './beacon';
import { RouteTable } from './routes';

/** Releases of one remote the receiver still accepts beacons of (live, canary, and the ones just before). */
export const RECENT_RELEASES = 6;
/** Every page served without a release folder (`npm start`, the host's own pages). */
export const UNVERSIONED = 'unversioned';
/** The shell's own pages (shared/src/telemetry: `remote ?? 'host'`). */
export const HOST_NAME = 'host';

interface RemoteListEntry {
  name?: unknown;
  manifest?: unknown;
  canary?: { manifest?: unknown } | null;
}

const releaseOf = (manifest: unknown) => (typeof manifest === 'string' ? /\/releases\/([^/]+)\//.exec(manifest)?.[1] : undefined);

export class PortalReleases implements Portal {
  readonly prefixes: ReadonlyMap<string, readonly string[]>;
  /** Per remote, releases from the most recently listed to the oldest. */
  private readonly recent = new Map<string, string[]>();

  constructor(
    remotes: ReadonlyArray<{ name: string; prefixes: readonly string[] }> = REMOTES,
    /** The apps' declared routes: the only route labels (telemetry/src/routes.ts). */
    readonly routes: RouteTable = new RouteTable(),
  ) {
    this.prefixes = new Map([[HOST_NAME, []], ...remotes.map((remote) => [remote.name, remote.prefixes] as const)]);
  }

  routeLabel(remote: string, route: string): string {
    return this.routes.labelOf(remote, route);
  }

  knowsRelease(remote: string, release: string): boolean {
    return release === UNVERSIONED || (this.recent.get(remote)?.includes(release) ?? false);
  }

  /**
   * Takes in the host's remote list (its live and canary releases). A release not known before
   * may bring routes: the route tables are read again.
   */
  update(list: unknown): void {
    if (!Array.isArray(list)) return;
    let newRelease = false;
    for (const entry of list as RemoteListEntry[]) {
      if (typeof entry?.name !== 'string' || !this.prefixes.has(entry.name)) continue;
      for (const release of [releaseOf(entry.canary?.manifest), releaseOf(entry.manifest)]) {
        if (release) newRelease = this.remember(entry.name, release) || newRelease;
      }
    }
    if (newRelease) this.routes.reload();
  }

  /** Whether the release was not known yet. */
  private remember(remote: string, release: string): boolean {
    const known = this.recent.get(remote) ?? [];
    this.recent.set(remote, [release, ...known.filter((item) => item !== release)].slice(0, RECENT_RELEASES));
    return !known.includes(release);
  }
}

/**
 * Keeps `releases` up to date from the host's remote list at `url`: every `everyMs`, and at once
 * (at most once a second) when a beacon names a release not known yet (a canary just published).
 */
export function followRemoteList(releases: PortalReleases, url: string | undefined, everyMs: number) {
  let lastRead = 0;
  let reading: Promise<void> | undefined;
  const read = (): Promise<void> => {
    if (!url) return Promise.resolve();
    reading ??= fetch(url, { cache: 'no-store', signal: AbortSignal.timeout(3000) })
      .then((response) => (response.ok ? response.json() : undefined))
      .then((list: unknown) => releases.update(list))
      // The host unreachable: the releases already known stay accepted.
      .catch(() => undefined)
      .finally(() => {
        lastRead = Date.now();
        reading = undefined;
      });
    return reading;
  };
  const timer = setInterval(() => void read(), everyMs);
  timer.unref();
  return {
    ready: read(),
    /** Reads the list again unless it was read in the last second. */
    refresh: () => (Date.now() - lastRead < 1000 ? Promise.resolve() : read()),
    stop: () => clearInterval(timer),
  };
}
