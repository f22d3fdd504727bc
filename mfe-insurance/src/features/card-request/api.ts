import { callApi } from '@driver-portal/shared/http';
import { api, type CardAddress } from '../../contract';

/** The driver's card request (calls ours: docs/product-rules.md, "Card service (no token)"). */
export const fetchCardStatus = (driverId: string, signal: AbortSignal) => callApi(api.card.status, { params: { driverId }, signal });

/** Asks for the card with the terms accepted: overlay while it runs, the catalogue alert if it fails. */
export const requestCard = (driverId: string, address: CardAddress) =>
  callApi(api.card.request, { params: { driverId }, body: { termsAccepted: true, address }, overlay: true, alertOnError: true });

/** A lookup that takes longer than this is a failure: the driver types the address instead. */
export const ZIP_LOOKUP_TIMEOUT_MS = 8_000;

/** The zip lookup (a third-party host: no token), with the CEP's 8 digits. */
export const lookupZip = (digits: string, signal: AbortSignal) =>
  callApi(api.zipLookup.address, { query: { zipcode: digits }, signal, timeoutMs: ZIP_LOOKUP_TIMEOUT_MS });
