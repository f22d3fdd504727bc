import { getSessionValue, sessionValue } from '@driver-portal/shared/session';

/**
 * The driver the insurance contract is for: the insurance home sets it from its path
 * (`/car-insurance/init/:driverId`), since the wizard's own paths carry no driver id.
 */
export const insuranceDriverId = sessionValue('insuranceDriverId');

/**
 * The driver whose contract was just sent: the home then says "being processed" on the page
 * without a second dialog after the success alert.
 */
export const justContractedDriverId = sessionValue('insuranceJustContracted');

/**
 * The `DeviceId` of the insurance request: the portal runs in a webview and cannot read the
 * phone's id, so it is an id made once per session (docs/product-rules.md, "Gaps the product defines").
 */
const deviceIdValue = sessionValue('insuranceDeviceId');

export function deviceId(): string {
  const known = deviceIdValue.get();
  if (known) return known;
  const made =
    typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function'
      ? crypto.randomUUID()
      : `${Date.now().toString(16)}-${Math.random().toString(16).slice(2)}`;
  deviceIdValue.set(made);
  return made;
}

/** The driver of the wizard and of the card request: the insurance home's, else the session's. */
export function currentDriverId(): string | undefined {
  return insuranceDriverId.get() ?? getSessionValue('driverId');
}
