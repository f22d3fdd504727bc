import { breakStorage, STORAGE_MODES } from '@driver-portal/shared/test-utils';
import { clearPortalKeys } from './keys';
import type * as storageModule from './storage';
import { durable, pageStorage } from './storage';

/** A window of its own for each test: the layer keeps its memory on the window it is given. */
function newPage(): Window {
  const page = Object.create(null) as Window;
  Object.defineProperty(page, 'sessionStorage', { configurable: true, value: new MemoryStorage() });
  Object.defineProperty(page, 'localStorage', { configurable: true, value: new MemoryStorage() });
  return page;
}

/**
 * A browser's Storage with a quota in characters (keys and values, as the engines count): like a
 * browser's, it holds each value as an own property of that name.
 */
class MemoryStorage implements Storage {
  [name: string]: unknown;
  readonly #quota: number;
  constructor(quota = Infinity) {
    this.#quota = quota;
  }
  get length() {
    return Object.keys(this).length;
  }
  key(index: number) {
    return Object.keys(this)[index] ?? null;
  }
  getItem(key: string) {
    return Object.hasOwn(this, key) ? String(this[key]) : null;
  }
  setItem(key: string, value: string) {
    const used = Object.keys(this).reduce((sum, k) => sum + (k === key ? 0 : k.length + String(this[k]).length), 0);
    if (used + key.length + value.length > this.#quota) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    this[key] = value;
  }
  removeItem(key: string) {
    delete this[key];
  }
  clear() {
    Object.keys(this).forEach((key) => delete this[key]);
  }
}

describe('the storage layer, with the storage a webview gives', () => {
  it('uses the browser’s storage when it works: the value is there, it survives a reload', () => {
    const page = newPage();
    const store = pageStorage(page);
    store.setItem('driver-portal:token', 'token-a');
    expect(page.sessionStorage.getItem('driver-portal:token')).toBe('token-a');
    expect(store.getItem('driver-portal:token')).toBe('token-a');
    expect(durable(undefined, page)).toBe(true);
    expect(durable('driver-portal:token', page)).toBe(true);
    expect(store.keys()).toEqual(['driver-portal:token']);
  });

  describe.each(STORAGE_MODES)('storage %s', (mode) => {
    it('keeps every value in the page’s memory, read back while the page lives, and says it will not survive a reload', () => {
      const page = newPage();
      const undo = breakStorage(mode, page);
      const store = pageStorage(page);
      expect(() => store.setItem('driver-portal:token', 'token-a')).not.toThrow();
      expect(store.getItem('driver-portal:token')).toBe('token-a');
      expect(durable(undefined, page)).toBe(false);
      expect(durable('driver-portal:token', page)).toBe(false);
      expect(store.keys()).toEqual(['driver-portal:token']);
      store.removeItem('driver-portal:token');
      expect(store.getItem('driver-portal:token')).toBeNull();
      expect(store.keys()).toEqual([]);
      undo();
      // Nothing reached the browser's storage once it was given back.
      expect(page.sessionStorage.length).toBe(0);
    });

    it('every copy of the layer on the page (each build bundles it) reads the same memory', () => {
      const page = newPage();
      breakStorage(mode, page);
      pageStorage(page).setItem('driver-portal:token', 'token-a');
      jest.isolateModules(() => {
        // Another build's copy of this file (a remote's forms, the host's session singleton).
        const other = jest.requireActual<typeof storageModule>('./storage');
        expect(other.pageStorage(page).getItem('driver-portal:token')).toBe('token-a');
        expect(other.durable(undefined, page)).toBe(false);
      });
    });

    it('the session’s end clears the memory as it clears the storage: nothing of a driver is left for the next one', () => {
      const page = newPage();
      breakStorage(mode, page);
      const store = pageStorage(page);
      store.setItem('driver-portal:token', 'token-a');
      store.setItem('driver-portal:draft:a:bank', '{"conta":"1"}');
      store.setItem('portal.releaseSwitch', '{}');
      clearPortalKeys(store);
      expect(store.getItem('driver-portal:token')).toBeNull();
      expect(store.getItem('driver-portal:draft:a:bank')).toBeNull();
      // Not the portal's session: kept.
      expect(store.getItem('portal.releaseSwitch')).toBe('{}');
    });
  });

  it('a value too big for what is left of the quota goes to memory; the others stay in storage', () => {
    const page = newPage();
    Object.defineProperty(page, 'sessionStorage', { configurable: true, value: new MemoryStorage(200) });
    const store = pageStorage(page);
    store.setItem('driver-portal:token', 'token-a');
    store.setItem('driver-portal:draft:a:form', 'old');
    const big = 'x'.repeat(500);
    store.setItem('driver-portal:draft:a:form', big);
    expect(store.getItem('driver-portal:draft:a:form')).toBe(big);
    // The older value is not left in storage to come back after a reload.
    expect(page.sessionStorage.getItem('driver-portal:draft:a:form')).toBeNull();
    expect(durable('driver-portal:draft:a:form', page)).toBe(false);
    expect(durable('driver-portal:token', page)).toBe(true);
    expect(durable(undefined, page)).toBe(false);
    // Smaller again: back in storage, out of memory.
    store.setItem('driver-portal:draft:a:form', 'small');
    expect(page.sessionStorage.getItem('driver-portal:draft:a:form')).toBe('small');
    expect(durable(undefined, page)).toBe(true);
    expect(store.keys().sort()).toEqual(['driver-portal:draft:a:form', 'driver-portal:token']);
  });

  it('a storage that throws only when read gives null, never an exception', () => {
    const page = newPage();
    const throwing = new MemoryStorage();
    throwing.getItem = () => {
      throw new DOMException('denied', 'SecurityError');
    };
    Object.defineProperty(page, 'sessionStorage', { configurable: true, value: throwing });
    const store = pageStorage(page);
    store.setItem('a', '1');
    expect(store.getItem('a')).toBeNull();
    expect(() => store.removeItem('a')).not.toThrow();
  });
});
