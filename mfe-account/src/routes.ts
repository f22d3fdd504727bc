import type { RouteObject } from 'react-router';
import type { ReachHandle } from '@driver-portal/shared/reach';
import suite from '../../apps.json';

/**
 * Route prefixes this remote owns: its entry in the suite's one list of apps (apps.json), which
 * the host's remote list is built from too (docs/product-rules.md, "Areas and route ownership").
 */
export const prefixes: readonly string[] = suite.remotes.find((remote) => remote.app === 'mfe-account')?.prefixes ?? [];

/** The remote's routes as data; each screen is its own chunk, downloaded when first opened. */
export const routes: RouteObject[] = [
  {
    path: 'my-account/init/:driverId',
    lazy: () => import('./features/my-account/MyAccountPage').then((m) => ({ Component: m.MyAccountPage })),
  },
  {
    path: 'my-account/bank-info/:driverId',
    lazy: () => import('./features/bank-info/BankInfoPage').then((m) => ({ Component: m.BankInfoPage })),
  },
  {
    path: 'my-account/car-predicates/:driverId/:modalityId/:vehicleId',
    lazy: () => import('./features/attributes/AttributesPages').then((m) => ({ Component: m.CarPredicatesPage })),
  },
  {
    path: 'my-account/driver-predicates/:driverId',
    lazy: () => import('./features/attributes/AttributesPages').then((m) => ({ Component: m.DriverPredicatesPage })),
  },
  {
    path: 'my-account/change-email',
    lazy: () => import('./features/contact/ContactPages').then((m) => ({ Component: m.ChangeEmailPage })),
  },
  {
    path: 'my-account/change-mobile',
    lazy: () => import('./features/contact/ContactPages').then((m) => ({ Component: m.ChangeMobilePage })),
  },
  {
    path: 'my-account/change-password',
    lazy: () => import('./features/password/ChangePasswordPage').then((m) => ({ Component: m.ChangePasswordPage })),
  },
  {
    path: 'my-account/forgot-password',
    lazy: () => import('./features/password/ForgotPasswordPage').then((m) => ({ Component: m.ForgotPasswordPage })),
  },
  {
    path: 'my-account/take-nf',
    lazy: () => import('./features/statement/InvoicesPage').then((m) => ({ Component: m.InvoicesPage })),
  },
  {
    path: 'my-account/take-ir',
    lazy: () => import('./features/statement/IncomeStatementPage').then((m) => ({ Component: m.IncomeStatementPage })),
  },
  {
    path: 'my-account/delivery-adherence/:driverId',
    lazy: () => import('./features/delivery/DeliveryAdherencePage').then((m) => ({ Component: m.DeliveryAdherencePage })),
  },
  {
    path: 'my-account/change-modality',
    lazy: () => import('./features/modality/ModalityPages').then((m) => ({ Component: m.ChangeModalityPage })),
  },
  {
    path: 'my-account/change-modality-docs/:modalityId',
    lazy: () => import('./features/modality/ModalityPages').then((m) => ({ Component: m.ChangeModalityDocsPage })),
  },
  {
    path: 'my-account/change-docs/:driverId',
    lazy: () => import('./features/modality/ModalityPages').then((m) => ({ Component: m.ChangeDocsPage })),
  },
  {
    path: 'my-account/affiliation/:driverId',
    lazy: () => import('./features/affiliation/AffiliationPage').then((m) => ({ Component: m.AffiliationPage })),
  },
  {
    path: 'eula/:driverId',
    lazy: () => import('./features/eula/EulaPage').then((m) => ({ Component: m.EulaPage })),
  },
  {
    // The seed's address: the token is read, then the address moves to /policies without it.
    path: 'policies/:token',
    lazy: () => import('./features/policies/PoliciesPage').then((m) => ({ Component: m.PolicyTokenRoute })),
    handle: {
      reachedBy: { nativeApp: "the policy updates, opened with the driver's token (account-policies.spec.ts)" },
    } satisfies ReachHandle,
  },
  {
    path: 'policies',
    lazy: () => import('./features/policies/PoliciesPage').then((m) => ({ Component: m.PoliciesPage })),
    handle: {
      reachedBy: { nativeApp: 'where /policies/:token moves once the token is read (account-policies.spec.ts)' },
    } satisfies ReachHandle,
  },
];
