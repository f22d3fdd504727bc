import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { loadRuntimeConfig } from '@driver-portal/shared/config';
import { HOME_PATH } from '@driver-portal/shared/links';
import { NotFoundPage, PlatformLayout, remoteRouteTree, signOutRoute } from '@driver-portal/shared/shell';
import { LoadingState } from '@driver-portal/shared/ui';
import { HomePage } from '../../../host/src/features/home/HomePage';
import { remoteModules } from './remote-routes';

// The home reads each remote's tiles from this origin (copied there by the build), as the host
// reads them beside each remote's manifest.
const remotes = remoteModules.map(({ name, module }) => ({
  name,
  manifest: `/remotes/${name}/mf-manifest.json`,
  prefixes: [...module.prefixes],
}));
const listRemotes = () => remotes;

await loadRuntimeConfig();
const router = createBrowserRouter([
  {
    id: 'root',
    element: <PlatformLayout />,
    hydrateFallbackElement: <LoadingState />,
    children: [
      { index: true, element: <HomePage remotes={listRemotes} /> },
      { path: HOME_PATH.slice(1), element: <HomePage remotes={listRemotes} /> },
      ...remoteModules.map(({ name, module }) => remoteRouteTree(name, module.routes)),
      signOutRoute(),
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
createRoot(document.getElementById('root') as HTMLElement).render(<RouterProvider router={router} />);
