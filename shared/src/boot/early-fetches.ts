/**
 * Requests a page's early script starts before the app's entry has run (the host's
 * host/src/early-start.ts: the remote list, then the manifest of the remote that owns the page),
 * handed to the entry's own request for the same URL. One download, started a round trip or two
 * sooner: the entry alone would ask only once it has downloaded and run.
 *
 * The early script and the entry are separate bundles, so the hand-off is a property of the
 * window. Each request is taken once; whoever reads its body reads a clone, so both the early
 * script and the taker can.
 */

const STORE = '__portalEarlyFetches';

type EarlyFetches = Map<string, Promise<Response>>;

function store(win: Window): EarlyFetches {
  const holder = win as unknown as Record<typeof STORE, EarlyFetches | undefined>;
  holder[STORE] ??= new Map();
  return holder[STORE];
}

const keyOf = (win: Window, url: string) => new URL(url, win.location.href).href;

/** Keeps a request (or a promise of its response) for the entry's request of the same URL. */
export function keepEarlyFetch(url: string, request: Promise<Response>, win: Window = window): Promise<Response> {
  // Kept for the taker, who handles a failure; unhandled here it would be reported twice.
  request.catch(() => undefined);
  store(win).set(keyOf(win, url), request);
  return request;
}

/** Starts a request and keeps it for the entry; the early script reads `(await it).clone()`. */
export function fetchEarly(url: string, init?: RequestInit, win: Window = window): Promise<Response> {
  return keepEarlyFetch(url, win.fetch(url, init), win);
}

/** The early request for this URL, if the early script started one (once: a retry fetches anew). */
export function takeEarlyFetch(url: string, win: Window = window): Promise<Response> | undefined {
  const requests = store(win);
  const key = keyOf(win, url);
  const request = requests.get(key);
  requests.delete(key);
  return request;
}
