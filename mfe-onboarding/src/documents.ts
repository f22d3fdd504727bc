import { registerPaths } from './paths';

/*
 * The one catalogue of the onboarding's documents (docs/product-rules.md, "Entities" and
 * "Onboarding", documents required): their types and names, which documents each modality
 * needs, their status and where each is captured. The documents at hand, the checklist, the
 * capture screens and the review all read it.
 */

/** What the driver calls each document type (`documentType` 0 to 6). */
export const DOCUMENT_NAMES: Readonly<Record<number, string>> = {
  0: 'CNH (Carteira Nacional de Habilitação) com EAR',
  1: 'Comprovante de residência',
  2: 'Foto do rosto (selfie)',
  3: 'Permissão para motorista de táxi',
  4: 'CRLV (documento do veículo)',
  5: 'Licença do veículo',
  6: 'Permissão para motorista de aplicativo',
};

/** The documents each modality needs before submitting, in the order the screens list them. */
export const MODALITY_DOCUMENT_TYPES: Readonly<Record<number, readonly number[]>> = { 0: [0, 1, 2, 3, 5, 4], 1: [0, 1, 2, 4] };

/** The vehicle documents' continue rule (document 2, "Validation rules"). */
export const VEHICLE_DOCUMENTS: Readonly<Record<number, readonly number[]>> = { 0: [4, 3, 5], 1: [4] };

/** The driver's own documents, uploaded without a modality. */
export const DRIVER_DOCUMENT_TYPES: readonly number[] = [0, 1, 2];

export type DocumentStatus = 'aproved' | 'rejected' | 'created' | 'none';

/** The timestamps a document's status is read from. */
export interface DocumentStamps {
  createdAt?: string | null;
  rejectedAt?: string | null;
  approvedAt?: string | null;
}

/** From the timestamps: approvedAt, else rejectedAt, else createdAt, else none. */
export function statusOf(document: DocumentStamps | undefined): DocumentStatus {
  if (document?.approvedAt) return 'aproved';
  if (document?.rejectedAt) return 'rejected';
  if (document?.createdAt) return 'created';
  return 'none';
}

/** Sent and not rejected: counts for the submit and the vehicle rule. */
export const isThere = (status: DocumentStatus) => status === 'created' || status === 'aproved';

/** `0` or `1` from the path, else undefined. */
export function parseModality(value: string | undefined): number | undefined {
  return value === '0' || value === '1' ? Number(value) : undefined;
}

/** A document type of the modality from the path, else undefined. */
export function parseFileType(value: string | undefined, modalityType: number): number | undefined {
  if (value === undefined || !/^\d$/.test(value)) return undefined;
  const type = Number(value);
  return MODALITY_DOCUMENT_TYPES[modalityType]?.includes(type) ? type : undefined;
}

/**
 * The capture screen of a document in a flow: the licence has its own camera (front and back),
 * the profile photo the selfie (last segment: the file type), every other document the camera.
 */
export function capturePath(flow: string, modalityType: number | string, fileType: number): string {
  if (fileType === 0) return registerPaths.maskCamera(flow, modalityType, fileType);
  if (fileType === 2) return registerPaths.selfie(flow, modalityType, fileType);
  return registerPaths.camera(flow, modalityType, fileType);
}
