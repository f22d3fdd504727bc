import type { RouteObject } from 'react-router';
import suite from '../../apps.json';

/**
 * Route prefixes this remote owns: its entry in the suite's one list of apps (apps.json), which
 * the host's remote list is built from too (docs/product-rules.md, "Areas and route ownership").
 */
export const prefixes: readonly string[] = suite.remotes.find((remote) => remote.app === 'mfe-self-service')?.prefixes ?? [];

/**
 * The remote's routes as data (docs/product-rules.md, "Route table"; matched case-insensitively); each screen
 * is its own chunk, downloaded when first opened.
 */
export const routes: RouteObject[] = [
  {
    path: 'notifications/list',
    // Data starts with the code: the loader's small chunk and the page's load side by side, and
    // the list's call starts as soon as the loader's chunk is in
    // (docs/decisions/0012-what-federation-may-cost-a-driver.md). A getter: React
    // Router marks the parts it loaded on the object it is given, and every router (a test
    // renders many) needs one of its own.
    get lazy() {
      return {
        loader: () => import('./features/notifications/loaders').then((m) => m.notificationsLoader),
        Component: () => import('./features/notifications/NotificationsListPage').then((m) => m.NotificationsListPage),
      };
    },
    // The loader's call is taken by the screen once; a revalidation would start one nobody takes.
    shouldRevalidate: () => false,
  },
  {
    path: 'notifications/details/:notId',
    lazy: () => import('./features/notifications/NotificationDetailPage').then((m) => ({ Component: m.NotificationDetailPage })),
  },
  {
    path: 'communication/category/:driverId',
    lazy: () => import('./features/inbox/CategoriesPage').then((m) => ({ Component: m.CategoriesPage })),
  },
  {
    path: 'communication/list/:categoryId/:categoryTitle',
    lazy: () => import('./features/inbox/MessagesPage').then((m) => ({ Component: m.MessagesPage })),
  },
  {
    path: 'communication/details/:categoryId/:messageId',
    lazy: () => import('./features/inbox/MessageDetailPage').then((m) => ({ Component: m.MessageDetailPage })),
  },
  {
    path: 'performed-Runs/list',
    lazy: () => import('./features/statement/StatementPage').then((m) => ({ Component: m.StatementPage })),
  },
  {
    path: 'performed-Runs/details/:data/:SolicitacaoId',
    lazy: () => import('./features/statement/RideDetailPage').then((m) => ({ Component: m.RideDetailPage })),
  },
  {
    path: 'deposits/list',
    lazy: () => import('./features/deposits/DepositsPage').then((m) => ({ Component: m.DepositsPage })),
  },
  {
    path: 'password/change',
    lazy: () => import('./features/password/ChangePasswordPage').then((m) => ({ Component: m.ChangePasswordPage })),
  },
  {
    path: 'password/resend',
    lazy: () => import('./features/password/ResendPasswordPage').then((m) => ({ Component: m.ResendPasswordPage })),
  },
];
