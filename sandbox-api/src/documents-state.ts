import { DEMO_DRIVER_ID } from './constants';
import { SELFIE_PATH } from './fixtures/account';

/** The documents the drivers uploaded, per driver id (lower case); see handlers/documents.ts. */
export interface DocumentsState {
  byDriver: Record<string, UploadedDocument[]>;
  /** Every send-queue-workflow accepted, oldest first (tests read them via /__sandbox/state). */
  sentToReview: Array<{ driverId: string; modalityType: number; at: string }>;
}

/** One upload as the sandbox keeps it (the content itself is not kept: only its size). */
export interface UploadedDocument {
  documentType: number;
  /** null for the driver's own documents (licence, proof of address, photo). */
  modalityType: number | null;
  /** ISO date-times; the status is read from them (approvedAt, else rejectedAt, else createdAt). */
  createdAt: string;
  rejectedAt: string | null;
  approvedAt: string | null;
  rejectedReasonId: number | null;
  /** Which call brought it: `api/2.0/...`, `api/1.0/...`. */
  via: string;
  /** Decoded bytes of each part (`content`, or `Front` and `Back`). */
  bytes: number[];
  /** A seeded document's file, a sandbox path (made absolute per request); an upload keeps no content, so none. */
  fileUrl?: string | null;
}

const daysAgo = (now: Date, days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();

/**
 * The demo driver (taxi, sent for analysis) has every document of modality 0 under review, so
 * `/register/review-docs/<demo id>` shows each status on `npm start`: the CNH, the proof of
 * address and the vehicle licence approved, the photo and the taxi permit waiting, the CRLV
 * rejected for the vehicle's age (reason 10). The photo carries the file my account shows.
 */
export function seedDocuments(now: Date): DocumentsState {
  const sent = daysAgo(now, 3);
  const doc = (
    documentType: number,
    modalityType: number | null,
    status: 'created' | 'approved' | 'rejected',
    extra: Partial<UploadedDocument> = {},
  ): UploadedDocument => ({
    documentType,
    modalityType,
    createdAt: sent,
    approvedAt: status === 'approved' ? daysAgo(now, 1) : null,
    rejectedAt: status === 'rejected' ? daysAgo(now, 1) : null,
    rejectedReasonId: null,
    via: 'seed',
    bytes: [],
    ...extra,
  });
  return {
    byDriver: {
      [DEMO_DRIVER_ID.toLowerCase()]: [
        doc(0, null, 'approved'),
        doc(1, null, 'approved'),
        doc(2, null, 'created', { fileUrl: SELFIE_PATH }),
        doc(3, 0, 'created'),
        doc(5, 0, 'approved'),
        doc(4, 0, 'rejected', { rejectedReasonId: 10 }),
      ],
    },
    sentToReview: [],
  };
}
