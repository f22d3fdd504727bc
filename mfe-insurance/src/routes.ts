import type { RouteObject } from 'react-router';
import type { ReachHandle } from '@driver-portal/shared/reach';
import suite from '../../apps.json';

/**
 * Route prefixes this remote owns: its entry in the suite's one list of apps (apps.json), which
 * the host's remote list is built from too (docs/product-rules.md, "Areas and route ownership").
 */
export const prefixes: readonly string[] = suite.remotes.find((remote) => remote.app === 'mfe-insurance')?.prefixes ?? [];

const complement = () => import('./features/insurance-wizard/ComplementPage').then((m) => ({ Component: m.ComplementPage }));

/** The insurance request's steps: each shown once the one before it is done (insurance-wizard.spec.ts). */
const WIZARD_STEP: ReachHandle = { reachedBy: { form: 'the insurance request, once the step before is done' } };

/**
 * The remote's routes as data (docs/product-rules.md, "Route table"); each screen is its own
 * chunk, downloaded when first opened.
 */
export const routes: RouteObject[] = [
  {
    path: 'car-insurance/init/:driverId',
    lazy: () => import('./features/car-insurance/InsuranceHomePage').then((m) => ({ Component: m.InsuranceHomePage })),
  },
  {
    path: 'car-insurance/contract-details/:driverId',
    lazy: () => import('./features/car-insurance/ContractDetailsPage').then((m) => ({ Component: m.ContractDetailsPage })),
    handle: {
      reachedBy: { linkForAnotherDriver: 'a driver with a policy: the insurance home links it (insurance-wizard.spec.ts)' },
    } satisfies ReachHandle,
  },
  {
    path: 'car-insurance/disclaimer',
    lazy: () => import('./features/insurance-wizard/DisclaimerPage').then((m) => ({ Component: m.DisclaimerPage })),
  },
  // The misspelling is the native app's deep link; the correct spelling is an alias.
  { path: 'car-insurance/complememnt', lazy: complement },
  {
    path: 'car-insurance/complement',
    lazy: complement,
    handle: {
      reachedBy: { nativeApp: 'the alias of /car-insurance/complememnt, the address native deep links use' },
    } satisfies ReachHandle,
  },
  {
    path: 'car-insurance/financial',
    lazy: () => import('./features/insurance-wizard/FinancialPage').then((m) => ({ Component: m.FinancialPage })),
    handle: WIZARD_STEP,
  },
  {
    path: 'car-insurance/owner',
    lazy: () => import('./features/insurance-wizard/OwnerPage').then((m) => ({ Component: m.OwnerPage })),
    handle: WIZARD_STEP,
  },
  {
    path: 'car-insurance/owner-info',
    lazy: () => import('./features/insurance-wizard/OwnerInfoPage').then((m) => ({ Component: m.OwnerInfoPage })),
    handle: WIZARD_STEP,
  },
  {
    path: 'car-insurance/drivers',
    lazy: () => import('./features/insurance-wizard/DriversPage').then((m) => ({ Component: m.DriversPage })),
    handle: WIZARD_STEP,
  },
  {
    path: 'car-insurance/workflow',
    lazy: () => import('./features/insurance-wizard/WorkflowPage').then((m) => ({ Component: m.WorkflowPage })),
    handle: WIZARD_STEP,
  },
  {
    path: 'car-insurance/terms',
    lazy: () => import('./features/insurance-wizard/TermsPage').then((m) => ({ Component: m.TermsPage })),
    handle: WIZARD_STEP,
  },
  {
    path: 'card-request/terms',
    lazy: () => import('./features/card-request/CardTermsPage').then((m) => ({ Component: m.CardTermsPage })),
  },
  {
    path: 'card-request/address',
    lazy: () => import('./features/card-request/CardAddressPage').then((m) => ({ Component: m.CardAddressPage })),
    handle: { reachedBy: { form: 'the card request, after its terms are accepted (card-request.spec.ts)' } } satisfies ReachHandle,
  },
  {
    path: 'card-request/status',
    lazy: () => import('./features/card-request/CardStatusPage').then((m) => ({ Component: m.CardStatusPage })),
    handle: {
      reachedBy: { linkForAnotherDriver: 'a driver whose card was requested: the card request opens it (card-request.spec.ts)' },
    } satisfies ReachHandle,
  },
  {
    path: 'card-out',
    lazy: () => import('./features/card-request/CardOutPage').then((m) => ({ Component: m.CardOutPage })),
    handle: {
      reachedBy: { form: 'the way back of the card status; the native app may take this address to close the card flow' },
    } satisfies ReachHandle,
  },
];
