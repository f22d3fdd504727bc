import { getDriverId, sessionValue } from '@driver-portal/shared/session';

/**
 * The token of `/policies/:token` (the native app's address), held here so the address bar and
 * the history entry no longer hold it once the screen reads it (the screen moves to `/policies`).
 */
export const policyRouteToken = sessionValue('policyToken');

/** The affiliation chosen on the affiliation screen: sample data, kept only in this session. */
export const sampleAffiliation = sessionValue('affiliation');

/**
 * The driver of the account screens without an id in their path (change e-mail, mobile,
 * password, modality): the session's. My account (`/my-account/init/:driverId`) adopts its
 * route's id into the session, so they know whose account they change even when the native app
 * opened my account without a `driverId` query parameter; never a copy of this remote's own,
 * which would outlive a driver switch on a shared phone.
 */
export function knownDriverId(): string | undefined {
  return getDriverId();
}
