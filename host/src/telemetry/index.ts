import type * as WebVitalsLibrary from 'web-vitals';
import { getConfig } from '@driver-portal/shared/config';
import { getToken } from '@driver-portal/shared/session';
import type { RemoteRegistry } from '../federation/remote-registry';
import {
  createTelemetry,
  releaseOf,
  routePattern,
  scrubError,
  type BeaconSender,
  type TelemetryEvent,
} from '@driver-portal/shared/telemetry';

/**
 * Downloaded after the host's first paint (bootstrap.tsx), so it costs a deep link nothing on
 * its way to the screen: it listens to the registry (which kept what happened before), to
 * uncaught errors, and downloads `web-vitals` for the landing page's LCP, INP and CLS.
 */

/** env.json's `telemetry` of the active environment: the collector's URL; none, no telemetry. */
export function collectorUrl(configFile: unknown, environment: string): string | undefined {
  const url = (configFile as { environments?: Record<string, { telemetry?: unknown } | undefined> } | null)?.environments?.[environment]
    ?.telemetry;
  return typeof url === 'string' && url !== '' ? url : undefined;
}

type WebVitals = Pick<typeof WebVitalsLibrary, 'onCLS' | 'onINP' | 'onLCP'>;

export interface TelemetryOptions {
  win?: Window;
  send?: BeaconSender;
  /** The web-vitals library, downloaded here (after the first paint). */
  loadVitals?: () => Promise<WebVitals>;
}

export function startTelemetry(
  configFile: unknown,
  registry: RemoteRegistry,
  { win = window, send, loadVitals = () => import(/* webpackChunkName: "web-vitals" */ 'web-vitals') }: TelemetryOptions = {},
): boolean {
  const collector = collectorUrl(configFile, getConfig().environment);
  if (!collector) return false;
  const telemetry = createTelemetry(collector, send);
  const report = (kind: TelemetryEvent['kind'], remoteName: string | undefined, route: string, extra: Partial<TelemetryEvent> = {}) => {
    const remote = remoteName ? registry.running(remoteName) : undefined;
    telemetry.report({ kind, remote: remote?.name ?? 'host', ...releaseOf(remote), route, ...extra });
  };
  const scrub = (error: unknown) => scrubError(error, [getToken()]);

  registry.observe(({ kind, remote, route, params, error }) => {
    const extra = error === undefined ? {} : { message: scrub(error) };
    telemetry.report({ kind, remote: remote.name, ...releaseOf(remote), route: routePattern(route, params), ...extra });
  });

  const areaOf = () => registry.ownerOf(win.location.pathname)?.name;
  win.addEventListener('error', (event) =>
    report('error', areaOf(), routePattern(win.location.pathname), { message: scrub(event.error ?? event.message) }),
  );
  win.addEventListener('unhandledrejection', (event) =>
    report('error', areaOf(), routePattern(win.location.pathname), { message: scrub(event.reason) }),
  );

  // The landing page's vitals, for the remote that drew it.
  const landing = areaOf();
  const route = routePattern(win.location.pathname);
  loadVitals().then(
    ({ onCLS, onINP, onLCP }) => {
      const vital = (metric: { name: string; value: number }) =>
        report('vital', landing, route, { metric: metric.name as TelemetryEvent['metric'], value: Math.round(metric.value * 1000) / 1000 });
      onLCP(vital);
      onINP(vital);
      onCLS(vital);
    },
    () => undefined /* vitals are a nicety: a failed download costs the driver nothing */,
  );
  return true;
}
