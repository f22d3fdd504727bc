import { StrictMode, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider, useLocation, type RouteObject } from 'react-router';
import { retryImport } from '@driver-portal/shared/boot';
import { getConfig, loadRuntimeConfig } from '@driver-portal/shared/config';
import { LoadingState } from '@driver-portal/shared/ui';
import { ConfigUnavailable, NotFoundPage } from './pages';
import { PlatformLayout } from './PlatformLayout';
import { ownsPath, remoteRouteTree, signOutRoute, type RemoteRoutesModule } from './routes';

/**
 * A path another app owns (an alert redirect to /App, a journey into another remote's screen)
 * opens in the portal host, in place of this address (back then skips it instead of bouncing
 * forward again), with the session handed over (docs/session.md, "Journeys across remotes").
 */
function ForeignRoute({ prefixes }: { prefixes: readonly string[] }) {
  const location = useLocation();
  const owned = ownsPath(prefixes, location.pathname);
  useEffect(() => {
    if (owned) return;
    const target = `${getConfig().portalUrl}${location.pathname}${location.search}`;
    // The writing side of the handoff in its own chunk: a deep link's first screen does not pay for it.
    // Tried twice; its chunk not loading (offline) or the exchange failing, the host's page still
    // opens: the driver id in the address identifies the driver.
    void retryImport(() => import('../session/handoff'))
      .then(({ handOffSession }) => handOffSession(target))
      .then(
        (address) => window.location.replace(address),
        () => window.location.replace(target),
      );
  }, [owned, location.pathname, location.search]);
  return owned ? <NotFoundPage /> : null;
}

export function standaloneRoutes(
  remoteName: string,
  module: RemoteRoutesModule,
  { signOut }: { signOut?: () => void } = {},
): RouteObject[] {
  return [
    {
      id: 'root',
      element: <PlatformLayout />,
      hydrateFallbackElement: <LoadingState />,
      children: [
        remoteRouteTree(remoteName, module.routes),
        signOutRoute(signOut),
        { path: '*', element: <ForeignRoute prefixes={module.prefixes} /> },
      ],
    },
  ];
}

/**
 * A remote's own page (the native app deep-links straight into a remote): the same token
 * handling, alert dialog and overlay as in the host.
 */
export async function startStandalone(
  remoteName: string,
  module: RemoteRoutesModule,
  rootElement = document.getElementById('root'),
): Promise<void> {
  if (!rootElement) throw new Error('Missing #root element');
  const root = createRoot(rootElement);
  try {
    await loadRuntimeConfig();
  } catch {
    root.render(<ConfigUnavailable />);
    return;
  }
  const router = createBrowserRouter(standaloneRoutes(remoteName, module));
  root.render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
}
