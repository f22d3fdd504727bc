import { callApi } from '@driver-portal/shared/http';
import { api } from '../../contract';

/** The insurance calls (base path and answers: see ../../contract). */
export const fetchActivePolicy = (driverId: string, signal: AbortSignal) =>
  callApi(api.insurance.activePolicy, { params: { driverId }, signal });

/** Renewal request: overlay while it runs, the catalogue alert if it fails. */
export const renewPolicy = (requestId: string) =>
  callApi(api.insurance.renew, { params: { requestId }, overlay: true, alertOnError: true });

/** Cancellation request: overlay while it runs, the catalogue alert if it fails. */
export const cancelPolicy = (requestId: string) =>
  callApi(api.insurance.cancel, { params: { requestId }, overlay: true, alertOnError: true });
