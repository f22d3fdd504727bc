import { getConfig } from '@driver-portal/shared/config';
import { portalPath } from '@driver-portal/shared/links';

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

/**
 * The onboarding remote's capture screen of a document, in the edit flow: the licence has its
 * own camera (front and back), the profile photo the selfie, every other document the camera.
 * Those screens are not built yet: the links follow the route table, so they work once they are.
 */
export function capturePath(modalityType: number, documentType: number): string {
  const params = { flow: 'edit', modalityType, fileType: documentType };
  if (documentType === 0) return portalPath('/register/mask-camera/:flow/:modalityType/:fileType', params);
  if (documentType === 2) return portalPath('/register/selfie/:flow/:modalityType/:fileType', params);
  return portalPath('/register/camera/:flow/:modalityType/:fileType', params);
}

/**
 * Another remote's route opens as a full page in the portal's host, as the shell does for a
 * path its remote does not own (an address on the portal's origin, at the host and at this
 * remote's own page alike).
 */
export const portalAddress = (path: string) => `${getConfig().portalUrl}${path}`;
