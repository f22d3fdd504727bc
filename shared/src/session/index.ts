import { clearPortalKeys, SESSION_KEYS, SESSION_PREFIX, type SessionKey } from './keys';

export { SESSION_KEYS, type SessionKey } from './keys';

function storage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

/** One value kept for the session: the platform's own (token, driver id) or a remote's. */
export interface SessionValue {
  get(): string | undefined;
  /** An empty, null or undefined value removes it. */
  set(value: string | undefined | null): void;
}

function valueAt(key: string): SessionValue {
  return {
    get: () => storage()?.getItem(key) ?? undefined,
    set: (value) => {
      const store = storage();
      if (!store) return;
      if (value === undefined || value === null || value === '') store.removeItem(key);
      else store.setItem(key, value);
    },
  };
}

export function getSessionValue(key: SessionKey): string | undefined {
  return valueAt(SESSION_KEYS[key]).get();
}

export function setSessionValue(key: SessionKey, value: string | undefined | null): void {
  valueAt(SESSION_KEYS[key]).set(value);
}

/**
 * Declares a value a remote keeps for the session (e.g. the title of the notification being
 * read). The remote owns the name; the platform owns the storage and clears it on `/Sair`.
 */
export function sessionValue(name: string): SessionValue {
  if (!/^[A-Za-z][A-Za-z0-9-]*$/.test(name)) throw new Error(`invalid session value name "${name}"`);
  return valueAt(`${SESSION_PREFIX}${name}`);
}

export function getToken(): string | undefined {
  return getSessionValue('token');
}

export function hasSession(): boolean {
  return getToken() !== undefined;
}

/**
 * Clears every value this platform keeps for the session, drafts included, on this origin only
 * (sessionStorage is per origin): /Sair then visits every other origin of the portal.
 */
export function endSession(): void {
  const store = storage();
  if (store) clearPortalKeys(store);
}
