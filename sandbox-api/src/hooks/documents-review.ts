import { driverDocuments } from '../handlers/licence-vehicle';
import { validationError, type Reply } from '../respond';
import type { SandboxState } from '../state';

/**
 * Sandbox-only hook of the document review (under `/__sandbox/`), in the caller's namespace:
 * what the provider's analysts do later, on the tests' command.
 * - `POST onboarding/documents/<driverId>/<type>/created`: the document is uploaded, waiting.
 * - `POST onboarding/documents/<driverId>/<type>/approved`: approved (uploaded first if it was not).
 * - `POST onboarding/documents/<driverId>/<type>/rejected/<reasonId>`: rejected with that reason.
 * Undefined: not one of these hooks.
 */
export function documentsReviewHook(method: string, path: string, state: () => SandboxState, now: () => Date): Reply<unknown> | undefined {
  if (method !== 'POST') return undefined;
  const [area, kind, rawDriverId, rawType, status, reason, ...rest] = path.split('/');
  if (area !== 'onboarding' || kind !== 'documents' || !rawDriverId || rest.length > 0) return undefined;
  const documentType = Number(rawType);
  const reasonId = Number(reason);
  const valid =
    Number.isInteger(documentType) &&
    documentType >= 0 &&
    documentType <= 6 &&
    (status === 'created' || status === 'approved' ? reason === undefined : status === 'rejected' && Number.isInteger(reasonId));
  if (!valid) return validationError(400, 'Use <driverId>/<tipo 0-6>/created, approved ou rejected/<motivo>.');
  let driverId: string;
  try {
    driverId = decodeURIComponent(rawDriverId);
  } catch {
    return undefined;
  }
  const at = now().toISOString();
  const documents = driverDocuments(state(), driverId);
  const existing = documents.find((item) => item.documentType === documentType);
  // A document the hook creates counts for any modality (modalityType null) and has no content.
  const record = existing ?? {
    documentType,
    modalityType: null,
    createdAt: at,
    approvedAt: null,
    rejectedAt: null,
    rejectedReasonId: null,
    via: 'sandbox hook',
    bytes: [],
  };
  if (!existing) documents.push(record);
  if (status === 'created') Object.assign(record, { createdAt: at, approvedAt: null, rejectedAt: null, rejectedReasonId: null });
  if (status === 'approved') Object.assign(record, { approvedAt: at, rejectedAt: null, rejectedReasonId: null });
  if (status === 'rejected') Object.assign(record, { approvedAt: null, rejectedAt: at, rejectedReasonId: reasonId });
  return { status: 200, body: { ...record } };
}
