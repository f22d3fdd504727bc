import type { LicenceBody } from '@driver-portal/mfe-onboarding/contract';
import { DEMO_DRIVER_ID } from './constants';

/** One document of a driver as the review sees it; status comes from the timestamps (ISO). */
export interface ReviewDocumentRecord {
  documentType: number;
  createdAt: string | null;
  approvedAt: string | null;
  rejectedAt: string | null;
  rejectedReasonId: number | null;
}

/** The licence and vehicle data and the document review (src/handlers/licence-vehicle.ts), per driver id (lower case). */
export interface LicenceVehicleState {
  licences: Record<string, LicenceBody>;
  /** The driver's documents, one record per document type. */
  documents: Record<string, ReviewDocumentRecord[]>;
  /** Every send-queue-workflow received, oldest first (tests read them via /__sandbox/state). */
  queueSent: Array<{ driverId: string; modalityType: number; at: string }>;
}

const daysAgo = (now: Date, days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();

/**
 * The demo driver (taxi, sent for analysis) has every document of modality 0: three approved,
 * two waiting and the CRLV rejected for the vehicle's age (reason 10), so the review shows each
 * status on `npm start`.
 */
export function seedLicenceVehicle(now: Date): LicenceVehicleState {
  const sent = daysAgo(now, 3);
  const doc = (documentType: number, status: 'created' | 'approved' | 'rejected', rejectedReasonId: number | null = null) => ({
    documentType,
    createdAt: sent,
    approvedAt: status === 'approved' ? daysAgo(now, 1) : null,
    rejectedAt: status === 'rejected' ? daysAgo(now, 1) : null,
    rejectedReasonId,
  });
  return {
    licences: {},
    documents: {
      [DEMO_DRIVER_ID]: [
        doc(0, 'approved'),
        doc(1, 'approved'),
        doc(2, 'created'),
        doc(3, 'created'),
        doc(5, 'approved'),
        doc(4, 'rejected', 10),
      ],
    },
    queueSent: [],
  };
}
