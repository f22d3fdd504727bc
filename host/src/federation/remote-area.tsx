import { useEffect } from 'react';
import { useLocation, useParams, useRouteError, type RouteObject } from 'react-router';
import { remoteRouteTree, RouteErrorPage } from '@driver-portal/shared/shell';
import type { RemoteRegistry } from './remote-registry';

/*
 * A remote's area as the host mounts it once the remote has loaded. In the federation runtime's
 * chunk (router.tsx imports it under that chunk's name): only a page that opens a remote needs it.
 */

/** Where the last switch by full load went: a second one to the same version soon after is a loop. */
const SWITCH_KEY = 'portal.releaseSwitch';
const SWITCH_LOOP_MS = 60_000;

/**
 * Loads `url` as a new page, so a loaded remote whose live version changed runs that version.
 * The session, drafts and photos waiting to be sent live in the origin's storage and survive it.
 * Never twice for the same version within a minute: if the new page still is not on it (a list
 * served stale by a cache, say), the driver keeps the version that works instead of a reload loop.
 */
export function switchByFullLoad(url: string, manifest: string, assign = (target: string) => window.location.assign(target)): boolean {
  try {
    const last = JSON.parse(sessionStorage.getItem(SWITCH_KEY) ?? 'null') as { manifest?: string; at?: number } | null;
    if (last?.manifest === manifest && Date.now() - (last.at ?? 0) < SWITCH_LOOP_MS) return false;
    sessionStorage.setItem(SWITCH_KEY, JSON.stringify({ manifest, at: Date.now() }));
  } catch {
    // No session storage (private mode on an old webview): no loop guard, so no switch.
    return false;
  }
  console.info(`[portal] a new version is live: loading ${url} (${manifest})`);
  assign(url);
  return true;
}

interface AreaProps {
  registry: RemoteRegistry;
  remoteName: string;
  loadPage?: (url: string) => void;
}

/**
 * The retry of a screen of the area: the remote loaded afresh (its entry run again: a new module
 * cache, a new federation instance taking the share scope again, where a shared module that
 * failed to download is asked for again), and the area's routes replaced by the fresh ones, so
 * React Router runs their lazies again (it keeps a lazy that failed for the route object it
 * ran on). Then RouteErrorPage navigates to the same address. No page reload: the session and
 * what the other areas loaded stay.
 */
function useAreaRetry({ registry, remoteName, loadPage }: AreaProps): () => Promise<void> {
  return async () => {
    const { router } = registry;
    const remote = registry.list().find(({ name }) => name === remoteName);
    if (!router || !remote) return;
    await registry.retry(remote);
    const { routes } = await registry.loadRoutes(remote);
    const id = `remote:${remoteName}`;
    const fresh = remoteArea(registry, remoteName, routes, loadPage);
    const replaced = (tree: RouteObject[]): RouteObject[] =>
      tree.map((route) =>
        route.id === id ? fresh : route.children ? ({ ...route, children: replaced(route.children) } as RouteObject) : route,
      );
    // The one way to replace patched routes (the HMR path): committed at the next navigation.
    router._internalSetRoutes(replaced(router.routes));
  };
}

function ReportedRouteError({ registry, remoteName, loadPage }: AreaProps) {
  const retry = useAreaRetry({ registry, remoteName, loadPage });
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
      // The page goes away: nothing of the old version renders meanwhile.
      if (live && switchByFullLoad(request.url, live.manifest, loadPage)) return new Promise<never>(() => undefined);
      return null;
    },
    // Within the area the driver keeps the version the area started with.
    shouldRevalidate: () => false,
  };
}
