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
