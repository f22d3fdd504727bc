import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { loadRuntimeConfig } from '@driver-portal/shared/config';
import { ConfigUnavailable } from '@driver-portal/shared/shell';
import { fetchRemoteList, RemoteRegistry, type RemoteDescriptor } from './federation/remote-registry';
import { createHostRouter } from './federation/router';

async function start(): Promise<void> {
  const rootElement = document.getElementById('root');
  if (!rootElement) throw new Error('Missing #root element');
  const root = createRoot(rootElement);

  const [config, remoteList] = await Promise.allSettled([loadRuntimeConfig(), fetchRemoteList()]);
  if (config.status === 'rejected') {
    root.render(<ConfigUnavailable />);
    return;
  }
  // Without the remote list the host's own pages still work; remote paths show not found.
  let remotes: RemoteDescriptor[] = [];
  if (remoteList.status === 'fulfilled') remotes = remoteList.value;
  else console.error('[portal] remote list unavailable', remoteList.reason);

  const router = createHostRouter(new RemoteRegistry(remotes));
  root.render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
}

void start();
