import * as v from 'valibot';
import { defineEndpoint } from '@driver-portal/shared/contract';

/*
 * The document calls of the onboarding capture (docs/product-rules.md, "Documents and capture").
 *
 * Versions, where the two documents disagree: the capture screens upload with the `api/2.0`
 * paths of document 1 (`POST api/2.0/driver/{guid}/documents/{type}` for the licence, with
 * `Front` and `Back`, and the photo; `POST api/2.0/driver/{guid}/modality/{m}/documents/{type}`
 * for the modality's documents, CRLV included), because document 1 describes this camera and the
 * licence's two sides exist only there. The proof of address has its own calls
 * (`api/1.0/driver/{guid}/documents/1`, POST and GET), as document 1 says. Document 2's
 * `POST api/1.0/driver/{id}/documents/0` and `/documents/4` (`{ content }`) are declared too
 * (`licencePhotoV1`, `vehiclePhotoV1`) and served by the sandbox, for a screen that must send a
 * single image of those types; the capture screens do not use them.
 */

const text = v.nullish(v.string(), null);

/**
 * One document as the documents calls give it (`documents[].response`); every timestamp is
 * optional. Its status comes from them (approvedAt, else rejectedAt, else createdAt, else none);
 * `rejectedReasonId` says why it was rejected.
 */
export const DriverDocumentSchema = v.object({
  documentType: v.number(),
  createdAt: text,
  rejectedAt: text,
  approvedAt: text,
  rejectedReasonId: v.nullish(v.number(), null),
  fileUrl: text,
  document: v.nullish(v.object({ fileUrl: text }), null),
  documentDescription: text,
});
export type DriverDocument = v.InferOutput<typeof DriverDocumentSchema>;

export const DriverDocumentsSchema = v.object({ documents: v.array(v.object({ response: DriverDocumentSchema })) });
export type DriverDocuments = v.InferOutput<typeof DriverDocumentsSchema>;

/** A single image or PDF, base64 without the `data:` prefix. */
export const UploadBodySchema = v.object({ content: v.string() });
export type UploadBody = v.InferOutput<typeof UploadBodySchema>;

/** The licence's two sides, base64 JPEGs, in one upload. */
export const LicenceSidesBodySchema = v.object({ Front: v.string(), Back: v.string() });
export type LicenceSidesBody = v.InferOutput<typeof LicenceSidesBodySchema>;

/** The proof of address read back (`response.document.fileUrl`); `response` null when none was sent. */
export const ProofOfAddressSchema = v.object({
  response: v.nullable(v.object({ document: v.object({ fileUrl: text }) })),
});

const UploadedSchema = v.looseObject({});

/** An upload: a POST of the register service with a base64 body, answered by `UploadedSchema`. */
const upload = <TBody extends typeof UploadBodySchema | typeof LicenceSidesBodySchema>(path: string, body: TBody) =>
  defineEndpoint('register', 'POST', path, { answer: UploadedSchema, body });

/** The calls, spread into the register service's part of the remote's table. */
export const documentCalls = {
  /** Documents of the driver (licence, proof of address, photo). */
  driverDocuments: defineEndpoint('register', 'GET', 'api/1.0/driver/:guid/documents', { answer: DriverDocumentsSchema }),
  /** Documents of one modality (its vehicle documents, and the driver's own): the checklist's and the review's. */
  modalityDocuments: defineEndpoint('register', 'GET', 'api/1.0/driver/:guid/modality/:modalityType/documents', {
    answer: DriverDocumentsSchema,
  }),
  /** The licence (type 0) with `Front` and `Back`. */
  uploadLicence: upload('api/2.0/driver/:guid/documents/0', LicenceSidesBodySchema),
  /** The driver's photo (type 2); the documents allow types 0, 1 and 2 here. */
  uploadDriverDocument: upload('api/2.0/driver/:guid/documents/:documentType', UploadBodySchema),
  /** Types 3, 4 (CRLV, a PDF), 5 and 6. */
  uploadModalityDocument: upload('api/2.0/driver/:guid/modality/:modalityType/documents/:documentType', UploadBodySchema),
  uploadProofOfAddress: upload('api/1.0/driver/:guid/documents/1', UploadBodySchema),
  proofOfAddress: defineEndpoint('register', 'GET', 'api/1.0/driver/:guid/documents/1', { answer: ProofOfAddressSchema }),
  licencePhotoV1: upload('api/1.0/driver/:guid/documents/0', UploadBodySchema),
  vehiclePhotoV1: upload('api/1.0/driver/:guid/documents/4', UploadBodySchema),
  /** Submit for analysis (again, after a document or data was resent: the review queue restarts); no body. */
  sendToReview: defineEndpoint('register', 'PUT', 'api/2.0/driver/:guid/modality/:modalityType/send-queue-workflow', {
    answer: UploadedSchema,
  }),
  /** `documentUrl` of terms type `n`; 2 is the facial-recognition policy. */
  eulaDocument: defineEndpoint('register', 'GET', 'api/1.0/driver/eula/:type', { answer: v.object({ documentUrl: text }) }),
} as const;
