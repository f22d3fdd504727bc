import { createBrowserRouter, type PatchRoutesOnNavigationFunction, type RouteObject } from 'react-router';
import { HOME_PATH } from '@driver-portal/shared/links';
import { LoadingState } from '@driver-portal/shared/ui';
import { PlatformLayout, remoteRouteTree, signOutRoute } from '@driver-portal/shared/shell';
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
export function remoteRouteDiscovery(registry: RemoteRegistry): PatchRoutesOnNavigationFunction {
  const patched = new Set<string>();
  return async ({ path, patch }) => {
    const remote = registry.ownerOf(new URL(path, window.location.origin).pathname);
    if (!remote || patched.has(remote.name)) return;
    try {
      const module = await registry.loadRoutes(remote);
      if (patched.has(remote.name)) return;
      patch('root', [remoteRouteTree(remote.name, module.routes)]);
      patched.add(remote.name);
    } catch (error) {
      // Contained: UnmatchedRoute shows this remote's fallback; other remotes keep working.
      console.error(`[portal] remote ${remote.name} unavailable`, error);
    }
  };
}

export function createHostRouter(registry: RemoteRegistry) {
  return createBrowserRouter(hostRoutes(registry), { patchRoutesOnNavigation: remoteRouteDiscovery(registry) });
}
