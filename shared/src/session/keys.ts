/** sessionStorage keys of the values held for the session (seed 1 section 3). */
export const SESSION_KEYS = {
  token: 'driver-portal:token',
  driverId: 'driver-portal:driverId',
  driverGuid: 'driver-portal:driverGuid',
  notTitle: 'driver-portal:notTitle',
  changeDocFlag: 'driver-portal:changeDocFlag',
  proofAddressBase: 'driver-portal:proofAddressBase',
  uploadedClrvDocName: 'driver-portal:uploadedClrvDocName',
} as const;

export type SessionKey = keyof typeof SESSION_KEYS;

/** Prefix of every key this platform writes, so ending the session clears drafts too. */
export const SESSION_PREFIX = 'driver-portal:';

/** Removes every key of this platform from one origin's storage (the session's end). */
export function clearPortalKeys(store: Storage): void {
  const keys: string[] = [];
  for (let i = 0; i < store.length; i += 1) {
    const key = store.key(i);
    if (key?.startsWith(SESSION_PREFIX)) keys.push(key);
  }
  keys.forEach((key) => store.removeItem(key));
}
