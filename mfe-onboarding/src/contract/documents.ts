import * as v from 'valibot';
import { accepted, listOf, shownText, strict } from '@driver-portal/shared/answers';
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

const text = shownText();
/** A timestamp that decides the document's status: null (or absent) when it did not happen. */
const statusDate = (what: string) => strict(v.nullish(v.string(), null), `decides the document's status: ${what}`);

/**
 * One document as the documents calls give it (`documents[].response`); every timestamp is
 * optional. Its status comes from them (approvedAt, else rejectedAt, else createdAt, else none);
 * `rejectedReasonId` says why it was rejected.
 */
export const DriverDocumentSchema = v.object({
  documentType: strict(v.number(), 'which document it is decides where it is shown and what is missing'),
  createdAt: statusDate('sent'),
  rejectedAt: statusDate('rejected'),
  approvedAt: statusDate('approved'),
  rejectedReasonId: strict(v.nullish(v.number(), null), 'says why it was rejected and what to resend'),
  fileUrl: text,
  document: v.nullish(v.object({ fileUrl: text }), null),
  documentDescription: text,
});
export type DriverDocument = v.InferOutput<typeof DriverDocumentSchema>;

export const DriverDocumentsSchema = v.object({
  documents: listOf(v.object({ response: strict(DriverDocumentSchema, 'an entry without its document is no document') }), 'documentos'),
});
export type DriverDocuments = v.InferOutput<typeof DriverDocumentsSchema>;

/** A single image or PDF, base64 without the `data:` prefix. */
export const UploadBodySchema = v.object({ content: v.string() });
export type UploadBody = v.InferOutput<typeof UploadBodySchema>;

/** The licence's two sides, base64 JPEGs, in one upload. */
export const LicenceSidesBodySchema = v.object({ Front: v.string(), Back: v.string() });
export type LicenceSidesBody = v.InferOutput<typeof LicenceSidesBodySchema>;

/** The proof of address read back (`response.document.fileUrl`); `response` null when none was sent. */
export const ProofOfAddressSchema = v.object({
  response: v.nullish(v.object({ document: v.nullish(v.object({ fileUrl: text }), null) }), null),
});

/** An upload's answer is not used: any empty 2xx or an object that does not say it failed; never a list or a page. */
const UploadedSchema = accepted();

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
  eulaDocument: defineEndpoint('register', 'GET', 'api/1.0/driver/eula/:type', {
    answer: v.object({ documentUrl: strict(v.string(), 'the link to the policy is the whole answer: the consent box links to it') }),
  }),
} as const;
