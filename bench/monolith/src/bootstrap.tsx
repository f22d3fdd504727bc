import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { loadRuntimeConfig } from '@driver-portal/shared/config';
import { NotFoundPage, PlatformLayout, remoteRouteTree } from '@driver-portal/shared/shell';
import { LoadingState } from '@driver-portal/shared/ui';
import { routes } from '../../../mfe-self-service/src/routes';

await loadRuntimeConfig();
const router = createBrowserRouter([
  {
    id: 'root',
    element: <PlatformLayout />,
    hydrateFallbackElement: <LoadingState />,
    children: [remoteRouteTree('self-service', routes), { path: '*', element: <NotFoundPage /> }],
  },
]);
createRoot(document.getElementById('root') as HTMLElement).render(<RouterProvider router={router} />);
