import { useEffect } from 'react';
import { useLocation, useParams, useRouteError, type RouteObject } from 'react-router';
import { remoteRouteTree, RouteErrorPage } from '@driver-portal/shared/shell';
import type { RemoteRegistry } from './remote-registry';

/*
 * A remote's area as the host mounts it once the remote has loaded. In the federation runtime's
 * chunk (router.tsx imports it under that chunk's name): only a page that opens a remote needs it.
 */

interface AreaProps {
  registry: RemoteRegistry;
  remoteName: string;
  loadPage?: (url: string) => void;
}

function ReportedRouteError({ registry, remoteName, loadPage }: AreaProps) {
  // "Tentar novamente" loads the remote afresh (area-retry.ts): its code downloads on the click,
  // so no deep link carries it (issue 39: the federation chunk's byte budget).
  const retry = () =>
    import(/* webpackChunkName: "area-retry" */ './area-retry').then(({ retryArea }) =>
      retryArea(registry, remoteName, (routes) => remoteArea(registry, remoteName, routes, loadPage)),
    );
  const error = useRouteError();
  const { pathname } = useLocation();
  const params = useParams();
  const remote = registry.running(remoteName);
  useEffect(() => {
    if (remote) registry.emit({ kind: 'error', remote, route: pathname, params, error });
    // Once per error shown.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [error]);
  return <RouteErrorPage onRetry={retry} />;
}

/**
 * The area of one remote: its routes under an error element, and a loader that runs when the
 * driver enters the area (never between its own screens). It asks whether the list changed (at
 * most every configured interval) and, when this remote's live version is not the one running
 * here, loads the target address as a new page instead of showing the old version.
 */
export function remoteArea(
  registry: RemoteRegistry,
  remoteName: string,
  routes: RouteObject[],
  loadPage?: (url: string) => void,
): RouteObject {
  return {
    ...remoteRouteTree(remoteName, routes),
    // A screen of the area that throws: the platform's error page, and the error told to telemetry.
    errorElement: <ReportedRouteError registry={registry} remoteName={remoteName} loadPage={loadPage} />,
    loader: async ({ request }) => {
      await registry.revalidate();
      const live = registry.stale(remoteName);
      // The page goes away: nothing of the old version renders meanwhile. Only a list read again
      // can make a loaded remote stale, and list-revalidation's chunk read it: the switch's code
      // is in that chunk, already downloaded, so no deep link carries it.
      if (
        live &&
        (await import(/* webpackChunkName: "list-revalidation" */ './list-revalidation')).switchByFullLoad(
          request.url,
          live.manifest,
          loadPage,
        )
      )
        return new Promise<never>(() => undefined);
      return null;
    },
    // Within the area the driver keeps the version the area started with.
    shouldRevalidate: () => false,
  };
}
