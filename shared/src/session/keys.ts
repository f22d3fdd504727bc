/**
 * sessionStorage keys of the values the platform itself holds for the session: the bearer token
 * and the driver id, both taken from the page's address at boot. A remote declares its own
 * values with `sessionValue` in its own folder; every key starts with SESSION_PREFIX, so ending
 * the session clears them all.
 */
export const SESSION_PREFIX = 'driver-portal:';

export const SESSION_KEYS = {
  token: `${SESSION_PREFIX}token`,
  driverId: `${SESSION_PREFIX}driverId`,
} as const;

export type SessionKey = keyof typeof SESSION_KEYS;

/** Removes every key of this platform from one origin's storage (the session's end). */
export function clearPortalKeys(store: Storage): void {
  const keys: string[] = [];
  for (let i = 0; i < store.length; i += 1) {
    const key = store.key(i);
    if (key?.startsWith(SESSION_PREFIX)) keys.push(key);
  }
  keys.forEach((key) => store.removeItem(key));
}
