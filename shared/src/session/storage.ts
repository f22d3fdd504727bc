/**
 * The one storage layer of the portal (docs/session.md, "Without storage"; decision 0020): every
 * value a page keeps for its session or for this browser (the token and driver id, remote values,
 * drafts, the journey's starts, a squad's devtools keys) goes through `pageStorage`, never through
 * `window.sessionStorage` or `window.localStorage` directly.
 *
 * A webview may give the page no storage at all, and the portal must still work for the life of
 * the page: Android's WebView leaves DOM storage off unless the native app turns it on
 * (`window.sessionStorage` and `window.localStorage` are then null); Chromium with cookies blocked
 * and Safari throw a SecurityError when the property is read; old Safari's private mode has no
 * quota, so every `setItem` throws a QuotaExceededError; a full storage refuses one big value.
 * Whatever storage refuses is kept in the page's memory instead, and read from there first, so a
 * value written is always read back while the page lives. What lives in memory does not outlive
 * a reload: `durable()` says so, for a screen that must tell the driver (a draft) or must not
 * reload (a switch to a new release).
 *
 * The memory is kept on the window, not in this module: the boot code bundled into each entry,
 * the host's session singleton, and each remote's forms and journey code all bundle this file, and
 * must read the same values. Its shape (`PageMemory`) is therefore an interface between builds
 * released apart: a change of shape takes a new property name. `clearPortalKeys` (keys.ts) empties
 * the memory with the storage, so /Sair and a driver switch leave nothing of a driver behind.
 *
 * No dependencies: the boot and the sign-out page bundle it.
 */

/** Which of the browser's storages: the tab's (session) or the browser's (local). */
export type StorageKind = 'session' | 'local';

/**
 * Why the browser's storage is not used: the property is null or undefined (`missing`), reading
 * it or using it throws (`blocked`: a SecurityError), or nothing can be written (`no-quota`: a
 * QuotaExceededError on the first write).
 */
export type StorageProblem = 'missing' | 'blocked' | 'no-quota';

/** What a page keeps: the Storage interface's calls, none of which ever throws. */
export interface PageStorage {
  readonly length: number;
  key(index: number): string | null;
  getItem(key: string): string | null;
  /** Never throws: a value the browser's storage refuses (missing, blocked, full) is kept in the page's memory. */
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
  /**
   * Whether what is kept survives a reload of the page: with `key`, that value; without, every
   * value kept so far, and the browser's storage is usable.
   */
  durable(key?: string): boolean;
  /** Why the browser's storage is not used, or undefined when it is. */
  problem(): StorageProblem | undefined;
}

/** The page's memory, shared by every build on the page (see above): values by storage kind. */
interface PageMemory {
  session: Map<string, string>;
  local: Map<string, string>;
  /** The last storage object found usable or not by a write test, and its verdict. */
  checked: Partial<Record<StorageKind, { store: Storage; problem?: StorageProblem }>>;
}

const MEMORY = '__driverPortalPageStorage';
type WindowWithMemory = Window & { [MEMORY]?: PageMemory };

function memoryOf(win: Window): PageMemory {
  const holder = win as WindowWithMemory;
  holder[MEMORY] ??= { session: new Map(), local: new Map(), checked: {} };
  return holder[MEMORY];
}

/** The key the write test uses; removed at once. */
const PROBE_KEY = 'driver-portal-probe';

/** A QuotaExceededError, as each engine names it (Firefox's old name too). */
function isQuotaError(error: unknown): boolean {
  const name = (error as { name?: unknown } | null)?.name;
  return name === 'QuotaExceededError' || name === 'NS_ERROR_DOM_QUOTA_REACHED';
}

/**
 * The browser's storage of that kind, when it can be read and written, else why not. A storage
 * object is tested once by a write (old Safari's private mode reads fine and refuses every write);
 * a property that throws or is missing is asked again each time (it costs nothing).
 */
function browserStorage(win: Window, kind: StorageKind): { store?: Storage; problem?: StorageProblem } {
  let store: unknown;
  try {
    store = kind === 'session' ? win.sessionStorage : win.localStorage;
  } catch {
    return { problem: 'blocked' };
  }
  if (!store || typeof (store as Storage).getItem !== 'function') return { problem: 'missing' };
  const memory = memoryOf(win);
  const known = memory.checked[kind];
  if (known?.store === store) return known.problem ? { problem: known.problem } : { store: store as Storage };
  let problem: StorageProblem | undefined;
  try {
    (store as Storage).setItem(PROBE_KEY, '1');
    (store as Storage).removeItem(PROBE_KEY);
  } catch (error) {
    problem = isQuotaError(error) ? 'no-quota' : 'blocked';
  }
  memory.checked[kind] = { store: store as Storage, problem };
  return problem ? { problem } : { store: store as Storage };
}

function storedKeys(store: Storage | undefined): string[] {
  if (!store) return [];
  try {
    const keys: string[] = [];
    for (let index = 0; index < store.length; index += 1) {
      const key = store.key(index);
      if (key !== null && key !== PROBE_KEY) keys.push(key);
    }
    return keys;
  } catch {
    return [];
  }
}

/**
 * The page's storage of one kind ('session': this tab and origin, the default; 'local': this
 * browser and origin): the browser's where it works, the page's memory for whatever it refuses.
 * Reads the memory first (a value the storage refused once may be stale there). Never throws.
 */
export function pageStorage(kind: StorageKind = 'session', win: Window = window): PageStorage {
  const memory = () => memoryOf(win)[kind];
  const keys = () => {
    const held = memory();
    return [...new Set([...held.keys(), ...storedKeys(browserStorage(win, kind).store)])];
  };
  return {
    get length() {
      return keys().length;
    },
    key: (index) => keys()[index] ?? null,
    getItem(key) {
      const held = memory();
      if (held.has(key)) return held.get(key) ?? null;
      try {
        return browserStorage(win, kind).store?.getItem(key) ?? null;
      } catch {
        return null;
      }
    },
    setItem(key, value) {
      const { store } = browserStorage(win, kind);
      const held = memory();
      if (store) {
        try {
          store.setItem(key, value);
          held.delete(key);
          return;
        } catch {
          // Full (this value is too big) or refused now: the page's memory keeps it, and an older
          // value of the storage must not be read back after this page is reloaded.
          try {
            store.removeItem(key);
          } catch {
            // Nothing more to do: the memory is read first.
          }
        }
      }
      held.set(key, value);
    },
    removeItem(key) {
      memory().delete(key);
      try {
        browserStorage(win, kind).store?.removeItem(key);
      } catch {
        // Refused: nothing was written there either.
      }
    },
    durable(key) {
      const { store } = browserStorage(win, kind);
      if (!store) return false;
      return key === undefined ? memory().size === 0 : !memory().has(key);
    },
    problem: () => browserStorage(win, kind).problem,
  };
}
