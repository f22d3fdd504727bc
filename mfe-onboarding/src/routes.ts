import type { RouteObject } from 'react-router';
import type { JourneyHandle } from '@driver-portal/shared/journey';
import type { ReachHandle } from '@driver-portal/shared/reach';
import suite from '../../apps.json';

/**
 * Route prefixes this remote owns: its entry in the suite's one list of apps (apps.json), which
 * the host's remote list is built from too (docs/product-rules.md, "Areas and route ownership").
 */
export const prefixes: readonly string[] = suite.remotes.find((remote) => remote.app === 'mfe-onboarding')?.prefixes ?? [];

/**
 * The screens another remote may send the driver into with a journey (`driverId` and `returnTo`
 * in the query: docs/session.md, "Journeys across remotes"): My account's change of a document.
 */
const JOURNEY: JourneyHandle = { journey: true };

/** A new driver's first steps: after the mobile code is confirmed from "Criar conta" (onboarding.spec.ts). */
const AFTER_MOBILE_CODE: ReachHandle = { reachedBy: { form: 'the mobile confirmation of "Criar conta"' } };

/**
 * A new driver's steps (onboarding.spec.ts, capture.spec.ts): the demo driver's review sends a
 * document again in the edit flow, whose way back is the review, not a new driver's checklist.
 */
const NEW_DRIVER_STEP: ReachHandle = { reachedBy: { form: "a new driver's registration, once the step before is done" } };

/** The remote's routes as data; each screen is its own chunk, downloaded when first opened. */
export const routes: RouteObject[] = [
  {
    path: 'register/send-code',
    lazy: () => import('./features/create-account/RegisterPage').then((m) => ({ Component: m.RegisterPage })),
  },
  {
    path: 'register/create-account/:phone',
    lazy: () => import('./features/create-account/RegisterPage').then((m) => ({ Component: m.RegisterPage })),
    handle: AFTER_MOBILE_CODE,
  },
  {
    path: 'register/init/:phone',
    lazy: () => import('./features/init/InitPage').then((m) => ({ Component: m.InitPage })),
    handle: AFTER_MOBILE_CODE,
  },
  {
    path: 'register/modality',
    lazy: () => import('./features/modality/ModalityPages').then((m) => ({ Component: m.ModalityPage })),
    handle: NEW_DRIVER_STEP,
  },
  {
    path: 'register/predicates/:modalityType',
    lazy: () => import('./features/modality/ModalityPages').then((m) => ({ Component: m.PredicatesPage })),
    handle: NEW_DRIVER_STEP,
  },
  {
    path: 'register/modality-view-docs/:modalityType',
    lazy: () => import('./features/modality/ModalityPages').then((m) => ({ Component: m.ViewDocsPage })),
    handle: NEW_DRIVER_STEP,
  },
  {
    path: 'register/address/:flow',
    lazy: () => import('./features/address/AddressPage').then((m) => ({ Component: m.AddressPage })),
    handle: NEW_DRIVER_STEP,
  },
  {
    path: 'register/address/:flow/:modalityType',
    lazy: () => import('./features/address/AddressPage').then((m) => ({ Component: m.AddressPage })),
    handle: NEW_DRIVER_STEP,
  },
  // Document capture (issue 10): the checklist, instructions and the three cameras.
  {
    path: 'register/upload-picture/:modalityType',
    lazy: () => import('./features/documents/DocumentsPages').then((m) => ({ Component: m.ChecklistPage })),
    handle: NEW_DRIVER_STEP,
  },
  {
    path: 'register/details-picture/:modalityType/:fileType',
    handle: JOURNEY,
    lazy: () => import('./features/documents/DocumentsPages').then((m) => ({ Component: m.InstructionsPage })),
  },
  {
    path: 'register/camera/:flow/:modalityType/:fileType',
    handle: JOURNEY,
    lazy: () => import('./features/capture/CapturePages').then((m) => ({ Component: m.CameraPage })),
  },
  {
    path: 'register/mask-camera/:flow/:modalityType/:fileType',
    handle: JOURNEY,
    lazy: () => import('./features/capture/CapturePages').then((m) => ({ Component: m.MaskCameraPage })),
  },
  {
    path: 'register/selfie/:flow/:modalityType/:last',
    handle: JOURNEY,
    lazy: () => import('./features/capture/CapturePages').then((m) => ({ Component: m.SelfiePage })),
  },
  {
    path: 'register/next-steps',
    lazy: () => import('./features/next-steps/NextStepsPage').then((m) => ({ Component: m.NextStepsPage })),
  },
  // Issue 10, forms and review: the licence and vehicle data, the document review and a rejection's reason.
  {
    path: 'register/cnh/:flow/:modalityType',
    handle: {
      ...JOURNEY,
      reachedBy: { form: "after the licence's photo (shell-journeys.spec.ts, capture.spec.ts)" },
    } satisfies ReachHandle & JourneyHandle,
    lazy: () => import('./features/licence/LicencePage').then((m) => ({ Component: m.LicencePage })),
  },
  {
    path: 'register/crlv/:flow/:modalityType',
    handle: {
      ...JOURNEY,
      reachedBy: { form: "once the vehicle's documents are sent; the demo's CRLV is rejected (onboarding-forms.spec.ts, capture.spec.ts)" },
    } satisfies ReachHandle & JourneyHandle,
    lazy: () => import('./features/vehicle/VehiclePage').then((m) => ({ Component: m.VehiclePage })),
  },
  {
    path: 'register/review-docs/:driverId',
    lazy: () => import('./features/review/ReviewPages').then((m) => ({ Component: m.ReviewDocsPage })),
  },
  {
    path: 'register/details-doc-rejected/:rejectedReasonId/:modalityType/:fileType',
    lazy: () => import('./features/review/ReviewPages').then((m) => ({ Component: m.RejectedDetailPage })),
  },
];
