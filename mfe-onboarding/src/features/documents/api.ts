import { callApi } from '@driver-portal/shared/http';
import { api, type DriverDocument } from '../../contract';
import { fetchModalityVehicle } from '../../licence-review';

/** What the checklist shows and the submit waits for. */
export interface ChecklistData {
  /** By document type; for a type in both lists, the modality's. */
  documents: Map<number, DriverDocument>;
  /** The licence data was sent (`GET .../license` reads it back). */
  licenceFilled: boolean;
  /** The modality's vehicle data was sent (`GET .../modality/{m}/vehicle`, 404 while none). */
  vehicleFilled: boolean;
}

/**
 * The driver's documents (the driver's own list and the modality's) and whether the licence and
 * vehicle data were sent, read together (docs/product-rules.md, "Documents and capture").
 */
export async function fetchChecklist(guid: string, modalityType: number, signal: AbortSignal): Promise<ChecklistData> {
  const [own, modality, licence, vehicle] = await Promise.all([
    callApi(api.register.driverDocuments, { params: { guid }, signal }),
    callApi(api.register.modalityDocuments, { params: { guid, modalityType }, signal }),
    callApi(api.register.license, { params: { id: guid }, signal }),
    fetchModalityVehicle(guid, modalityType, signal),
  ]);
  const documents = new Map<number, DriverDocument>();
  for (const { response } of [...own.documents, ...modality.documents]) documents.set(response.documentType, response);
  return { documents, licenceFilled: licence.driverLicense !== null, vehicleFilled: vehicle !== undefined };
}
