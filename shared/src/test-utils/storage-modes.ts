/**
 * The storage settings a webview may give the portal (docs/session.md, "Without storage"), played
 * on the test page's window: what a test of the storage layer, the session or a form runs through.
 * The end-to-end tests play the same ones in real engines (e2e/tests/storage-modes.ts).
 */

/**
 * - `null`, `undefined`: the property is there and empty (Android's WebView with DOM storage left
 *   off: null);
 * - `blocked`: reading the property throws a SecurityError (Chromium with cookies blocked, Safari);
 * - `blocked-on-use`: the object is there and every call throws a SecurityError;
 * - `no-quota`: reads work, every write throws a QuotaExceededError (old Safari's private mode).
 */
export const STORAGE_MODES = ['null', 'undefined', 'blocked', 'blocked-on-use', 'no-quota'] as const;
export type StorageMode = (typeof STORAGE_MODES)[number];

const NAMES = ['sessionStorage', 'localStorage'] as const;

const securityError = () => new DOMException('The operation is insecure.', 'SecurityError');
const quotaError = () => new DOMException('The quota has been exceeded.', 'QuotaExceededError');

/**
 * A Storage whose every call throws (`security`), or which reads an empty store and refuses
 * writes (`quota`). Its calls live on its prototype: like a browser's Storage, it lists only the
 * keys it holds (none) as its own properties.
 */
class BrokenStorage implements Storage {
  readonly #failure: 'security' | 'quota';
  constructor(failure: 'security' | 'quota') {
    this.#failure = failure;
  }
  #refuse(): never {
    throw this.#failure === 'security' ? securityError() : quotaError();
  }
  #read<T>(empty: T): T {
    return this.#failure === 'security' ? this.#refuse() : empty;
  }
  get length() {
    return this.#read(0);
  }
  key(): string | null {
    return this.#read(null);
  }
  getItem(): string | null {
    return this.#read(null);
  }
  setItem(): void {
    this.#refuse();
  }
  removeItem(): void {
    this.#read(undefined);
  }
  clear(): void {
    this.#read(undefined);
  }
}

// One object per mode, as a browser gives the same Storage object at every read.
const blockedOnUse = new BrokenStorage('security');
const noQuota = new BrokenStorage('quota');

/**
 * Gives `win` (the test page's window unless told) the storage of `mode`, for both session and
 * local storage; returns the undo, which puts the window's own storage back.
 */
export function breakStorage(mode: StorageMode, win: Window = window): () => void {
  const saved = NAMES.map((name) => [name, Object.getOwnPropertyDescriptor(win, name)] as const);
  for (const name of NAMES) {
    const get = (): Storage | null | undefined => {
      switch (mode) {
        case 'null':
          return null;
        case 'undefined':
          return undefined;
        case 'blocked':
          throw securityError();
        case 'blocked-on-use':
          return blockedOnUse;
        case 'no-quota':
          return noQuota;
      }
    };
    Object.defineProperty(win, name, { configurable: true, enumerable: true, get });
  }
  return () => {
    for (const [name, descriptor] of saved) {
      if (descriptor) Object.defineProperty(win, name, descriptor);
      else delete (win as unknown as Record<string, unknown>)[name];
    }
  };
}

/**
 * What a reload does to the page: a new document, so the page's memory (where the storage layer
 * kept what the storage refused) and the drafts' notice of it are gone; the browser's storage, if
 * any, stays. The address is the caller's to set.
 */
export function newDocument(win: Window = window): void {
  for (const name of ['__portalPageStorage', '__driverPortalDraftNotKept']) delete (win as unknown as Record<string, unknown>)[name];
}
