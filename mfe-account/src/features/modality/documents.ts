import { callApi } from '@driver-portal/shared/http';
import { journeyPath, returnAddressOf } from '@driver-portal/shared/journey';
import { portalPath } from '@driver-portal/shared/links';
import { api, type AccountDocument } from '../../contract';

/** Document types (docs/product-rules.md, "Entities") and what the driver calls them. */
export const DOCUMENT_LABELS: Readonly<Record<number, string>> = {
  0: 'CNH (com EAR)',
  1: 'Comprovante de endereço',
  2: 'Foto de perfil',
  3: 'Permissão de motorista de táxi',
  4: 'CRLV (documento do veículo)',
  5: 'Permissão do veículo',
};

/** The documents each modality needs (docs/product-rules.md, "Onboarding"). */
export const MODALITY_DOCUMENTS: Readonly<Record<number, readonly number[]>> = {
  0: [0, 1, 2, 3, 5, 4],
  1: [0, 1, 2, 4],
};

export type DocumentState = 'aproved' | 'rejected' | 'created' | 'none';

/** The status texts of "Meus documentos" (ours; the review's own words are the onboarding's). */
export const DOCUMENT_STATE_TEXTS: Readonly<Record<DocumentState, string>> = {
  aproved: 'Aprovado',
  rejected: 'Recusado: envie de novo',
  created: 'Em análise',
  none: 'Não enviado',
};

/** approvedAt, else rejectedAt, else createdAt, else not sent. */
export function stateOf(document: AccountDocument | undefined): DocumentState {
  if (document?.approvedAt) return 'aproved';
  if (document?.rejectedAt) return 'rejected';
  if (document?.createdAt) return 'created';
  return 'none';
}

/** The driver's documents of a modality by type (the driver's own list, then the modality's). */
export async function fetchModalityDocuments(
  guid: string,
  modalityType: number,
  signal: AbortSignal,
): Promise<Map<number, AccountDocument>> {
  const [own, modality] = await Promise.all([
    callApi(api.register.documents, { params: { guid }, signal }),
    callApi(api.register.modalityDocuments, { params: { guid, modalityType }, signal }),
  ]);
  const byType = new Map<number, AccountDocument>();
  for (const { response } of [...own.documents, ...modality.documents]) byType.set(response.documentType, response);
  return byType;
}

/**
 * Sending a document again is the onboarding remote's journey (docs/session.md, "Journeys across
 * remotes"): its instructions screen for the document, which goes on to the right camera and,
 * for the licence and the CRLV, to their data form. The journey carries the driver and the way
 * back to `returnPath` (this screen), at this origin: the host's or this remote's own page.
 */
export function changeDocumentPath(modalityType: number, documentType: number, driverId: string, returnPath: string): string {
  return journeyPath(portalPath('/register/details-picture/:modalityType/:fileType', { modalityType, fileType: documentType }), {
    driverId,
    returnTo: returnAddressOf(returnPath),
  });
}
