import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { applyRuntimeConfig } from '@driver-portal/shared/config';
import { ConfigUnavailable } from '@driver-portal/shared/shell';
import type { EarlyStart } from './federation/early';
import { releaseSettings } from './federation/remote-registry';
import { createHostRouter } from './federation/router';

export async function start({ configFile, registry }: EarlyStart): Promise<void> {
  const rootElement = document.getElementById('root');
  if (!rootElement) throw new Error('Missing #root element');
  const root = createRoot(rootElement);
  let file: Awaited<EarlyStart['configFile']>;
  try {
    file = await configFile;
    applyRuntimeConfig(file);
  } catch {
    root.render(<ConfigUnavailable />);
    return;
  }
  const remotes = await registry;
  remotes.configure(releaseSettings(file));
  const router = createHostRouter(remotes);
  root.render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
  afterFirstPaint(
    () => void import(/* webpackChunkName: "telemetry" */ './telemetry').then(({ startTelemetry }) => startTelemetry(file, remotes)),
  );
}

/** Once the page has loaded and the main thread is idle: nothing here competes with the first screen. */
function afterFirstPaint(task: () => void): void {
  const idle = () => ('requestIdleCallback' in window ? window.requestIdleCallback(task, { timeout: 3000 }) : setTimeout(task, 200));
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}
