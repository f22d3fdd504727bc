import { callApi } from '@driver-portal/shared/http';
import { api, type LicenceBody } from '../../contract';

/** The licence read back (a load: its error shows with a retry). */
export const fetchLicence = (id: string, signal: AbortSignal) => callApi(api.register.license, { params: { id }, signal });

/** Sends the licence: overlay while it runs, the catalogue alert (the 400 list) if it fails. */
export const saveLicence = (id: string, licence: LicenceBody) =>
  callApi(api.register.saveLicense, { params: { id }, body: licence, overlay: true, alertOnError: true });
