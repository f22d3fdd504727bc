/**
 * What the receiver knows of the portal: its apps (apps.json, the one list) and the releases the
 * host's remote list names (the live release and the canary of each remote), read from the host
 * as drivers read it. Releases a list named lately stay known for a while (an open tab keeps its
 * release until its next navigation), at most RECENT_RELEASES per remote: that bounds the
 * `release` label. Nothing here must survive the process: a fresh receiver reads the list again.
 *
 * A remote added to the running deployment (`release:remote -- <remote> --new`) is learnt from
 * the same list, without a restart: an entry naming a remote not known yet, with a valid name and
 * prefixes (apps.json's rules), joins the remotes beacons may name, and the origin of its manifest
 * (where the host loads it from: its own page's origin) joins the page origins beacons are taken
 * from. At most MAX_REMOTES remotes: the `remote` label stays bounded whatever the list says.
 */
import { NAME_MAX, PREFIX, PREFIX_MAX, REMOTE_NAME } from '../../build-preset/apps-validate.cjs';
import { REMOTES } from '../../build-preset/apps.cjs';
import type { Portal } from './beacon';
import { RouteTable, type RoutedRemote } from './routes';

/** Releases of one remote the receiver still accepts beacons of (live, canary, and the ones just before). */
export const RECENT_RELEASES = 6;
/** Every page served without a release folder (`npm start`, the host's own pages). */
export const UNVERSIONED = 'unversioned';
/** The shell's own pages (shared/src/telemetry: `remote ?? 'host'`). */
export const HOST_NAME = 'host';

/** The most remotes a receiver knows: a bound on the `remote` label, far above need. */
export const MAX_REMOTES = 64;
/** The most prefixes a remote learnt from the list brings (route labels are bounded per remote too). */
const MAX_PREFIXES = 16;

interface RemoteListEntry {
  name?: unknown;
  manifest?: unknown;
  prefixes?: unknown;
  canary?: { manifest?: unknown } | null;
}

/** The folder of a container name (`mfe_rewards` → `mfe-rewards`), if it is a remote's (apps.json's REMOTE_NAME). */
function folderOf(name: unknown): string | undefined {
  if (typeof name !== 'string' || name.length > NAME_MAX) return undefined;
  const dir = name.replace(/_/g, '-');
  return REMOTE_NAME.test(dir) ? dir : undefined;
}

function validPrefixes(prefixes: unknown): string[] | undefined {
  if (!Array.isArray(prefixes) || prefixes.length === 0 || prefixes.length > MAX_PREFIXES) return undefined;
  const valid = prefixes.every((prefix) => typeof prefix === 'string' && prefix.length <= PREFIX_MAX && PREFIX.test(prefix));
  return valid ? (prefixes as string[]) : undefined;
}

const LOOPBACK = ['localhost', '127.0.0.1'];

/**
 * The page origins of a manifest's address: its origin (http or https, no credentials), and on
 * this machine both loopback spellings (`npm start` and the tests open either).
 */
export function originsOf(manifest: unknown): string[] {
  if (typeof manifest !== 'string') return [];
  let url: URL;
  try {
    url = new URL(manifest);
  } catch {
    return [];
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username !== '' || url.password !== '') return [];
  if (!LOOPBACK.includes(url.hostname)) return [url.origin];
  return LOOPBACK.map((hostname) => `${url.protocol}//${hostname}${url.port ? `:${url.port}` : ''}`);
}

const releaseOf = (manifest: unknown) => (typeof manifest === 'string' ? /\/releases\/([^/]+)\//.exec(manifest)?.[1] : undefined);

export class PortalReleases implements Portal {
  private readonly known: Map<string, readonly string[]>;
  private readonly remotes: RoutedRemote[];
  /** Per remote, releases from the most recently listed to the oldest. */
  private readonly recent = new Map<string, string[]>();
  /**
   * The page origins beacons are taken from: the configured ones (TELEMETRY_PORTAL_ORIGINS), and
   * those of every manifest the host's list names. Live: the receiver reads this very set.
   */
  readonly origins: Set<string>;

  constructor(
    remotes: ReadonlyArray<RoutedRemote> = REMOTES,
    /** The apps' declared routes: the only route labels (telemetry/src/routes.ts). */
    readonly routes: RouteTable = new RouteTable(),
    configuredOrigins: Iterable<string> = [],
  ) {
    this.remotes = [...remotes];
    this.known = new Map([[HOST_NAME, []], ...remotes.map((remote) => [remote.name, remote.prefixes] as const)]);
    this.origins = new Set(configuredOrigins);
  }

  /** The remotes beacons may name (and `host`), with their prefixes. */
  get prefixes(): ReadonlyMap<string, readonly string[]> {
    return this.known;
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
    let changed = false;
    for (const entry of list as Array<RemoteListEntry | null>) {
      // `host` is the shell's pages: never an entry of the list (nor an origin taken from it).
      if (typeof entry?.name !== 'string' || !folderOf(entry.name)) continue;
      if (!this.known.has(entry.name)) {
        if (!this.learn(entry)) continue;
        changed = true;
      }
      for (const manifest of [entry.canary?.manifest, entry.manifest]) {
        for (const origin of originsOf(manifest)) this.origins.add(origin);
        const release = releaseOf(manifest);
        if (release) changed = this.remember(entry.name, release) || changed;
      }
    }
    if (changed) this.routes.reload(this.remotes);
  }

  /** A remote the list names for the first time (added with `--new`): known if its entry is valid. */
  private learn(entry: RemoteListEntry): boolean {
    const dir = folderOf(entry.name);
    const prefixes = validPrefixes(entry.prefixes);
    // The host itself counts as one: MAX_REMOTES remotes besides it.
    if (!dir || !prefixes || typeof entry.name !== 'string' || this.known.size > MAX_REMOTES) return false;
    this.known.set(entry.name, prefixes);
    this.remotes.push({ dir, name: entry.name, prefixes });
    return true;
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
