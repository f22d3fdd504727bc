import type { RouteObject } from 'react-router';
import { openSignOutPage, retryImport } from '@driver-portal/shared/boot';
import { SIGN_OUT_PATH } from '@driver-portal/shared/links';
import { endSession } from '@driver-portal/shared/session';
import { LoadingState } from '@driver-portal/shared/ui';
import { RouteErrorPage } from './pages';

/** What every remote exposes as `./routes`: its routes as data and the prefixes it owns. */
export interface RemoteRoutesModule {
  routes: RouteObject[];
  prefixes: readonly string[];
}

/**
 * A screen's code that fails to load is asked for once more (issue 29, point 5); failing again,
 * the area's fallback shows (the error element below), never an uncaught error.
 */
export function withRetriedLazies(routes: RouteObject[]): RouteObject[] {
  return routes.map((route) => {
    const { lazy, children } = route;
    const retried: Partial<RouteObject> = {};
    if (typeof lazy === 'function') Object.assign(retried, { lazy: () => retryImport(lazy) });
    if (children) Object.assign(retried, { children: withRetriedLazies(children) });
    return { ...route, ...retried } as RouteObject;
  });
}

/** Wraps a remote's routes so that a screen that throws (or whose code cannot load) only takes its own routes down. */
export function remoteRouteTree(remoteName: string, routes: RouteObject[]): RouteObject {
  return { id: `remote:${remoteName}`, errorElement: <RouteErrorPage />, children: withRetriedLazies(routes) };
}

/**
 * /Sair, at the host and at a remote's own page: this origin's session ends at once, then the
 * sign-out page goes on through every other origin of the portal (each holds its own copy of
 * the session) and ends on the host's /Login.
 */
export function signOutRoute(signOut: () => void = () => openSignOutPage()): RouteObject {
  return {
    path: SIGN_OUT_PATH.slice(1),
    loader: () => {
      endSession();
      signOut();
      return null;
    },
    element: <LoadingState label="Saindo..." />,
  };
}

export { ownsPath } from '@driver-portal/shared/boot';
