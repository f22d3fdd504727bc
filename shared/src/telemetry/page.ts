import type * as WebVitalsLibrary from 'web-vitals';
import { getConfig } from '@driver-portal/shared/config';
import { getToken } from '@driver-portal/shared/session';
import { createTelemetry, routePattern, scrubError, type BeaconSender, type TelemetryEvent } from './beacon';
import { PAGE_ERROR_EVENTS, SCREEN_ERROR_EVENT, type ScreenErrorDetail } from './events';

/*
 * A remote's own page's telemetry: what the host sends for a remote (docs/telemetry.md,
 * "What pages send"), from the page the native app deep-links into. Downloaded after the first screen
 * (index.ts). The same beacon and the same scrubbing as the host's: never the token, a CPF, a
 * name, a typed value, a stack or an address.
 */

/** Where the page came from: the release folder and cohort its server names (deploy/nginx/remote.conf.template). */
export interface PageRelease {
  version: string;
  cohort: TelemetryEvent['cohort'];
}

/**
 * The release this page was served from. A page cannot tell from its own address (every release
 * is served at the same URLs), so its nginx names it in the page's `Server-Timing`
 * (`portal-release;desc=<id>, portal-cohort;desc=<live|canary>`), which the page reads from its
 * navigation entry. Served otherwise (`npm start`, a browser without serverTiming): "unversioned".
 */
export function pageRelease(perf: NavigationEntries | undefined = globalThis.performance): PageRelease {
  let timings: ReadonlyArray<{ name: string; description: string }> = [];
  try {
    const navigation = perf?.getEntriesByType('navigation')[0];
    timings = navigation?.serverTiming ?? [];
  } catch {
    // no navigation timing: unversioned
  }
  const described = (name: string) => timings.find((timing) => timing.name === name)?.description ?? '';
  const version = described('portal-release');
  return {
    // A release id is a folder name: anything else is not one (and is never sent).
    version: /^[\w.-]{1,64}$/.test(version) ? version : 'unversioned',
    cohort: described('portal-cohort') === 'canary' ? 'canary' : 'live',
  };
}

/** What of `performance` this reads: the navigation entry's server timings. */
export interface NavigationEntries {
  getEntriesByType(type: 'navigation'): ReadonlyArray<{ serverTiming?: ReadonlyArray<{ name: string; description: string }> }>;
}

type WebVitals = Pick<typeof WebVitalsLibrary, 'onCLS' | 'onINP' | 'onLCP'>;

export interface PageTelemetryOptions {
  win?: Window;
  send?: BeaconSender;
  /** Errors of the page before this code arrived (events of PAGE_ERROR_EVENTS). */
  early?: readonly Event[];
  release?: PageRelease;
  loadVitals?: () => Promise<WebVitals>;
}

/** Starts the page's telemetry; false (and nothing sent or downloaded) when no collector is configured. */
export function startPageTelemetry(
  remoteName: string,
  {
    win = window,
    send,
    early = [],
    release = pageRelease(win.performance),
    loadVitals = () => import(/* webpackChunkName: "web-vitals" */ 'web-vitals'),
  }: PageTelemetryOptions = {},
): boolean {
  const collector = getConfig().telemetry;
  if (!collector) return false;
  const telemetry = createTelemetry(collector, send);
  const report = (kind: TelemetryEvent['kind'], route: string, extra: Partial<TelemetryEvent> = {}) =>
    telemetry.report({ kind, remote: remoteName, ...release, route, ...extra });
  const here = () => routePattern(win.location.pathname);
  const scrub = (error: unknown) => scrubError(error, [getToken()]);

  // The landing: one load of this remote's release, as the host counts a remote it loads.
  const landing = here();
  report('load', landing);
  const reportError = (event: Event) => {
    if (event.type === SCREEN_ERROR_EVENT) {
      const { error, pathname, params } = (event as CustomEvent<ScreenErrorDetail>).detail;
      report('error', routePattern(pathname, params), { message: scrub(error) });
    } else if (event.type === 'unhandledrejection') {
      report('error', here(), { message: scrub((event as PromiseRejectionEvent).reason) });
    } else {
      const { error, message } = event as ErrorEvent;
      report('error', here(), { message: scrub(error ?? message) });
    }
  };
  early.forEach(reportError);
  for (const type of PAGE_ERROR_EVENTS) win.addEventListener(type, reportError);

  loadVitals()
    .then(({ onCLS, onINP, onLCP }) => {
      const vital = (metric: { name: string; value: number }) =>
        report('vital', landing, { metric: metric.name as TelemetryEvent['metric'], value: Math.round(metric.value * 1000) / 1000 });
      onLCP(vital);
      onINP(vital);
      onCLS(vital);
    })
    // Vitals are a nicety: a failed download (or a browser without the timings) costs the driver nothing.
    .catch(() => undefined);
  return true;
}
