import { DRIVER_DOCUMENT_TYPES, MODALITY_DOCUMENT_TYPES } from '@driver-portal/mfe-onboarding/documents';
import { onboarding as api } from '../contracts';
import { ONBOARDING_STATES } from '../constants';
import type { UploadedDocument } from '../documents-state';
import { ok, validationError, type Reply } from '../respond';
import { route, type SandboxRequest } from '../router';
import type { DriverRecord, SandboxState } from '../state';
import { advanceState } from './onboarding';

/**
 * The onboarding's document calls (register service, no token), with documents that move: an
 * upload appears in the documents calls with `createdAt` (a new upload of a type replaces the
 * earlier one, and so restarts its review); `/__sandbox/documents/...` approves or rejects one
 * with a reason (documentsHook, below); send-queue-workflow, once every document and the licence
 * and vehicle data are there, gives the driver state 9. Every upload version the two documents
 * name is served (see the remote's contract/documents.ts).
 */

/** Largest decoded upload part: the portal sends photos of at most 700 KB and PDFs of at most 2 MB. */
export const DOCUMENT_MAX_BYTES = 2 * 1024 * 1024;

export const DOCUMENT_TEXTS = {
  driverNotFound: 'Motorista não encontrado.',
  tooLarge: 'Arquivo grande demais: o limite é de 2 MB por documento.',
  empty: 'Arquivo vazio: envie a foto novamente.',
  notImage: 'O arquivo enviado não é uma imagem JPEG ou PNG.',
  notPdf: 'O CRLV deve ser enviado em PDF.',
  wrongType: 'Tipo de documento inválido para esta chamada.',
  modalityFirst: 'Escolha a modalidade antes de enviar os documentos.',
  missing: (names: string) => `Faltam documentos: ${names}.`,
  missingData: (names: string) => `Preencha antes: ${names}.`,
} as const;

const PDF_TYPES = [4];

function driverOf(state: SandboxState, guid: string | undefined): DriverRecord | undefined {
  const id = (guid ?? '').toLowerCase();
  return state.register.drivers.find((driver) => driver.id.toLowerCase() === id);
}

const notFound = () => validationError(404, DOCUMENT_TEXTS.driverNotFound);

/** Bytes a base64 string decodes to. */
const decodedBytes = (base64: string) => Math.floor((base64.replace(/[^A-Za-z0-9+/]/g, '').length * 3) / 4);

/** Why `content` is refused for `documentType`, if it is. */
function contentProblem(content: string, documentType: number): Reply<never> | undefined {
  const bytes = decodedBytes(content);
  if (bytes === 0) return validationError(400, DOCUMENT_TEXTS.empty, 'content');
  if (bytes > DOCUMENT_MAX_BYTES) return validationError(413, DOCUMENT_TEXTS.tooLarge, 'content');
  if (PDF_TYPES.includes(documentType)) {
    // "%PDF" in base64.
    if (!content.startsWith('JVBER')) return validationError(400, DOCUMENT_TEXTS.notPdf, 'content');
  } else if (!content.startsWith('/9j/') && !content.startsWith('iVBOR')) {
    return validationError(400, DOCUMENT_TEXTS.notImage, 'content');
  }
  return undefined;
}

function store(
  state: SandboxState,
  driver: DriverRecord,
  record: Omit<UploadedDocument, 'rejectedAt' | 'approvedAt' | 'rejectedReasonId'>,
) {
  const list = (state.documents.byDriver[driver.id.toLowerCase()] ??= []);
  // A record of the review hook (modalityType null) counts for any modality: an upload of its type replaces it too.
  const replaced = (item: UploadedDocument) =>
    item.documentType === record.documentType && (item.modalityType === record.modalityType || item.modalityType === null);
  const kept = list.filter((item) => !replaced(item));
  kept.push({ ...record, rejectedAt: null, approvedAt: null, rejectedReasonId: null });
  state.documents.byDriver[driver.id.toLowerCase()] = kept;
}

type Uploaded = Reply<Record<string, never>>;

/** One `{ content }` upload of `documentType`, for the driver or one of its modalities. */
function uploadOne(request: SandboxRequest, documentType: number, modalityType: number | null, via: string): Uploaded {
  const driver = driverOf(request.state, request.params.guid);
  if (!driver) return notFound();
  if (!Number.isInteger(documentType) || documentType < 0 || documentType > 6) {
    return validationError(400, DOCUMENT_TEXTS.wrongType, 'documentType');
  }
  const { content } = request.body as { content: string };
  const problem = contentProblem(content, documentType);
  if (problem) return problem;
  store(request.state, driver, { documentType, modalityType, createdAt: request.now.toISOString(), via, bytes: [decodedBytes(content)] });
  return ok({});
}

function uploadLicence(request: SandboxRequest): Uploaded {
  const driver = driverOf(request.state, request.params.guid);
  if (!driver) return notFound();
  const { Front, Back } = request.body as { Front: string; Back: string };
  const problem = contentProblem(Front, 0) ?? contentProblem(Back, 0);
  if (problem) return problem;
  store(request.state, driver, {
    documentType: 0,
    modalityType: null,
    createdAt: request.now.toISOString(),
    via: 'api/2.0 Front+Back',
    bytes: [decodedBytes(Front), decodedBytes(Back)],
  });
  return ok({});
}

const uploadDriverDocument = (request: SandboxRequest): Uploaded => {
  const type = Number(request.params.documentType);
  if (!DRIVER_DOCUMENT_TYPES.includes(type)) return validationError(400, DOCUMENT_TEXTS.wrongType, 'documentType');
  return uploadOne(request, type, null, 'api/2.0 driver');
};

function uploadModalityDocument(request: SandboxRequest): Uploaded {
  const type = Number(request.params.documentType);
  if (DRIVER_DOCUMENT_TYPES.includes(type)) return validationError(400, DOCUMENT_TEXTS.wrongType, 'documentType');
  const modality = Number(request.params.modalityType);
  if (modality !== 0 && modality !== 1) return validationError(400, DOCUMENT_TEXTS.modalityFirst, 'modalityType');
  return uploadOne(request, type, modality, 'api/2.0 modality');
}

/** The driver's documents: the seed's (src/documents-state.ts) and the uploads, one per type and modality. */
function recordsOf(state: SandboxState, driver: DriverRecord): UploadedDocument[] {
  return state.documents.byDriver[driver.id.toLowerCase()] ?? [];
}

interface DocumentAnswer {
  documentType: number;
  createdAt: string | null;
  rejectedAt: string | null;
  approvedAt: string | null;
  rejectedReasonId: number | null;
  fileUrl: string | null;
  document: { fileUrl: string | null } | null;
}

const answerOf = (item: UploadedDocument, origin: string): { response: DocumentAnswer } => ({
  response: {
    documentType: item.documentType,
    createdAt: item.createdAt,
    rejectedAt: item.rejectedAt,
    approvedAt: item.approvedAt,
    rejectedReasonId: item.rejectedReasonId,
    fileUrl: item.fileUrl ? `${origin}${item.fileUrl}` : null,
    document: null,
  },
});

/** The driver's own documents (licence, proof of address, photo): my account reads the photo's file. */
function driverDocuments({ state, params, origin }: SandboxRequest): Reply<{ documents: { response: DocumentAnswer }[] }> {
  const driver = driverOf(state, params.guid);
  if (!driver) return notFound();
  const own = recordsOf(state, driver).filter((item) => item.modalityType === null);
  return ok({ documents: own.map((item) => answerOf(item, origin)) });
}

function modalityDocuments({ state, params, origin }: SandboxRequest): Reply<{ documents: { response: DocumentAnswer }[] }> {
  const driver = driverOf(state, params.guid);
  if (!driver) return notFound();
  const modality = Number(params.modalityType);
  const list = recordsOf(state, driver).filter((item) => item.modalityType === null || item.modalityType === modality);
  return ok({ documents: list.map((item) => answerOf(item, origin)) });
}

function proofOfAddress({ state, params }: SandboxRequest): Reply<{ response: { document: { fileUrl: string | null } } | null }> {
  const driver = driverOf(state, params.guid);
  if (!driver) return notFound();
  const found = recordsOf(state, driver).find((item) => item.documentType === 1);
  return ok({ response: found ? { document: { fileUrl: null } } : null });
}

/**
 * Needs every document of the modality sent and none rejected, and the licence and the modality's
 * vehicle data sent (docs/product-rules.md, "Documents and capture"); then state 9 and a new review.
 */
function sendToReview({ state, params, now }: SandboxRequest): Uploaded {
  const driver = driverOf(state, params.guid);
  if (!driver) return notFound();
  const modality = Number(params.modalityType);
  // What each modality must have: the onboarding's own catalogue (docs/product-rules.md, "Onboarding").
  const required = MODALITY_DOCUMENT_TYPES[modality];
  if (!required) return validationError(400, DOCUMENT_TEXTS.modalityFirst, 'modalityType');
  const list = recordsOf(state, driver).filter((item) => item.modalityType === null || item.modalityType === modality);
  const missing = required.filter((type) => !list.some((item) => item.documentType === type && item.rejectedAt === null));
  if (missing.length > 0) return validationError(400, DOCUMENT_TEXTS.missing(missing.join(', ')), 'documents');
  const data = [
    ...(state.licenceVehicle.licences[driver.id.toLowerCase()] ? [] : ['dados da CNH']),
    ...(state.vehicles[driver.id]?.[String(modality)] ? [] : ['dados do veículo']),
  ];
  if (data.length > 0) return validationError(400, DOCUMENT_TEXTS.missingData(data.join(', ')), 'data');
  advanceState(driver, ONBOARDING_STATES.sentForAnalysis);
  state.documents.sentToReview.push({ driverId: driver.id, modalityType: modality, at: now.toISOString() });
  return ok({});
}

export const documentsRoutes = [
  route(api.register.driverDocuments, driverDocuments),
  route(api.register.modalityDocuments, modalityDocuments),
  route(api.register.uploadLicence, uploadLicence),
  route(api.register.uploadDriverDocument, uploadDriverDocument),
  route(api.register.uploadModalityDocument, uploadModalityDocument),
  route(api.register.uploadProofOfAddress, (request) => uploadOne(request, 1, null, 'api/1.0 proof of address')),
  route(api.register.proofOfAddress, proofOfAddress),
  route(api.register.licencePhotoV1, (request) => uploadOne(request, 0, null, 'api/1.0')),
  route(api.register.vehiclePhotoV1, (request) => uploadOne(request, 4, null, 'api/1.0')),
  route(api.register.sendToReview, sendToReview),
];

/**
 * Sandbox-only review, in the caller's namespace (sandbox-api/README.md):
 * `POST /__sandbox/documents/<driverId>/<documentType>/approve` and
 * `POST /__sandbox/documents/<driverId>/<documentType>/reject/<reasonId>`. Undefined: not this hook.
 */
export function documentsHook(method: string, path: string, state: () => SandboxState): Reply<unknown> | undefined {
  const parts = path.split('/');
  if (method !== 'POST' || parts[0] !== 'documents') return undefined;
  const [, rawDriver = '', rawType = '', action, reason, ...rest] = parts;
  if (rest.length > 0 || (action === 'approve' && reason !== undefined)) return undefined;
  if (action !== 'approve' && !(action === 'reject' && reason !== undefined && /^\d+$/.test(reason))) return undefined;
  const now = new Date().toISOString();
  const current = state();
  const driver = driverOf(current, decodeURIComponent(rawDriver));
  if (!driver) return notFound();
  const found = recordsOf(current, driver).filter((item) => item.documentType === Number(rawType));
  if (found.length === 0) return validationError(404, `Nenhum documento do tipo ${rawType} enviado.`);
  for (const item of found) {
    item.approvedAt = action === 'approve' ? now : null;
    item.rejectedAt = action === 'reject' ? now : null;
    item.rejectedReasonId = action === 'reject' ? Number(reason) : null;
  }
  return ok({ documents: found });
}
