import type { RouteObject } from 'react-router';
import type { JourneyHandle } from '@driver-portal/shared/journey';
import suite from '../../apps.json';

/**
 * Route prefixes this remote owns: its entry in the suite's one list of apps (apps.json), which
 * the host's remote list is built from too (docs/product-rules.md, "Areas and route ownership").
 */
export const prefixes: readonly string[] = suite.remotes.find((remote) => remote.app === 'mfe-onboarding')?.prefixes ?? [];

/**
 * The screens another remote may send the driver into with a journey (`driverId` and `returnTo`
 * in the query: docs/platform.md, "Journeys across remotes"): My account's change of a document.
 */
const JOURNEY: JourneyHandle = { journey: true };

/** The remote's routes as data; each screen is its own chunk, downloaded when first opened. */
export const routes: RouteObject[] = [
  {
    path: 'register/send-code',
    lazy: () => import('./features/create-account/RegisterPage').then((m) => ({ Component: m.RegisterPage })),
  },
  {
    path: 'register/create-account/:phone',
    lazy: () => import('./features/create-account/RegisterPage').then((m) => ({ Component: m.RegisterPage })),
  },
  {
    path: 'register/init/:phone',
    lazy: () => import('./features/init/InitPage').then((m) => ({ Component: m.InitPage })),
  },
  {
    path: 'register/modality',
    lazy: () => import('./features/modality/ModalityPages').then((m) => ({ Component: m.ModalityPage })),
  },
  {
    path: 'register/predicates/:modalityType',
    lazy: () => import('./features/modality/ModalityPages').then((m) => ({ Component: m.PredicatesPage })),
  },
  {
    path: 'register/modality-view-docs/:modalityType',
    lazy: () => import('./features/modality/ModalityPages').then((m) => ({ Component: m.ViewDocsPage })),
  },
  {
    path: 'register/address/:flow',
    lazy: () => import('./features/address/AddressPage').then((m) => ({ Component: m.AddressPage })),
  },
  {
    path: 'register/address/:flow/:modalityType',
    lazy: () => import('./features/address/AddressPage').then((m) => ({ Component: m.AddressPage })),
  },
  // Document capture (issue 10): the checklist, instructions and the three cameras.
  {
    path: 'register/upload-picture/:modalityType',
    lazy: () => import('./features/documents/DocumentsPages').then((m) => ({ Component: m.ChecklistPage })),
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
    handle: JOURNEY,
    lazy: () => import('./features/licence/LicencePage').then((m) => ({ Component: m.LicencePage })),
  },
  {
    path: 'register/crlv/:flow/:modalityType',
    handle: JOURNEY,
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
