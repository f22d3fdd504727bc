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
}
