import { callApi } from '@driver-portal/shared/http';
import { api } from '../../contract';
import { DELIVERY_MODALITY } from '../../format';

/** The driver's modality (delivery is a flag beside it, never the modality); undefined when none. */
export const fetchCurrentModality = (guid: string, signal: AbortSignal): Promise<number | undefined> =>
  callApi(api.register.modalities, { params: { guid }, signal }).then(
    (answer) => answer.modalities.find(({ response }) => response.modalityType !== DELIVERY_MODALITY)?.response.modalityType,
  );

/** PUT register api/1.0/driver/:guid/modality/:m/ (no body); a failure is alerted and rejects. */
export const changeModality = (guid: string, modalityType: number) =>
  callApi(api.register.setModality, { params: { guid, modalityType }, overlay: true, alertOnError: true });
