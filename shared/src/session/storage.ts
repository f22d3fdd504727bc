/**
 * The one storage layer of the portal (docs/session.md, "Without storage"; decision 0020): every
 * value a page keeps for the session (the token and driver id, remote and driver values, the
 * handoff's origins, the journey's starts, drafts) goes through `pageStorage`, never through
 * `window.sessionStorage` directly.
 *
 * A webview may give the page no storage at all, and the portal must still work for the life of
 * the page: Android's WebView leaves DOM storage off unless the native app turns it on
 * (`window.sessionStorage` is then null); Chromium with cookies blocked and Safari throw a
 * SecurityError when the property is read; old Safari's private mode has no quota, so every
 * `setItem` throws a QuotaExceededError; a full storage refuses one big value. Whatever storage
 * refuses is kept in the page's memory instead, and read from there first, so a value written is
 * always read back while the page lives. What lives in memory does not outlive a reload:
 * `durable()` says so, for a screen that must tell the driver (a draft).
 *
 * The memory is kept on the window, not in this module: the boot code bundled into each entry,
 * the host's session singleton, and each remote's forms and journey code all bundle this file, and
 * must read the same values. Its shape (a Map of strings under `__portalPageStorage`) is therefore
 * an interface between builds released apart: a change of shape takes a new property name.
 * `clearPortalKeys` (keys.ts) empties the memory with the storage, so /Sair and a driver switch
 * leave nothing of a driver behind.
 *
 * No dependencies: the boot and the sign-out page bundle it. Small on purpose: every entry's boot
 * carries it (bench/deep-links.json's budgets).
 */

/** What a page keeps: the Storage interface's calls, none of which ever throws. */
export interface PageStorage {
  /** Every key kept, in the browser's storage and in the page's memory. */
  keys(): string[];
  getItem(key: string): string | null;
  /** Never throws: a value the browser's storage refuses (missing, blocked, full) is kept in the page's memory. */
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** The page's memory, shared by every build on the page (see above). */
type PageMemory = Map<string, string>;

const MEMORY = '__portalPageStorage';
type WindowWithMemory = Window & { [MEMORY]?: PageMemory };

const memoryOf = (win: Window) => ((win as WindowWithMemory)[MEMORY] ??= new Map<string, string>());

/**
 * The page's session storage (this tab and origin): the browser's where it works, the page's
 * memory for whatever it refuses. Reads the memory first (a value the storage refused once may be
 * stale there). Never throws.
 */
export function pageStorage(win: Window = window): PageStorage {
  const memory = memoryOf(win);
  /**
   * `act` on the browser's session storage; undefined when reading the property or `act` throws: a
   * SecurityError, a QuotaExceededError on a write, or the TypeError of a property that is null
   * or undefined (`act` always touches the storage).
   */
  const withStore = <T>(act: (store: Storage) => T): T | undefined => {
    try {
      return act(win.sessionStorage);
    } catch {
      return undefined;
    }
  };
  const removeItem = (key: string) => {
    memory.delete(key);
    withStore((store) => store.removeItem(key));
  };
  return {
    // A Storage lists its keys as its own properties, in every engine. A key is in one place
    // only (a write that went to memory removed it from storage), unless storage refused both.
    keys: () => [...memory.keys(), ...(withStore((store) => Object.keys(store)) ?? [])],
    // The memory holds strings only: a value there is never undefined.
    getItem: (key) => memory.get(key) ?? withStore((store) => store.getItem(key)) ?? null,
    setItem(key, value) {
      if (withStore((store) => store.setItem(key, value) ?? 1)) memory.delete(key);
      else {
        // Missing, blocked, or full (no quota, or this value is too big): the page's memory keeps
        // it, and an older value of the storage must not come back after a reload.
        removeItem(key);
        memory.set(key, value);
      }
    },
    removeItem,
  };
}

/**
 * Whether what the page keeps survives a reload: with `key`, that value; without, every value
 * kept so far. False whenever the browser's storage is missing or cannot be read. Apart from
 * `pageStorage`, so a build that never asks (the host's entry) does not carry it.
 */
export function durable(key?: string, win: Window = window): boolean {
  const memory = memoryOf(win);
  try {
    // Reading the property and its length throws when it is null, undefined or blocked.
    return win.sessionStorage.length >= 0 && !(key === undefined ? memory.size : memory.has(key));
  } catch {
    return false;
  }
}
