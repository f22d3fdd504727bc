import { ApiError, callApi } from '@driver-portal/shared/http';
import { portalPath } from '@driver-portal/shared/links';
import { sessionValue } from '@driver-portal/shared/session';
import { api, type VehicleReadBack } from './contract';

/*
 * What the licence and vehicle forms and the document review share (docs/product-rules.md,
 * "Onboarding", "Licence and vehicle data" and "Document review"): their addresses, the
 * after-submit routing, the vehicle's read-back and the rejection reasons. The documents
 * themselves are in documents.ts.
 */

/** The reason of the rejected document being resent (the original keeps it for the camera). */
export const rejectedReason = sessionValue('rejectedReason');

export const documentPaths = {
  licence: (flow: string, modalityType: number | string) => portalPath('/register/cnh/:flow/:modalityType', { flow, modalityType }),
  vehicle: (flow: string, modalityType: number | string) => portalPath('/register/crlv/:flow/:modalityType', { flow, modalityType }),
  uploadPicture: (modalityType: number | string) => portalPath('/register/upload-picture/:modalityType', { modalityType }),
  reviewDocs: (driverId: string, startFlow = false) =>
    `${portalPath('/register/review-docs/:driverId', { driverId })}${startFlow ? '?startFlow=true' : ''}`,
  rejected: (rejectedReasonId: number | string, modalityType: number | string, fileType: number | string) =>
    portalPath('/register/details-doc-rejected/:rejectedReasonId/:modalityType/:fileType', { rejectedReasonId, modalityType, fileType }),
  myAccount: (driverId: string) => portalPath('/my-account/init/:driverId', { driverId }),
} as const;

const ILLEGIBLE = (document: string) =>
  `Não conseguimos ler a foto ${document}. Tire uma nova foto em um lugar bem iluminado, sem reflexos, com o documento inteiro e em foco.`;

/**
 * The rejection reasons by document type, then reason id (docs/product-rules.md, "Errors",
 * rejection reasons); the wording is ours, the documents give only what each reason means.
 * `support`: a name or CPF mismatch, which a new photo does not fix: the way to support shows.
 */
export const REJECTION_REASONS: Readonly<Record<number, Readonly<Record<number, { text: string; support?: true }>>>> = {
  0: {
    0: { text: ILLEGIBLE('da sua CNH') },
    1: { text: ILLEGIBLE('da sua CNH') },
    3: { text: ILLEGIBLE('da sua CNH') },
    5: { text: 'O nome na sua CNH é diferente do nome do seu cadastro. Fale com o suporte para corrigir.', support: true },
    6: { text: 'O CPF na sua CNH é diferente do CPF do seu cadastro. Fale com o suporte para corrigir.', support: true },
    7: { text: 'Sua CNH não tem a observação EAR (Exerce Atividade Remunerada), obrigatória para dirigir profissionalmente.' },
    8: { text: 'Sua CNH está vencida. Envie a foto de uma CNH dentro da validade.' },
  },
  2: {
    2: { text: 'A qualidade da sua selfie não permitiu a análise. Tire outra com o rosto inteiro, bem iluminado e sem óculos escuros.' },
    3: { text: 'A qualidade da sua selfie não permitiu a análise. Tire outra com o rosto inteiro, bem iluminado e sem óculos escuros.' },
  },
  4: {
    0: { text: ILLEGIBLE('do seu CRLV') },
    1: { text: ILLEGIBLE('do seu CRLV') },
    3: { text: ILLEGIBLE('do seu CRLV') },
    10: { text: 'O veículo tem 8 anos ou mais de fabricação e não pode ser cadastrado. Envie o CRLV de um veículo mais novo.' },
  },
};

/** A reason the documents do not list for that document: still a reason to send it again. */
export const UNKNOWN_REASON_TEXT = 'Seu documento foi recusado na análise. Envie o documento novamente.';

export function rejectionReason(fileType: number, reasonId: number): { text: string; support?: true } {
  return REJECTION_REASONS[fileType]?.[reasonId] ?? { text: UNKNOWN_REASON_TEXT };
}

/**
 * Submit for analysis (`send-queue-workflow`): the checklist's submit, and the review opened with
 * `startFlow=true` after a resend. The screen says its own failure text.
 */
export const sendToReview = (guid: string, modalityType: number) =>
  callApi(api.register.sendToReview, { params: { guid, modalityType }, overlay: true });

/**
 * The modality's vehicle sent before, or undefined while it has none (the service answers 404):
 * the vehicle form fills itself from it, the checklist reads whether it was sent.
 */
export async function fetchModalityVehicle(
  id: string,
  modalityType: number | string,
  signal: AbortSignal,
): Promise<VehicleReadBack | undefined> {
  try {
    const { response } = await callApi(api.register.modalityVehicle, { params: { id, m: modalityType }, signal });
    return response.vehicle;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return undefined;
    throw error;
  }
}

/** `YYYY-MM-DD` (or a date-time) to `DD/MM/YYYY`; anything else as it came. */
export function fromIsoDate(value: string | null | undefined): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value ?? '');
  return match ? `${match[3]}/${match[2]}/${match[1]}` : (value ?? '');
}
