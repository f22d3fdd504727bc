import type { RouteObject } from 'react-router';
import suite from '../../apps.json';

/**
 * Route prefixes this remote owns: its entry in the suite's one list of apps (apps.json), which
 * the host's remote list is built from too (docs/product-rules.md, "Areas and route ownership").
 */
export const prefixes: readonly string[] = suite.remotes.find((remote) => remote.app === 'mfe-onboarding')?.prefixes ?? [];

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
  {
    path: 'register/next-steps',
    lazy: () => import('./features/next-steps/NextStepsPage').then((m) => ({ Component: m.NextStepsPage })),
  },
];
