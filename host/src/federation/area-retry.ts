import type { RouteObject } from 'react-router';
import type { RemoteRegistry } from './remote-registry';

/*
 * The retry of a screen of a remote's area, a chunk of its own ("area-retry"), downloaded when the
 * driver taps "Tentar novamente" (remote-area.tsx): no deep link carries it.
 */

/**
 * The remote loaded afresh (its entry run again: a new module cache, a new federation instance
 * taking the share scope again, where a shared module that failed to download is asked for
 * again), and the area's routes replaced by the fresh ones (`area`: remote-area.tsx's
 * `remoteArea`), so React Router runs their lazies again (it keeps a lazy that failed for the
 * route object it ran on). Then RouteErrorPage navigates to the same address. No page reload: the
 * session and what the other areas loaded stay.
 */
export async function retryArea(registry: RemoteRegistry, remoteName: string, area: (routes: RouteObject[]) => RouteObject): Promise<void> {
  const { router } = registry;
  const remote = registry.list().find(({ name }) => name === remoteName);
  if (!router || !remote) return;
  await registry.retry(remote);
  const fresh = area((await registry.loadRoutes(remote)).routes);
  // The area's id is remoteRouteTree's (@driver-portal/shared/shell): the fresh area carries it.
  const replaced = (tree: RouteObject[]): RouteObject[] =>
    tree.map((route) =>
      route.id === fresh.id ? fresh : route.children ? ({ ...route, children: replaced(route.children) } as RouteObject) : route,
    );
  // The one way to replace patched routes (the HMR path): committed at the next navigation.
  router._internalSetRoutes(replaced(router.routes));
}
