import { breakStorage, STORAGE_MODES } from '@driver-portal/shared/test-utils';
import { clearPortalKeys } from './keys';
import type * as storageModule from './storage';
import { pageStorage, type StorageProblem } from './storage';

/** A window of its own for each test: the layer keeps its memory on the window it is given. */
function newPage(): Window {
  const page = Object.create(null) as Window;
  Object.defineProperty(page, 'sessionStorage', { configurable: true, value: new MemoryStorage() });
  Object.defineProperty(page, 'localStorage', { configurable: true, value: new MemoryStorage() });
  return page;
}

/** A browser's Storage with a quota in characters (keys and values, as the engines count). */
class MemoryStorage implements Storage {
  private readonly values = new Map<string, string>();
  constructor(private readonly quota = Infinity) {}
  get length() {
    return this.values.size;
  }
  key(index: number) {
    return [...this.values.keys()][index] ?? null;
  }
  getItem(key: string) {
    return this.values.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    const used = [...this.values].reduce((sum, [k, v]) => sum + (k === key ? 0 : k.length + v.length), 0);
    if (used + key.length + value.length > this.quota) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    this.values.set(key, value);
  }
  removeItem(key: string) {
    this.values.delete(key);
  }
  clear() {
    this.values.clear();
  }
}

const EXPECTED_PROBLEM: Record<(typeof STORAGE_MODES)[number], StorageProblem> = {
  null: 'missing',
  undefined: 'missing',
  blocked: 'blocked',
  'blocked-on-use': 'blocked',
  'no-quota': 'no-quota',
};

describe('the storage layer, with the storage a webview gives', () => {
  it('uses the browser’s storage when it works: the value is there, it survives a reload', () => {
    const page = newPage();
    const store = pageStorage('session', page);
    store.setItem('driver-portal:token', 'token-a');
    expect(page.sessionStorage.getItem('driver-portal:token')).toBe('token-a');
    expect(store.getItem('driver-portal:token')).toBe('token-a');
    expect(store.durable()).toBe(true);
    expect(store.durable('driver-portal:token')).toBe(true);
    expect(store.problem()).toBeUndefined();
    // The write test leaves nothing behind.
    expect(page.sessionStorage.length).toBe(1);
  });

  describe.each(STORAGE_MODES)('storage %s', (mode) => {
    it('keeps every value in the page’s memory, read back while the page lives, and says it will not survive a reload', () => {
      const page = newPage();
      const undo = breakStorage(mode, page);
      for (const kind of ['session', 'local'] as const) {
        const store = pageStorage(kind, page);
        expect(() => store.setItem('driver-portal:token', `token-${kind}`)).not.toThrow();
        expect(store.getItem('driver-portal:token')).toBe(`token-${kind}`);
        expect(store.problem()).toBe(EXPECTED_PROBLEM[mode]);
        expect(store.durable()).toBe(false);
        expect(store.durable('driver-portal:token')).toBe(false);
        expect(store.length).toBe(1);
        expect(store.key(0)).toBe('driver-portal:token');
        store.removeItem('driver-portal:token');
        expect(store.getItem('driver-portal:token')).toBeNull();
        expect(store.length).toBe(0);
      }
      undo();
      // Nothing reached the browser's storage once it was given back.
      expect(page.sessionStorage.length).toBe(0);
    });

    it('keeps session and local values apart, and every copy of the layer on the page reads the same memory', () => {
      const page = newPage();
      breakStorage(mode, page);
      pageStorage('session', page).setItem('k', 'session');
      pageStorage('local', page).setItem('k', 'local');
      jest.isolateModules(() => {
        // Another build's copy of this file (a remote's forms, the host's session singleton).
        const other = jest.requireActual<typeof storageModule>('./storage');
        expect(other.pageStorage('session', page).getItem('k')).toBe('session');
        expect(other.pageStorage('local', page).getItem('k')).toBe('local');
      });
    });

    it('the session’s end clears the memory as it clears the storage: nothing of a driver is left for the next one', () => {
      const page = newPage();
      breakStorage(mode, page);
      const store = pageStorage('session', page);
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
    const store = pageStorage('session', page);
    store.setItem('driver-portal:token', 'token-a');
    store.setItem('driver-portal:draft:a:form', 'old');
    const big = 'x'.repeat(500);
    store.setItem('driver-portal:draft:a:form', big);
    expect(store.getItem('driver-portal:draft:a:form')).toBe(big);
    // The older value is not left in storage to come back after a reload.
    expect(page.sessionStorage.getItem('driver-portal:draft:a:form')).toBeNull();
    expect(store.durable('driver-portal:draft:a:form')).toBe(false);
    expect(store.durable('driver-portal:token')).toBe(true);
    expect(store.durable()).toBe(false);
    expect(store.problem()).toBeUndefined();
    // Smaller again: back in storage, out of memory.
    store.setItem('driver-portal:draft:a:form', 'small');
    expect(page.sessionStorage.getItem('driver-portal:draft:a:form')).toBe('small');
    expect(store.durable()).toBe(true);
    expect(store.length).toBe(2);
  });

  it('a storage that throws only when read gives null, never an exception', () => {
    const page = newPage();
    const throwing = new MemoryStorage();
    throwing.getItem = () => {
      throw new DOMException('denied', 'SecurityError');
    };
    Object.defineProperty(page, 'sessionStorage', { configurable: true, value: throwing });
    const store = pageStorage('session', page);
    store.setItem('a', '1');
    expect(store.getItem('a')).toBeNull();
    expect(() => store.removeItem('a')).not.toThrow();
  });
});
