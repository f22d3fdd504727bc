import { callApi } from '@driver-portal/shared/http';
import { api, type DriverDocument } from './contract';
import { dataFormPath, resendPath } from './document-flow';
import { DOCUMENT_NAMES, isThere, MODALITY_DOCUMENT_TYPES, statusOf, VEHICLE_DOCUMENTS } from './documents';
import { documentPaths, fetchModalityVehicle } from './licence-review';

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

/** Something the review still waits for, by name, and the screen that provides it. */
export interface Remaining {
  name: string;
  /** Where the driver provides it; undefined while it cannot be provided yet (`first` says what comes before). */
  to: string | undefined;
  first?: string;
}

export const DATA_NAMES = { licence: 'Dados da CNH', vehicle: 'Dados do veículo' } as const;

/**
 * What is still missing or rejected before the modality's documents can go to review
 * (docs/product-rules.md, "Documents and capture"): each document not sent or rejected, then
 * the licence and vehicle data not sent. The review queue restarts only when this is empty.
 */
export function remainingOf({ documents, licenceFilled, vehicleFilled }: ChecklistData, modalityType: number): Remaining[] {
  const there = (type: number) => isThere(statusOf(documents.get(type)));
  const remaining: Remaining[] = [];
  for (const type of MODALITY_DOCUMENT_TYPES[modalityType] ?? []) {
    if (there(type)) continue;
    const document = documents.get(type);
    const rejected = statusOf(document) === 'rejected';
    remaining.push({
      name: DOCUMENT_NAMES[type] ?? `Documento ${type}`,
      to: rejected ? documentPaths.rejected(document?.rejectedReasonId ?? -1, modalityType, type) : resendPath(modalityType, type),
    });
  }
  if (!licenceFilled) {
    remaining.push(
      there(0)
        ? { name: DATA_NAMES.licence, to: dataFormPath('licence', 'edit', modalityType) }
        : { name: DATA_NAMES.licence, to: undefined, first: 'Envie antes a foto da CNH.' },
    );
  }
  if (!vehicleFilled) {
    const ready = (VEHICLE_DOCUMENTS[modalityType] ?? []).every(there);
    remaining.push(
      ready
        ? { name: DATA_NAMES.vehicle, to: dataFormPath('vehicle', 'edit', modalityType) }
        : { name: DATA_NAMES.vehicle, to: undefined, first: 'Envie antes os documentos do veículo.' },
    );
  }
  return remaining;
}

/**
 * A service message that names documents by type number ("Faltam documentos: 4, 5.") with their
 * names instead: the driver does not know document 4.
 */
export function withDocumentNames(message: string): string {
  return message.replace(
    /(Faltam documentos:\s*)([\d\s,]+\d)/i,
    (_match, lead: string, list: string) =>
      `${lead}${list
        .split(/[\s,]+/)
        .filter(Boolean)
        .map((type) => DOCUMENT_NAMES[Number(type)] ?? type)
        .join(', ')}`,
  );
}
