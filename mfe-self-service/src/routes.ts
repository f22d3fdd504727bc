import type { RouteObject } from 'react-router';

/** Route prefixes this remote owns (DECISIONS 1); the host's remotes.json lists the same. */
export const prefixes = ['/notifications', '/communication', '/performed-runs', '/deposits', '/password'] as const;

/** The remote's routes as data; each screen is its own chunk, downloaded when first opened. */
export const routes: RouteObject[] = [
  {
    path: 'notifications/list',
    lazy: () => import('./features/notifications/NotificationsListPage').then((m) => ({ Component: m.NotificationsListPage })),
  },
  {
    path: 'notifications/details/:notId',
    lazy: () => import('./features/notifications/NotificationDetailPage').then((m) => ({ Component: m.NotificationDetailPage })),
  },
];
