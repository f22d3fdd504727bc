import type { RouteObject } from 'react-router';

/** Route prefixes this remote owns (docs/product-rules.md, "Areas and route ownership"); the host's remotes.json lists the same. */
export const prefixes = ['/my-account', '/eula', '/policies'] as const;

/** The remote's routes as data; each screen is its own chunk, downloaded when first opened. */
export const routes: RouteObject[] = [
  {
    path: 'eula/:driverId',
    lazy: () => import('./features/eula/EulaPage').then((m) => ({ Component: m.EulaPage })),
  },
];
