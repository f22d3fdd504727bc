import { callApi } from '@driver-portal/shared/http';
import { api, type DriverDocument } from '../../contract';

/**
 * The driver's documents for the checklist: the driver's own list and the modality's, read
 * together (docs/product-rules.md, "Documents and capture"); for a type in both, the modality's.
 */
export async function fetchDocuments(guid: string, modalityType: number, signal: AbortSignal): Promise<Map<number, DriverDocument>> {
  const [own, modality] = await Promise.all([
    callApi(api.register.driverDocuments, { params: { guid }, signal }),
    callApi(api.register.modalityDocuments, { params: { guid, modalityType }, signal }),
  ]);
  const byType = new Map<number, DriverDocument>();
  for (const { response } of [...own.documents, ...modality.documents]) byType.set(response.documentType, response);
  return byType;
}

/** Submit for analysis; the screen says its own failure text. */
export const sendToReview = (guid: string, modalityType: number) =>
  callApi(api.register.sendToReview, { params: { guid, modalityType }, overlay: true });
