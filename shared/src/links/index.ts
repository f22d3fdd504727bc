/*
 * Its own part of the platform, free of dependencies: a list screen that only checks a link must
 * not download the HTML sanitizer.
 */

/**
 * A link the portal did not build (a server's content, a notification, a document) never carries
 * a `token` query parameter, whatever host name it points to: a session comes only with the
 * address the native app opens (docs/security.md, "Where a token comes from"). The portal's
 * servers answer on several names (localhost, 127.0.0.1, a proxy's name), so "is this the
 * portal?" cannot be told from a host name; the name `token` is dropped in any case and however
 * it is spelled (`TOKEN`, `%74oken`: the browser reads them all). A third party's signed address
 * keeps its other parameters (S3's `X-Amz-*`, a SAS `sig`); one that calls its signature `token`
 * loses it, the price of never letting a link carry a session.
 */
export function withoutPortalToken(url: URL): URL {
  for (const name of [...url.searchParams.keys()]) if (name.toLowerCase() === 'token') url.searchParams.delete(name);
  return url;
}

/** A path a browser or the router could read as another host's address (`//host`, `/\host`), encoded or not. */
function pathLeavesOrigin(pathname: string): boolean {
  let path = pathname;
  // Decoded a few times: `%2F`, `%252F` and `%5C` become the slashes a later reader may see.
  for (let round = 0; round < 4; round += 1) {
    if (/^[/\\][/\\]/.test(path)) return true;
    let decoded: string;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      return false;
    }
    if (decoded === path) return false;
    path = decoded;
  }
  return /^[/\\][/\\]/.test(path);
}

/**
 * The one check of an address the portal may follow (a return address, a server's link):
 * `value` resolved against `base` exactly as the browser resolves it (dot segments, `%2e`,
 * backslashes, tabs and line breaks dropped, any case), then judged on what it became: an http(s)
 * URL of one of `origins`, whose path cannot be read as another host's (`//host`, `/\host`,
 * encoded or not). Checking the text before resolving it is what let `/..//evil` through: it
 * starts with one slash and resolves to `//evil`. Undefined for anything else.
 */
export function resolvedPortalAddress(
  value: unknown,
  { base, origins }: { base: string; origins: readonly (string | undefined)[] },
): URL | undefined {
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  let url: URL;
  try {
    url = new URL(value.trim(), base);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  if (!origins.includes(url.origin)) return undefined;
  if (pathLeavesOrigin(url.pathname)) return undefined;
  return url;
}

/** A URL of the page's origin as the path the router takes. */
export function pathOf(url: URL): string {
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * An address from a server that may be opened as a link outside the portal: an absolute
 * http(s) URL, normalised. Anything else (javascript:, data:, relative or empty values, a
 * non-string) gives undefined, and the screen shows no link.
 */
export function safeExternalUrl(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  try {
    const url = new URL(value.trim());
    if (url.protocol === 'https:' || url.protocol === 'http:') return withoutPortalToken(url).href;
  } catch {
    // not an absolute URL
  }
  return undefined;
}

export type ServerLinkTarget = { kind: 'internal'; to: string } | { kind: 'external'; href: string };

/**
 * Where a link that came in server content may lead: a path inside the portal, or an http(s)
 * page elsewhere (opened outside the portal); undefined for anything else. Decided by parsing
 * the value as the browser would, never by its first characters: to a browser `/\evil.example/x`
 * is `//evil.example/x`, and tabs and line breaks inside a URL are dropped, so `/\t/evil.example`
 * leaves the portal too. A relative value counts as in-portal only when, resolved against the
 * page's origin, it stays on it. A `token` in a link to the portal is dropped (`withoutPortalToken`).
 */
export function serverLinkTarget(value: unknown, pageOrigin: string = window.location.origin): ServerLinkTarget | undefined {
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const text = value.trim();
  if (text.startsWith('/') || text.startsWith('\\')) {
    const origin = new URL(pageOrigin).origin;
    const url = resolvedPortalAddress(text, { base: origin, origins: [origin] });
    return url ? { kind: 'internal', to: pathOf(withoutPortalToken(url)) } : undefined;
  }
  const href = safeExternalUrl(text);
  return href ? { kind: 'external', href } : undefined;
}

/**
 * The `:name` placeholders of a path pattern, as a union of names:
 * `PathParamNames<'/eula/:driverId'>` is `'driverId'`. A name ends at `/`, `?` or `#`.
 */
export type PathParamNames<Pattern extends string> = Pattern extends `${string}:${infer Rest}`
  ? Rest extends `${infer Name}/${infer Tail}`
    ? PlainName<Name> | PathParamNames<`/${Tail}`>
    : PlainName<Rest>
  : never;

type PlainName<Segment extends string> = Segment extends `${infer Name}?${string}`
  ? PlainName<Name>
  : Segment extends `${infer Name}#${string}`
    ? Name
    : Segment;

export type PathParams<Pattern extends string> = { [Name in PathParamNames<Pattern>]: string | number };

/** A pattern without placeholders takes no parameters; one with placeholders must get all of them. */
export type PathArgs<Pattern extends string> = [PathParamNames<Pattern>] extends [never] ? [] : [params: PathParams<Pattern>];

const PLACEHOLDER = /:([A-Za-z_][A-Za-z0-9_]*)/g;

/**
 * The one way to write a link into another part of the portal (another remote, or the host):
 * fills every `:name` placeholder of `pattern`, each value encoded as one path segment
 * (`encodeURIComponent`, so `/`, `?` and `#` in a value can never change the path, the query
 * or the fragment). TypeScript infers the names from the pattern, so a missing one does not
 * compile; patterns known only at run time (a remote's navigation file) throw instead.
 * A value that is empty, `.` or `..` throws too: no URL can carry it as a segment (the browser
 * reads `..` and `%2E%2E` alike as "the folder above").
 *
 * @example portalPath('/communication/category/:driverId', { driverId }) + '?showHeader=true'
 */
export function portalPath<Pattern extends string>(pattern: Pattern, ...args: PathArgs<Pattern>): string {
  const values = ((args as unknown[])[0] ?? {}) as Record<string, string | number | undefined>;
  return pattern.replace(PLACEHOLDER, (_placeholder, name: string) => {
    const value = values[name];
    if (value === undefined || value === null) throw new Error(`portalPath: missing parameter "${name}" for ${pattern}`);
    const text = String(value);
    if (text === '' || text === '.' || text === '..') throw new Error(`portalPath: "${name}" cannot be "${text}" in ${pattern}`);
    return encodeURIComponent(text);
  });
}

/** Names of the placeholders of a pattern known only at run time. */
export function placeholderNames(pattern: string): string[] {
  return [...pattern.matchAll(PLACEHOLDER)].map((match) => match[1] as string);
}

/** The host's home page. */
export const HOME_PATH = '/App';
/** Leaving the portal: ends the session on every origin of the portal, then /Login. */
export const SIGN_OUT_PATH = '/Sair';

/** The longest title a home section may have (it is a heading on a phone's screen). */
export const SECTION_TITLE_MAX = 40;
/** The range of a section's order hint (`groupOrder`): lower comes first on the home. */
export const SECTION_ORDER_MAX = 999;

/**
 * One tile a remote adds to the host's home page. Each remote declares its tiles in
 * `src/navigation.json` and deploys them with its build (`navigation.json` beside its
 * `mf-manifest.json`); the host reads that file without running any of the remote's code.
 * The sections are the remotes' data too: a tile names its section (`group`, any title) and may
 * give the section's place (`groupOrder`); the host shows a section it has never heard of
 * without a rebuild (docs/screens.md, "Home sections").
 */
export interface NavigationEntry {
  label: string;
  /** A path pattern the remote owns, e.g. `/eula/:driverId`; `:driverId` is the only placeholder. */
  path: string;
  /** The title of the home section the tile is shown in. */
  group: string;
  /**
   * The section's place on the home, 0 to 999, lower first; a section takes the smallest hint
   * its tiles give, and sections without one follow, in the remote list's order.
   */
  groupOrder?: number;
  /** The tile is shown only when the session holds the driver's id, which fills `:driverId`. */
  needsDriverId: boolean;
}

/** The file name of a remote's navigation entries, beside its manifest. */
export const NAVIGATION_FILE = 'navigation.json';

/**
 * What is wrong with one value of a navigation file, naming the field and why; undefined when it
 * is a valid tile. The host drops (and logs) a refused tile; a remote's own test lists them.
 */
export function navigationEntryProblem(value: unknown): string | undefined {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return 'a tile must be an object';
  const entry = value as Record<string, unknown>;
  if (typeof entry.label !== 'string' || entry.label.trim() === '') return "label must be a non-empty text (the tile's name)";
  if (typeof entry.path !== 'string' || !entry.path.startsWith('/') || entry.path.startsWith('//')) {
    return 'path must be a path of the portal, starting with one "/"';
  }
  if (typeof entry.needsDriverId !== 'boolean') return 'needsDriverId must be true or false';
  if (typeof entry.group !== 'string' || entry.group.trim() === '' || entry.group.length > SECTION_TITLE_MAX) {
    return `group must be the home section's title: a non-empty text of at most ${SECTION_TITLE_MAX} characters`;
  }
  const order = entry.groupOrder;
  if (order !== undefined && !(Number.isInteger(order) && (order as number) >= 0 && (order as number) <= SECTION_ORDER_MAX)) {
    return `groupOrder, when given, must be a whole number from 0 to ${SECTION_ORDER_MAX} (the section's place on the home, lower first)`;
  }
  const names = placeholderNames(entry.path);
  // The driver id is the only value the host can fill, and a tile that needs it says so.
  const other = names.find((name) => name !== 'driverId');
  if (other) return `path may hold no placeholder but :driverId (found :${other})`;
  if (names.includes('driverId') !== entry.needsDriverId) {
    return entry.needsDriverId ? 'needsDriverId is true but path has no :driverId' : 'needsDriverId must be true when path holds :driverId';
  }
  return undefined;
}

/** Narrows one value of a navigation file (`navigationEntryProblem` says why one is refused). */
export function isNavigationEntry(value: unknown): value is NavigationEntry {
  return navigationEntryProblem(value) === undefined;
}
