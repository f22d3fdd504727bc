import { clearPortalKeys, SESSION_KEYS, SESSION_PREFIX, type SessionKey } from './keys';

export { SESSION_KEYS, type SessionKey } from './keys';

function storage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

export function getSessionValue(key: SessionKey): string | undefined {
  return storage()?.getItem(SESSION_KEYS[key]) ?? undefined;
}

export function setSessionValue(key: SessionKey, value: string | undefined | null): void {
  const store = storage();
  if (!store) return;
  if (value === undefined || value === null || value === '') store.removeItem(SESSION_KEYS[key]);
  else store.setItem(SESSION_KEYS[key], value);
}

/** One value a remote keeps for the session, under its own name (see `sessionValue`). */
export interface SessionValue {
  get(): string | undefined;
  /** An empty, null or undefined value removes it. */
  set(value: string | undefined | null): void;
}

/**
 * Declares a value a remote keeps for the session (e.g. the title of the notification being
 * read). The remote owns the name; the platform owns the storage and clears it on `/Sair`.
 */
export function sessionValue(name: string): SessionValue {
  if (!/^[A-Za-z][A-Za-z0-9-]*$/.test(name)) throw new Error(`invalid session value name "${name}"`);
  const key = `${SESSION_PREFIX}${name}`;
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
