import type { RouteObject } from 'react-router';
import suite from '../../apps.json';

/**
 * Route prefixes this remote owns: its entry in the suite's one list of apps (apps.json), which
 * the host's remote list is built from too (docs/product-rules.md, "Areas and route ownership").
 */
export const prefixes: readonly string[] = suite.remotes.find((remote) => remote.app === 'mfe-insurance')?.prefixes ?? [];

const complement = () => import('./features/insurance-wizard/ComplementPage').then((m) => ({ Component: m.ComplementPage }));

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
  },
  {
    path: 'car-insurance/disclaimer',
    lazy: () => import('./features/insurance-wizard/DisclaimerPage').then((m) => ({ Component: m.DisclaimerPage })),
  },
  // The misspelling is the native app's deep link; the correct spelling is an alias.
  { path: 'car-insurance/complememnt', lazy: complement },
  { path: 'car-insurance/complement', lazy: complement },
  {
    path: 'car-insurance/financial',
    lazy: () => import('./features/insurance-wizard/FinancialPage').then((m) => ({ Component: m.FinancialPage })),
  },
  {
    path: 'car-insurance/owner',
    lazy: () => import('./features/insurance-wizard/OwnerPage').then((m) => ({ Component: m.OwnerPage })),
  },
  {
    path: 'car-insurance/owner-info',
    lazy: () => import('./features/insurance-wizard/OwnerInfoPage').then((m) => ({ Component: m.OwnerInfoPage })),
  },
  {
    path: 'car-insurance/drivers',
    lazy: () => import('./features/insurance-wizard/DriversPage').then((m) => ({ Component: m.DriversPage })),
  },
  {
    path: 'car-insurance/workflow',
    lazy: () => import('./features/insurance-wizard/WorkflowPage').then((m) => ({ Component: m.WorkflowPage })),
  },
  {
    path: 'car-insurance/terms',
    lazy: () => import('./features/insurance-wizard/TermsPage').then((m) => ({ Component: m.TermsPage })),
  },
  {
    path: 'card-request/terms',
    lazy: () => import('./features/card-request/CardTermsPage').then((m) => ({ Component: m.CardTermsPage })),
  },
  {
    path: 'card-request/address',
    lazy: () => import('./features/card-request/CardAddressPage').then((m) => ({ Component: m.CardAddressPage })),
  },
  {
    path: 'card-request/status',
    lazy: () => import('./features/card-request/CardStatusPage').then((m) => ({ Component: m.CardStatusPage })),
  },
  {
    path: 'card-out',
    lazy: () => import('./features/card-request/CardOutPage').then((m) => ({ Component: m.CardOutPage })),
  },
];
