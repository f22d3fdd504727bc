import { capturePath } from './documents';
import { registerPaths } from './paths';

/*
 * The navigation rules for photos and data (document 2, "States and transitions"; docs/product-rules.md,
 * "Documents and capture"), as one table the cameras, the data forms, the checklist, the
 * instructions and the review read:
 * - the licence is "reached after photo upload": its data form follows its photo in every flow;
 * - the CRLV's data form follows its photo when a document is sent again (the edit flow, or a
 *   change of document from My account): a CRLV refused for the vehicle's age is a new vehicle,
 *   whose data must not be the old one reviewed again. In the new flow the checklist leads to it
 *   once every vehicle document is there (the vehicle documents' continue rule);
 * - "after licence or vehicle data and photo submission: in change-document mode return to
 *   my-account; in the new flow go to upload-picture; otherwise go to review-docs with
 *   startFlow=true". Change-document mode is a journey from My account: its return address
 *   travels with the navigation (`@driver-portal/shared/journey`), and the flow is `edit`.
 */

export type Flow = 'new' | 'edit';

interface DocumentStep {
  /** The data form read from this document, if any. */
  dataForm?: 'licence' | 'vehicle';
  /** Whether that form follows the photo in the new flow too. */
  dataFormInNewFlow?: boolean;
}

/** Every document type (0 to 6) the portal captures, and what follows its photo. */
export const DOCUMENT_STEPS: Readonly<Record<number, DocumentStep>> = {
  0: { dataForm: 'licence', dataFormInNewFlow: true },
  1: {},
  2: {},
  3: {},
  4: { dataForm: 'vehicle', dataFormInNewFlow: false },
  5: {},
};

export const isFlow = (value: string | undefined): value is Flow => value === 'new' || value === 'edit';

/** The data form of a kind, in a flow. */
export function dataFormPath(form: 'licence' | 'vehicle', flow: Flow, modalityType: number | string): string {
  return form === 'licence' ? registerPaths.cnh(flow, modalityType) : registerPaths.crlv(flow, modalityType);
}

/**
 * Where a flow goes once a document and its data are sent (the end of the flow): the journey's
 * return address is applied by the caller (`useJourney().finish`) and wins over this.
 */
export function afterFlow(flow: Flow, modalityType: number | string, driverId: string): string {
  return flow === 'new' ? registerPaths.uploadPicture(modalityType) : registerPaths.reviewDocs(driverId, true);
}

/**
 * What follows a document's photo: its data form (carried in the journey by the caller), else the
 * end of the flow. `inJourney`: sent again from My account (change-document mode).
 */
export function afterPhoto(
  flow: Flow,
  modalityType: number,
  documentType: number,
  driverId: string,
  inJourney: boolean,
): { to: string; endsFlow: boolean } {
  const step = DOCUMENT_STEPS[documentType] ?? {};
  const formFollows = step.dataForm !== undefined && (flow === 'edit' || inJourney || step.dataFormInNewFlow === true);
  if (formFollows && step.dataForm) return { to: dataFormPath(step.dataForm, flow, modalityType), endsFlow: false };
  return { to: afterFlow(flow, modalityType, driverId), endsFlow: true };
}

/** Where the driver sends a document again: its capture screen in the edit flow. */
export const resendPath = (modalityType: number, documentType: number) => capturePath('edit', modalityType, documentType);

/**
 * A data form's way back: where a journey from My account started; in the edit flow the review;
 * in the new flow the checklist.
 */
export function dataFormBack(flow: Flow, modalityType: number | undefined, driverId: string | undefined, returnTo?: string): string {
  if (modalityType === undefined) return registerPaths.modality();
  if (returnTo) return returnTo;
  if (flow === 'edit' && driverId) return registerPaths.reviewDocs(driverId);
  return registerPaths.uploadPicture(modalityType);
}
