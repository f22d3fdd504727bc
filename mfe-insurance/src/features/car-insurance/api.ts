import { api, type InsurancePolicy } from '@driver-portal/shared/contract';
import { callApi, malformedAnswer } from '@driver-portal/shared/http';

/*
 * Insurance calls (seed 2 section 7). The documents do not show the insurance base path, so it
 * is defined once (DECISIONS 2): the insurance service's base URL comes from the runtime
 * configuration (`services.insurance` in env.json) and the calls live under `api/1.0/insurance/`
 * in the shared contract (`api.insurance`). No bearer token is sent to this service.
 *
 *   GET {insurance}api/1.0/insurance/{driverId}/active-policy   -> InsurancePolicy
 *   PUT {insurance}api/1.0/insurance/{requestId}/renew
 *   PUT {insurance}api/1.0/insurance/{requestId}/cancel
 */

/** A body without the `active` flag is malformed: an error state, never a guessed screen. */
function ensurePolicy(data: unknown): InsurancePolicy {
  if (data && typeof data === 'object' && typeof (data as Partial<InsurancePolicy>).active === 'boolean') return data as InsurancePolicy;
  throw malformedAnswer('insurance');
}

export const fetchActivePolicy = (driverId: string, signal: AbortSignal) =>
  callApi(api.insurance.activePolicy, { params: { driverId }, signal }).then(ensurePolicy);

/** Renewal request: overlay while it runs, the catalogue alert if it fails. */
export const renewPolicy = (requestId: string) =>
  callApi(api.insurance.renew, { params: { requestId }, overlay: true, alertOnError: true });

/** Cancellation request: overlay while it runs, the catalogue alert if it fails. */
export const cancelPolicy = (requestId: string) =>
  callApi(api.insurance.cancel, { params: { requestId }, overlay: true, alertOnError: true });
