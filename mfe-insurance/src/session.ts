import { driverValue, getDriverId, sessionValue } from '@driver-portal/shared/session';

/**
 * The driver whose contract was just sent: the home then says "being processed" on the page
 * without a second dialog after the success alert.
 */
export const justContractedDriverId = sessionValue('insuranceJustContracted');

/**
 * A contract was made in this session: the wizard is a finished flow, so its steps (reached by
 * the device's back button) lead to the insurance home instead of opening again, until the
 * driver asks for a new contract from the offer.
 */
export const contractFinished = driverValue('insuranceContractFinished');

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

/**
 * The driver of the wizard and of the card request, whose paths carry no driver id: the
 * session's, which the insurance home's route id (`/car-insurance/init/:driverId`) is adopted
 * into. Never a value of this remote's own: after a driver switch on a shared phone, a copy
 * kept here would still name the previous driver (docs/session.md, "A session belongs to one driver").
 */
export function currentDriverId(): string | undefined {
  return getDriverId();
}
