import type { DriverDocument } from './contract';

/*
 * The documents of each modality, their capture and their status (docs/product-rules.md,
 * "Documents and capture"), for the checklist and the capture screens.
 */

export const DOCUMENT_NAMES: Record<number, string> = {
  0: 'CNH (Carteira Nacional de Habilitação) com EAR',
  1: 'Comprovante de residência',
  2: 'Foto do rosto (selfie)',
  3: 'Permissão para motorista de táxi',
  4: 'CRLV (documento do veículo)',
  5: 'Licença do veículo',
  6: 'Permissão para motorista de aplicativo',
};

/** Required before submitting, in the checklist's order. */
export const REQUIRED_DOCUMENTS: Record<number, readonly number[]> = { 0: [0, 1, 2, 3, 5, 4], 1: [0, 1, 2, 4] };

/** The vehicle documents' continue rule (document 2, "Validation rules"). */
export const VEHICLE_DOCUMENTS: Record<number, readonly number[]> = { 0: [4, 3, 5], 1: [4] };

/** The driver's own documents, uploaded without a modality. */
export const DRIVER_DOCUMENT_TYPES: readonly number[] = [0, 1, 2];

export type DocumentStatus = 'aproved' | 'rejected' | 'created' | 'none';

/** From the timestamps: approvedAt, else rejectedAt, else createdAt, else none. */
export function statusOf(document: DriverDocument | undefined): DocumentStatus {
  if (!document) return 'none';
  if (document.approvedAt) return 'aproved';
  if (document.rejectedAt) return 'rejected';
  if (document.createdAt) return 'created';
  return 'none';
}

/** Sent and not rejected: counts for the submit and the vehicle rule. */
export const isThere = (status: DocumentStatus) => status === 'created' || status === 'aproved';

/** `0` or `1` from the path, else undefined. */
export function parseModalityParam(value: string | undefined): number | undefined {
  return value === '0' || value === '1' ? Number(value) : undefined;
}

/** A document type of the modality from the path, else undefined. */
export function parseFileType(value: string | undefined, modalityType: number): number | undefined {
  if (value === undefined || !/^\d$/.test(value)) return undefined;
  const type = Number(value);
  return REQUIRED_DOCUMENTS[modalityType]?.includes(type) ? type : undefined;
}
