import { createBrowserRouter, type PatchRoutesOnNavigationFunction, type RouteObject } from 'react-router';
import { HOME_PATH } from '@driver-portal/shared/links';
import { LoadingState } from '@driver-portal/shared/ui';
import { PlatformLayout, signOutRoute } from '@driver-portal/shared/shell';
import { HomePage } from '../features/home/HomePage';
import { LoginPage } from '../features/session/LoginPage';
import type { RemoteRegistry } from './remote-registry';
import { UnmatchedRoute } from './UnmatchedRoute';

export interface HostRouteOptions {
  /** Opens the sign-out page, which ends the session on every origin of the portal. */
  signOut?: () => void;
}

export function hostRoutes(registry: RemoteRegistry, { signOut }: HostRouteOptions = {}): RouteObject[] {
  const remotes = () => registry.list();
  // The home's retry fetches the remote list again when it could not be read at start.
  const beforeRetry = () => (registry.listUnavailable ? registry.reloadList() : Promise.resolve());
  return [
    {
      id: 'root',
      element: <PlatformLayout />,
      hydrateFallbackElement: <LoadingState />,
      children: [
        { index: true, element: <HomePage remotes={remotes} beforeRetry={beforeRetry} /> },
        { path: HOME_PATH.slice(1), element: <HomePage remotes={remotes} beforeRetry={beforeRetry} /> },
        { path: 'Login', element: <LoginPage /> },
        signOutRoute(signOut),
        // Remote routes are not declared here: they are discovered on first visit. This splat
        // makes the router ask (it always asks when the best match is a splat).
        { path: '*', element: <UnmatchedRoute registry={registry} /> },
      ],
    },
  ];
}

/**
 * Lazy route discovery: only the remote that owns the path being opened is downloaded, the
 * first time one of its paths is visited.
 */
export function remoteRouteDiscovery(
  registry: RemoteRegistry,
  { loadPage }: { loadPage?: (url: string) => void } = {},
): PatchRoutesOnNavigationFunction {
  const patched = new Set<string>();
  return async ({ path, patch }) => {
    const remote = registry.ownerOf(new URL(path, window.location.origin).pathname);
    if (!remote || patched.has(remote.name)) return;
    try {
      // An area not loaded yet loads the version live now, not the one of the page's first list.
      await registry.revalidate();
      // The area's code travels in the federation runtime's chunk (a remote's area needs both):
      // the home and the host's own pages download neither.
      const [module, { remoteArea }] = await Promise.all([
        registry.loadRoutes(remote),
        import(/* webpackChunkName: "federation" */ './remote-area'),
      ]);
      if (patched.has(remote.name)) return;
      patch('root', [remoteArea(registry, remote.name, module.routes, loadPage)]);
      patched.add(remote.name);
    } catch (error) {
      // Contained: UnmatchedRoute shows this remote's fallback; other remotes keep working.
      console.error(`[portal] remote ${remote.name} unavailable`, error);
    }
  };
}

export function createHostRouter(registry: RemoteRegistry) {
  const router = createBrowserRouter(hostRoutes(registry), { patchRoutesOnNavigation: remoteRouteDiscovery(registry) });
  // An area's "Tentar novamente" replaces the area's routes with a fresh load's (remote-area.tsx).
  registry.router = router;
  return router;
}
