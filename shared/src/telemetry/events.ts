/**
 * The event a screen that failed dispatches on the window (the platform's RouteErrorPage), with
 * `{ error, pathname, params }`: a remote's own page reports it (at the host, the area's error
 * element does).
 */
export const SCREEN_ERROR_EVENT = 'portal:screen-error';

export interface ScreenErrorDetail {
  error: unknown;
  pathname: string;
  params: Readonly<Record<string, string | undefined>>;
}

/** The window events a page's telemetry reports as errors. */
export const PAGE_ERROR_EVENTS = ['error', 'unhandledrejection', SCREEN_ERROR_EVENT] as const;
