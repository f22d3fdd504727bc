/**
 * Telemetry per remote version (docs/telemetry.md, "What pages send"): the beacon every app sends with
 * (the host's remote events, a remote's own page), and the start of a remote's own page's
 * telemetry, which downloads its code only after the first screen.
 */
import { retryImport } from '@driver-portal/shared/boot';
import { PAGE_ERROR_EVENTS } from './events';

export { createTelemetry, releaseOf, routePattern, scrubError } from './beacon';
export type { BeaconSender, Telemetry, TelemetryEvent, TelemetryKind } from './beacon';
export { PAGE_ERROR_EVENTS, SCREEN_ERROR_EVENT, type ScreenErrorDetail } from './events';

/** How long after the first screen telemetry waits: its data calls and images come first. */
const SETTLE_MS = 2000;

/**
 * A remote's own page (the native app's deep link): once the page has loaded, 2 s later and when
 * the main thread is idle, its telemetry code downloads and starts (nothing when no collector is
 * configured). Errors before that are caught and sent then.
 */
export function startPageTelemetryAfterTheScreen(remoteName: string, win: Window = window): void {
  // What fails before the code arrives (a screen that throws at once) is kept and sent then.
  const early: Event[] = [];
  const keep = (event: Event) => void early.push(event);
  for (const type of PAGE_ERROR_EVENTS) win.addEventListener(type, keep);
  // Tried twice, then given up quietly (the early errors are then dropped with their listeners).
  const stopKeeping = () => {
    for (const type of PAGE_ERROR_EVENTS) win.removeEventListener(type, keep);
  };
  const start = () =>
    void retryImport(() => import(/* webpackChunkName: "page-telemetry" */ './page')).then(({ startPageTelemetry }) => {
      stopKeeping();
      startPageTelemetry(remoteName, { win, early });
    }, stopKeeping);
  const whenIdle = () => ('requestIdleCallback' in win ? win.requestIdleCallback(start, { timeout: 3000 }) : start());
  const later = () => void win.setTimeout(whenIdle, SETTLE_MS);
  if (win.document.readyState === 'complete') later();
  else win.addEventListener('load', later, { once: true });
}
