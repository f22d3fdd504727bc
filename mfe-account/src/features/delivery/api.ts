import { getConfig } from '@driver-portal/shared/config';
import { callApi } from '@driver-portal/shared/http';
import { api, type Driver } from '../../contract';
import { DELIVERY_MODALITY } from '../../format';

export const DELIVERY_TEXTS = {
  sent: 'Cadastro enviado com sucesso',
  enrol: 'QUERO FAZER ENTREGAS',
} as const;

/**
 * The delivery app's store page: deployment data (the runtime configuration's `deliveryAppUrl`),
 * since the documents only say there is one. Not configured, no download link is shown
 * (docs/decisions/0009-account-screens.md).
 */
export const deliveryAppUrl = (): string | undefined => getConfig().deliveryAppUrl;

export interface DeliveryScreenData {
  driver: Driver;
  /** Any modality of type 2: the enrolment was already sent. */
  enrolled: boolean;
}

/** The driver (for the greeting) and the modalities (whether any is delivery), together. */
export async function fetchDeliveryScreen(guid: string, signal: AbortSignal): Promise<DeliveryScreenData> {
  const [driver, modalities] = await Promise.all([
    callApi(api.register.driver, { params: { guid }, signal }),
    callApi(api.register.modalities, { params: { guid }, signal }),
  ]);
  return {
    driver: driver.response,
    enrolled: modalities.modalities.some(({ response }) => response.modalityType === DELIVERY_MODALITY),
  };
}

/** PUT register api/1.0/driver/:guid/modality/2/ (no body); a failure is alerted and rejects. */
export const enrolInDelivery = (guid: string) =>
  callApi(api.register.setModality, { params: { guid, modalityType: DELIVERY_MODALITY }, overlay: true, alertOnError: true });
