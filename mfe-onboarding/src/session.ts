import { getSessionValue, sessionValue } from '@driver-portal/shared/session';

/** The id the register service gave the driver who just signed up (before the app knows a driverId). */
export const registeredDriverGuid = sessionValue('driverGuid');

/**
 * The mobile (11 digits) whose SMS code was confirmed, until the account is created: a reload of
 * the create-account form does not ask for a new code.
 */
export const confirmedMobile = sessionValue('confirmedMobile');

/** The driver the registration screens act on: the one who signed up here, else the session's. */
export function registeringDriver(): string | undefined {
  return registeredDriverGuid.get() ?? getSessionValue('driverId');
}
