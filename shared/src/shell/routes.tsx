import type { RouteObject } from 'react-router';
import { RouteErrorPage } from './pages';

/** What every remote exposes as `./routes`: its routes as data and the prefixes it owns. */
export interface RemoteRoutesModule {
  routes: RouteObject[];
  prefixes: readonly string[];
}

/** Wraps a remote's routes so that a screen that throws only takes its own routes down. */
export function remoteRouteTree(remoteName: string, routes: RouteObject[]): RouteObject {
  return { id: `remote:${remoteName}`, errorElement: <RouteErrorPage />, children: routes };
}

export { ownsPath } from '@driver-portal/shared/boot';
