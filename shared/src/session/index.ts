import { clearPortalKeys, SESSION_KEYS, type SessionKey } from './keys';

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
