import { callApi } from '@driver-portal/shared/http';
import { api, type LocationBody } from '../../contract';

/** A lookup that takes longer than this is a failure: the driver types the address instead. */
export const ZIP_LOOKUP_TIMEOUT_MS = 8_000;

/** The zip lookup (a third-party host: no token), with the CEP's 8 digits. */
export const lookupZip = (digits: string, signal: AbortSignal) =>
  callApi(api.zipLookup.address, { query: { zipcode: digits }, signal, timeoutMs: ZIP_LOOKUP_TIMEOUT_MS });

/** Saves the address: overlay while it runs, the catalogue alert (the 400 list) if it fails. */
export const saveLocation = (guid: string, location: LocationBody) =>
  callApi(api.register.saveLocation, { params: { guid }, body: location, overlay: true, alertOnError: true });
