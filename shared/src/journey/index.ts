/*
 * Journeys across remotes (docs/session.md, "Journeys across remotes"): one way for a screen to
 * send the driver into another remote's screen and get them back. What the journey needs travels
 * with the navigation itself, in the query of the address, never as a flag left in one origin's
 * storage:
 * - `driverId`: who the driver is (the boot adopts it on any origin, as it does for the native
 *   app's addresses), so the receiving screen never asks "who are you?";
 * - `returnTo`: where the driver goes once the journey ends (a path of the portal on this origin,
 *   or an address of the portal origin the journey started from).
 * The receiving remote declares, in its routes as data (`handle.journey`), which of its screens
 * take a journey, and passes it on from screen to screen (`carryJourney`) until the journey ends
 * (`useJourney().finish`), which replaces the finished screen in history.
 *
 * Stateless: bundled into each app. Crossing origins, the session goes with the driver through
 * the platform's handoff (session/handoff.ts), never in an address.
 */
import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { getConfig } from '@driver-portal/shared/config';
import { getDriverId } from '@driver-portal/shared/session';
import { pathOf, resolvedPortalAddress } from '@driver-portal/shared/links';
// eslint-disable-next-line no-restricted-imports -- stateless, bundled with the boot code's reading side
import { handoffOrigins, handOffSession } from '../session/handoff';
// eslint-disable-next-line no-restricted-imports -- the one storage layer, stateless (its memory lives on the window)
import { pageStorage } from '../session/storage';

/** The query parameters a journey adds to an address. */
export const JOURNEY_PARAMS = { driverId: 'driverId', returnTo: 'returnTo' } as const;

/** What a route declares in `handle` when it takes a journey (its query says where to come back). */
export interface JourneyHandle {
  journey: true;
}

function portalOrigin(): string | undefined {
  try {
    return new URL(getConfig().portalUrl).origin;
  } catch {
    return undefined;
  }
}

/**
 * Where a journey started from this page comes back to: a path, when the page is the host's
 * (every remote's screens are there); the full address when the page is a remote's own (the
 * native app opened it there, and there the driver's session is).
 */
export function returnAddressOf(path: string, win: Window = window): string {
  rememberJourneyStart(path, win);
  const origin = win.location.origin;
  return origin === portalOrigin() ? path : `${origin}${path}`;
}

/**
 * Where in this tab's history the journeys started, for engines without the Navigation API
 * (WebKit): the router's position (`history.state.idx`, React Router's own counter) of the screen
 * a journey returns to, by its address, kept for this origin and tab (sessionStorage).
 */
const JOURNEY_STARTS_KEY = 'driver-portal:journeyStarts';

function routerIndex(win: Window): number | undefined {
  try {
    const state: unknown = win.history.state;
    const idx = state && typeof state === 'object' ? (state as { idx?: unknown }).idx : undefined;
    return typeof idx === 'number' && Number.isInteger(idx) && idx >= 0 ? idx : undefined;
  } catch {
    return undefined;
  }
}

function journeyStarts(win: Window): Record<string, number> {
  try {
    const value: unknown = JSON.parse(pageStorage(win).getItem(JOURNEY_STARTS_KEY) ?? '{}');
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, number>) : {};
  } catch {
    return {};
  }
}

function rememberJourneyStart(path: string, win: Window): void {
  const here = win.location.href.split('#')[0];
  const index = routerIndex(win);
  if (index === undefined || new URL(path, win.location.origin).href !== here) return;
  // The storage layer: without storage, the page's memory (the way back works for the page's life).
  pageStorage(win).setItem(JOURNEY_STARTS_KEY, JSON.stringify({ ...journeyStarts(win), [here]: index }));
}

/**
 * An address another remote's screen can be opened at, carrying the journey: the driver, and
 * where to come back. `path` is a path of the portal (built with `portalPath`).
 */
export function journeyPath(path: string, { returnTo, driverId = getDriverId() }: { returnTo?: string; driverId?: string }): string {
  const url = new URL(path, 'http://portal.invalid');
  if (driverId) url.searchParams.set(JOURNEY_PARAMS.driverId, driverId);
  if (returnTo) url.searchParams.set(JOURNEY_PARAMS.returnTo, returnTo);
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * A return address the receiving screen may follow, or undefined: judged once resolved, by the
 * platform's one check (`resolvedPortalAddress`): an http(s) address of this origin (given back as
 * a path), the host's, or an origin that handed this tab's session over, whose path cannot be read
 * as another host's (`/..//host` resolves to `//host`). Anything else is dropped, never followed.
 */
export function safeReturnAddress(value: string | null | undefined, win: Window = window): string | undefined {
  const here = win.location.origin;
  const url = resolvedPortalAddress(value, { base: here, origins: [here, portalOrigin(), ...handoffOrigins(win)] });
  if (!url) return undefined;
  return url.origin === here ? pathOf(url) : url.href;
}

/** The journey of the current address: where to come back, if anywhere. */
export function journeyOf(search: string, win: Window = window): { returnTo?: string } {
  return { returnTo: safeReturnAddress(new URLSearchParams(search).get(JOURNEY_PARAMS.returnTo), win) };
}

/**
 * The next screen of the same journey inside the receiving remote: `path` with the journey of
 * the current address carried on (the return address only; the driver is in the session by then).
 */
export function carryJourney(path: string, search: string, win: Window = window): string {
  const { returnTo } = journeyOf(search, win);
  return returnTo ? journeyPath(path, { returnTo, driverId: undefined }) : path;
}

/**
 * How many entries back this tab's history holds `address` (a path of this origin) among the
 * entries of this origin, through the Navigation API where the webview has it, else from where
 * the journey was remembered to start (the same result in every engine); undefined when it is not
 * there (or cannot be known).
 */
function stepsBackTo(address: string, win: Window): number | undefined {
  const history = (win as Window & { navigation?: Navigation }).navigation;
  const current = history?.currentEntry;
  const target = new URL(address, win.location.origin).href;
  if (!history || !current || typeof history.entries !== 'function') {
    // No Navigation API (WebKit): the router's position where the journey started, if known.
    const start = journeyStarts(win)[target];
    const now = routerIndex(win);
    return typeof start === 'number' && now !== undefined && start < now ? now - start : undefined;
  }
  const earlier = history
    .entries()
    .filter((entry) => entry.index < current.index && entry.url === target)
    .pop();
  return earlier ? current.index - earlier.index : undefined;
}

/**
 * Ends a flow at an address: the screen where the journey started, if it is still in this tab's
 * history at this origin, is gone back to (so "back" from it goes where it went before, never into
 * the finished flow); else a path replaces the finished screen through the router; another origin
 * of the portal opens by a full load, in place of the finished screen, taking the session along.
 */
export function leaveTo(
  address: string,
  navigate: { (to: string, options: { replace: boolean }): unknown; (delta: number): unknown },
  win: Window = window,
): void {
  if (address.startsWith('/')) {
    const steps = stepsBackTo(address, win);
    if (steps !== undefined) void navigate(-steps);
    else void navigate(address, { replace: true });
    return;
  }
  // Another origin of the portal: the session goes along as a one-time code (session/handoff.ts).
  void handOffSession(address, win).then(
    (withSession) => win.location.replace(withSession),
    () => win.location.replace(address),
  );
}

/**
 * The journey of the screen being shown: where it returns (undefined outside a journey), how to
 * carry it to the next screen, and how to end it (to the return address, else to `fallback`).
 */
export function useJourney() {
  const { search } = useLocation();
  const navigate = useNavigate();
  const { returnTo } = useMemo(() => journeyOf(search), [search]);
  const carry = useCallback((path: string) => carryJourney(path, search), [search]);
  const finish = useCallback(
    (fallback: string) => {
      const address = returnTo ?? fallback;
      leaveTo(address, navigate);
    },
    [navigate, returnTo],
  );
  return { returnTo, carry, finish };
}
