import { api } from '../../contract';
import { DRIVER_DOCUMENT_TYPES } from '../../documents';
import { upload } from './api';
import { base64Of } from './image';

/** The failure texts of document 1, by what was sent. */
export const UPLOAD_FAILURE = {
  images: 'Erro ao enviar as imagens.',
  document: 'Erro ao enviar o documento.',
  image: 'Erro ao enviar a imagen.',
} as const;

/** The licence's two images; the proof of address and the CRLV PDF are documents; the rest one image. */
export function failureText(documentType: number): string {
  if (documentType === 0) return UPLOAD_FAILURE.images;
  if (documentType === 1 || documentType === 4) return UPLOAD_FAILURE.document;
  return UPLOAD_FAILURE.image;
}

/** Where a slot's photo waits in IndexedDB until it is sent. */
export const slotKey = (guid: string, modalityType: number, documentType: number, side?: string) =>
  [guid, modalityType, documentType, side].filter((part) => part !== undefined).join('/');

/** Sends one document with the call its type takes (contract/documents.ts). */
export async function sendDocument(
  guid: string,
  modalityType: number,
  documentType: number,
  files: { content?: Blob; front?: Blob; back?: Blob },
  onProgress: (share: number) => void,
): Promise<void> {
  if (documentType === 0) {
    if (!files.front || !files.back) throw new Error('both sides needed');
    const [Front, Back] = await Promise.all([base64Of(files.front), base64Of(files.back)]);
    await upload(api.register.uploadLicence, { guid }, { Front, Back }, onProgress);
    return;
  }
  if (!files.content) throw new Error('nothing to send');
  const content = await base64Of(files.content);
  if (documentType === 1) await upload(api.register.uploadProofOfAddress, { guid }, { content }, onProgress);
  else if (DRIVER_DOCUMENT_TYPES.includes(documentType)) {
    await upload(api.register.uploadDriverDocument, { guid, documentType }, { content }, onProgress);
  } else await upload(api.register.uploadModalityDocument, { guid, modalityType, documentType }, { content }, onProgress);
}
