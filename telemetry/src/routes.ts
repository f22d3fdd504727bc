/**
 * The routes the apps declare: the only route label values a receiver makes (docs/telemetry.md,
 * "Field telemetry"). A beacon's route is whatever a page (or a forger) says; it is matched
 * against its remote's route table and counted under the declared pattern it matches
 * (`/my-account/init/:driverId`, whatever value or `:value` stood in the parameter's place), or
 * under OTHER_ROUTE: never refused for want of a slot, and no text of a beacon becomes a label.
 *
 * Where the tables come from: each remote's `src/routes.ts` (its `routes` array: the paths React
 * Router matches, relative to the root) read as text from the checkout the receiver runs from
 * (the telemetry image is built from the same checkout as the apps, `COPY . .`), plus the remote's
 * prefixes of apps.json (the host counts a remote's load under its first prefix) and the
 * sign-out page every app serves; the host's own pages are HOST_ROUTES. A unit test holds the
 * text reading equal to the route tables as the apps export them
 * (telemetry/test/routes.test.ts), so a table the reader cannot follow fails there, not in
 * production. A route added after the receiver started is counted as OTHER_ROUTE until the
 * tables are read again (on the next release the remote list names, when the list names a new
 * remote, and at each start). A remote whose folder is not in this checkout (added from a squad's
 * own checkout) counts under its prefixes and OTHER_ROUTE.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REMOTES } from '../../build-preset/apps.cjs';

/** The one label of every route no table declares. */
export const OTHER_ROUTE = 'other';
/** The host's own pages (host/src/federation/router.tsx): its index, HOME_PATH, the login and /Sair. */
export const HOST_ROUTES = ['/', '/App', '/Login', '/Sair'] as const;
/** The sign-out page (shared/src/shell signOutRoute), at the host and at every remote's own page. */
const SIGN_OUT = '/Sair';
/** The most routes one remote may declare: a bound on the series, far above today's 20. */
export const MAX_ROUTES_PER_REMOTE = 64;

const REPO = join(__dirname, '..', '..');

/** `path: '…'` string literals of a route table's source, as absolute patterns. */
export function declaredPaths(source: string): string[] {
  const paths = [...source.matchAll(/\bpath:\s*(['"`])([^'"`$\\]*)\1/g)].map((match) => match[2] ?? '');
  return paths.map((path) => `/${path.replace(/^\/+/, '')}`);
}

/** One pattern's segments, lower-cased for React Router's case-insensitive match. */
const segmentsOf = (route: string) => route.replace(/\/+$/, '').split('/').slice(1);

interface Pattern {
  label: string;
  segments: string[];
}

/** A remote whose route table is read: its folder, container name and prefixes. */
export interface RoutedRemote {
  dir: string;
  name: string;
  prefixes: readonly string[];
}

export class RouteTable {
  private tables = new Map<string, Pattern[]>();

  constructor(private readonly read: (remotes?: readonly RoutedRemote[]) => ReadonlyMap<string, readonly string[]> = readRouteTables) {
    this.reload();
  }

  /**
   * Reads the tables again (a remote released with a new route, or a remote added to the host's
   * list: `remotes`, the receiver's current ones). A table that cannot be read keeps the one before.
   */
  reload(remotes?: readonly RoutedRemote[]): void {
    let tables: ReadonlyMap<string, readonly string[]>;
    try {
      tables = this.read(remotes);
    } catch {
      return;
    }
    const next = new Map<string, Pattern[]>();
    for (const [remote, routes] of tables) {
      const unique = [...new Set(routes)].slice(0, MAX_ROUTES_PER_REMOTE);
      const patterns = unique.map((label) => ({ label, segments: segmentsOf(label).map((segment) => segment.toLowerCase()) }));
      // As React Router ranks them: a static segment before a parameter in its place.
      const statics = (pattern: Pattern) => pattern.segments.filter((segment) => !segment.startsWith(':') && segment !== '*').length;
      next.set(
        remote,
        patterns.sort((a, b) => statics(b) - statics(a)),
      );
    }
    this.tables = next;
  }

  /** The declared routes of a remote (the label values it can have, OTHER_ROUTE aside). */
  routesOf(remote: string): string[] {
    return (this.tables.get(remote) ?? []).map((pattern) => pattern.label);
  }

  /**
   * The label of `route` for `remote`: the first declared pattern it matches segment by
   * segment (a parameter matches any one segment, `*` the rest, static segments without regard
   * to case), else OTHER_ROUTE.
   */
  labelOf(remote: string, route: string): string {
    const segments = segmentsOf(route.split(/[?#]/)[0] ?? '').map((segment) => segment.toLowerCase());
    for (const pattern of this.tables.get(remote) ?? []) {
      if (matches(pattern.segments, segments)) return pattern.label;
    }
    return OTHER_ROUTE;
  }
}

function matches(pattern: readonly string[], segments: readonly string[]): boolean {
  for (let index = 0; index < pattern.length; index += 1) {
    const expected = pattern[index] ?? '';
    if (expected === '*') return true;
    const actual = segments[index];
    if (actual === undefined || actual === '') return false;
    if (!expected.startsWith(':') && expected !== actual) return false;
  }
  return pattern.length === segments.length;
}

/** Every app's declared routes, read from the checkout: remote container name (and `host`) → patterns. */
export function readRouteTables(remotes: readonly RoutedRemote[] = REMOTES, repo = REPO): Map<string, string[]> {
  const tables = new Map<string, string[]>([['host', [...HOST_ROUTES]]]);
  for (const remote of remotes) {
    let source = '';
    try {
      source = readFileSync(join(repo, remote.dir, 'src', 'routes.ts'), 'utf8');
    } catch {
      // A remote whose sources are not here: its loads still count, under its prefixes and OTHER_ROUTE.
    }
    tables.set(remote.name, [...remote.prefixes, ...declaredPaths(source), SIGN_OUT]);
  }
  return tables;
}
