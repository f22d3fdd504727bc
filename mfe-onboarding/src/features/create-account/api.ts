import { onlyDigits } from '@driver-portal/shared/format';
import { callApi } from '@driver-portal/shared/http';
import { api, type DeviceInfo, type Registration } from '../../contract';

/*
 * docs/product-rules.md, "Calls" (Register API, onboarding). Failures are alerted by callApi with
 * the catalogue's texts (the 400 list under "Por favor revise os seguintes dados:") and reject,
 * so the screen keeps what the driver typed.
 */
const sending = { overlay: true, alertOnError: true } as const;

/** The driver who already has this mobile, or null. */
export const findDriverByMobile = async (mobile: string) =>
  (await callApi(api.register.driverByMobile, { params: { phone: onlyDigits(mobile) }, ...sending })).response;

export const requestCode = (mobile: string) => callApi(api.register.requestCode, { params: { phone: onlyDigits(mobile) }, ...sending });

export const confirmCode = (mobile: string, code: string) =>
  callApi(api.register.confirmCode, { params: { phone: onlyDigits(mobile), code }, ...sending });

export const fetchPolicies = (signal: AbortSignal) => callApi(api.register.policies, { signal });

export const createDriver = (registration: Registration) => callApi(api.register.createDriver, { body: registration, ...sending });

/** What the registration says about the phone (`deviceInfo`: our shape, docs/product-rules.md, "Gaps the product defines"). */
export function deviceInfo(): DeviceInfo {
  return {
    userAgent: navigator.userAgent,
    language: navigator.language,
    screen: `${window.screen.width}x${window.screen.height}`,
  };
}
