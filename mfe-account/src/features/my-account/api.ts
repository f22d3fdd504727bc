import { callApi } from '@driver-portal/shared/http';
import { safeExternalUrl } from '@driver-portal/shared/links';
import { api, type Driver, type Location, type Modality } from '../../contract';

/** GET register api/1.0/driver/:guid (no token). */
export const fetchDriver = (guid: string, signal: AbortSignal): Promise<Driver> =>
  callApi(api.register.driver, { params: { guid }, signal }).then((answer) => answer.response);

/** GET register api/1.0/driver/:guid/location; null when the driver has no address yet. */
export const fetchLocation = (guid: string, signal: AbortSignal): Promise<Location | null> =>
  callApi(api.register.location, { params: { guid }, signal }).then((answer) => answer.response);

/** GET register api/1.0/driver/:guid/modality: `modalities[].response`. */
export const fetchModalities = (guid: string, signal: AbortSignal): Promise<Modality[]> =>
  callApi(api.register.modalities, { params: { guid }, signal }).then((answer) => answer.modalities.map(({ response }) => response));

/** The profile photo (document type 2), only as an http(s) address. */
export const fetchSelfie = (guid: string, signal: AbortSignal): Promise<string | undefined> =>
  callApi(api.register.documents, { params: { guid }, signal }).then((answer) =>
    safeExternalUrl(answer.documents.find(({ response }) => response.documentType === 2)?.response.fileUrl),
  );
