/**
 * Session storage keys of the values the platform itself holds for the session: the bearer token
 * and the driver id, both taken from the page's address at boot. A remote declares its own
 * values with `sessionValue` in its own folder; every key starts with SESSION_PREFIX, so ending
 * the session clears them all. Kept through the one storage layer (storage.ts): the browser's
 * session storage where the webview gives one, else the page's memory.
 *
 * No dependencies but storage.ts: the boot code of every entry and the sign-out page bundle it.
 */
import { pageStorage, type PageStorage } from './storage';

export const SESSION_PREFIX = 'driver-portal:';

export const SESSION_KEYS = {
  token: `${SESSION_PREFIX}token`,
  driverId: `${SESSION_PREFIX}driverId`,
} as const;

export type SessionKey = keyof typeof SESSION_KEYS;

/** The fragment that carries a handoff code: `#portal-handoff=<code>[;<the address's own fragment>]`. */
export const HANDOFF_FRAGMENT = 'portal-handoff=';

/**
 * Whether the address carries a handoff code (the boot then waits for the exchange). Here, not in
 * handoff.ts, so every entry can ask without bundling the exchange: it loads only with a code.
 */
export function hasHandoffCode(win: Window = window): boolean {
  return win.location.hash.startsWith(`#${HANDOFF_FRAGMENT}`);
}

/** A handoff code: 32 random bytes, base64url. */
export const HANDOFF_CODE = /^[A-Za-z0-9_-]{43}$/;

/**
 * The handoff code of the address, taken out of it (the address bar and the current history
 * entry) before anything else can read it; the address's own fragment is put back.
 */
export function takeHandoffCode(win: Window = window): string | undefined {
  if (!hasHandoffCode(win)) return undefined;
  const [code = '', ...own] = win.location.hash.slice(HANDOFF_FRAGMENT.length + 1).split(';');
  const rest = own.join(';');
  try {
    win.history.replaceState(win.history.state, '', `${win.location.pathname}${win.location.search}${rest ? `#${rest}` : ''}`);
  } catch {
    // No history API: the code is single use and spent at once below.
  }
  return HANDOFF_CODE.test(code) ? code : undefined;
}

/**
 * A message the boot has for the driver before any app code runs (the alert dialog is not there
 * yet): kept on the window, shown by the first alert dialog that listens (`onAlert`,
 * @driver-portal/shared/events), with the same focus and announcement as every alert.
 */
export interface BootAlert {
  title: string;
  message: string;
  kind: 'success' | 'error';
}

const BOOT_ALERTS = '__driverPortalBootAlerts';
type WindowWithBootAlerts = Window & { [BOOT_ALERTS]?: BootAlert[] };

export function keepBootAlert(win: Window, alert: BootAlert): void {
  const holder = win as WindowWithBootAlerts;
  holder[BOOT_ALERTS] = [...(holder[BOOT_ALERTS] ?? []), alert];
}

/** The boot's messages not shown yet, handed over once. */
export function takeBootAlerts(win: Window): BootAlert[] {
  const holder = win as WindowWithBootAlerts;
  const alerts = holder[BOOT_ALERTS] ?? [];
  delete holder[BOOT_ALERTS];
  return alerts;
}

/**
 * What a remote keeps beyond session storage (an IndexedDB database, a Cache Storage cache) is
 * named with this prefix (`driver-portal-capture`, say): the session's end and a driver switch
 * delete every such store without knowing which remote made it.
 */
export const STORE_PREFIX = 'driver-portal';

/**
 * Removes every key of this platform from one origin's storage (the session's end): given the
 * page's storage (`pageStorage`), from the browser's storage and from the page's memory alike.
 */
export function clearPortalKeys(store: Pick<PageStorage, 'keys' | 'removeItem'>): void {
  store
    .keys()
    .filter((key) => key.startsWith(SESSION_PREFIX))
    .forEach((key) => store.removeItem(key));
}

/**
 * Deletes this origin's IndexedDB databases and caches named STORE_PREFIX... (photos waiting to
 * be sent, cached answers). Never rejects: a store that cannot be listed or deleted (IndexedDB
 * refused in a private mode or by the webview, Cache Storage on an insecure origin: nothing was
 * kept there) is left to the keys it is read by (drafts and photos are kept under the driver's id
 * as well). Each store is asked in a `then`, so a property or call that throws is a rejection.
 */
export async function clearPortalStores(win: Window = window): Promise<void> {
  const drop = (list: () => Promise<Array<string | undefined>>, remove: (name: string) => Promise<unknown>) =>
    Promise.resolve()
      .then(list)
      .then((names) => Promise.all(names.map((name) => name?.startsWith(STORE_PREFIX) && remove(name))))
      .catch(() => undefined);
  await Promise.all([
    drop(
      () => win.indexedDB.databases().then((list) => list.map(({ name }) => name)),
      (name) =>
        new Promise((resolve) => {
          const request = win.indexedDB.deleteDatabase(name);
          // Blocked by a connection still open in this page: the deletion goes on once it closes,
          // and any later open waits for it, so nothing of the old driver is read.
          request.onsuccess = request.onerror = request.onblocked = resolve;
        }),
    ),
    drop(
      () => win.caches.keys(),
      (name) => win.caches.delete(name),
    ),
  ]);
}

/**
 * Forgets everything this origin holds for the driver of the session: every session key (token,
 * driver id, remote values, drafts) at once, the databases and caches as soon as they answer.
 * The same clearing for `/Sair` and for a driver switch (a shared phone).
 */
export function forgetDriver(win: Window = window): Promise<void> {
  // The browser's storage and the page's memory (a webview without storage): nothing of the
  // driver is left for the next one in either. The layer never throws.
  clearPortalKeys(pageStorage(win));
  return clearPortalStores(win);
}
