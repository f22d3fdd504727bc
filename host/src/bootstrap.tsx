import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { importQuietly } from '@driver-portal/shared/boot';
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
  afterTheScreen(
    router,
    // Tried twice, then given up quietly: telemetry never costs the driver an error.
    () =>
      importQuietly(
        () => import(/* webpackChunkName: "telemetry" */ './telemetry'),
        ({ startTelemetry }) => startTelemetry(file, remotes),
      ),
  );
  // The federation tax of the areas the home's tiles lead to, before the tap (issue 33).
  // A failure here is only a missed head start (the tap loads the area as before): never an error.
  afterTheScreen(router, () =>
    importQuietly(
      () => import(/* webpackChunkName: "prefetch-areas" */ './federation/prefetch-areas'),
      ({ prefetchAreas }) => void prefetchAreas(remotes, router.state.location.pathname).catch(() => undefined),
    ),
  );
}

/** How long after the first screen telemetry waits: its data calls and images come first. */
const SETTLE_MS = 2000;

/**
 * Once the first screen has rendered (the router's first navigation done), a little later and
 * when the main thread is idle: nothing here competes with what the driver opened (the deep
 * links' byte budgets hold it). Remote events meanwhile wait in the registry.
 */
function afterTheScreen(router: ReturnType<typeof createHostRouter>, task: () => void): void {
  // eslint-disable-next-line compat/compat -- detected ('in window'): WebKit, which has none, runs the task after SETTLE_MS
  const whenIdle = () => ('requestIdleCallback' in window ? window.requestIdleCallback(task, { timeout: 3000 }) : task());
  const settled = () => router.state.initialized && router.state.navigation.state === 'idle';
  const later = () => setTimeout(whenIdle, SETTLE_MS);
  if (settled()) return void later();
  const unsubscribe = router.subscribe(() => {
    if (!settled()) return;
    unsubscribe();
    later();
  });
}
