/**
 * Runs in every app's entry before the federation runtime, React or any app code. It is not a
 * shared module on purpose: shared modules are only available after the async boundary.
 */
// eslint-disable-next-line no-restricted-imports -- boot is bundled into each entry, before federation; the keys are constants
import { forgetDriver, hasHandoffCode, SESSION_KEYS, takeHandoffCode } from '../session/keys';
// eslint-disable-next-line no-restricted-imports -- the one storage layer, no dependencies; its memory lives on the window, shared with the session singleton
import { pageStorage } from '../session/storage';
import { retryImport } from './retry-import';

/**
 * Reads the address the page was opened with: the `token` query parameter is kept for the
 * session and removed from the address bar at once (other parameters such as `driverId` stay),
 * so it never lands in history, bookmarks, logs or a Referer header. The `driverId` parameter
 * (it stays in the address bar: it switches register mode) is held for the session too, so
 * screens reached later know the driver.
 *
 * A token is taken from the address the webview opens: the first page of this tab, a page of an
 * origin that holds no session yet (the native app deep-linking into a remote), or an address
 * naming another driver than the session's (the native app signing in the next driver of a
 * shared phone). Any other full-page address carrying `?token=` never replaces the driver's
 * session; its token is still removed from the address bar. The portal never renders a link with
 * a token (`@driver-portal/shared/links`, SafeHtml), so only the native app opens such addresses.
 *
 * A session belongs to one driver: when the address names another driver, or brings a token
 * other than the one held, everything this origin kept for the previous driver (token, driver
 * id, remote values, drafts, photos waiting to be sent, cached answers) is dropped before any of
 * it can be shown, the same clearing as `/Sair`.
 */
export function captureSessionToken(win: Window = window): void {
  const url = new URL(win.location.href);
  const driverId = url.searchParams.get('driverId')?.trim() || null;
  const rawToken = url.searchParams.get('token');
  const token = rawToken?.trim() || null;
  // The tab's session storage, or, in a webview without usable storage (Android's WebView leaves
  // it off by default), the page's memory, where the session singleton reads it: the driver is
  // signed in for the life of the page either way.
  const store = pageStorage(win);
  const heldToken = store.getItem(SESSION_KEYS.token);
  const heldDriver = store.getItem(SESSION_KEYS.driverId);
  const anotherDriver = driverId !== null && heldDriver !== null && driverId !== heldDriver;
  const takesToken = token !== null && (win.history.length <= 1 || heldToken === null || anotherDriver);
  if (anotherDriver || (takesToken && heldToken !== null && token !== heldToken)) void forgetDriver(win);
  if (driverId !== null) store.setItem(SESSION_KEYS.driverId, driverId);
  if (takesToken) store.setItem(SESSION_KEYS.token, token);
  if (rawToken === null) return;
  url.searchParams.delete('token');
  win.history.replaceState(win.history.state, '', url.pathname + url.search + url.hash);
}

/** The original app registered a service worker; a stale one would serve old bundles. */
export function unregisterServiceWorkers(nav: Navigator = navigator): void {
  if (!('serviceWorker' in nav)) return;
  nav.serviceWorker
    .getRegistrations()
    .then((registrations) => registrations.forEach((registration) => void registration.unregister()))
    .catch(() => undefined);
}

/**
 * Whether a path belongs to one of a remote's route prefixes (case-insensitive, like the
 * router). Here, not in the shell, so the host's entry can use it before federation starts.
 */
export function ownsPath(prefixes: readonly string[], pathname: string): boolean {
  const path = pathname.toLowerCase();
  return prefixes.some((prefix) => {
    const p = prefix.toLowerCase().replace(/\/$/, '');
    return path === p || path.startsWith(`${p}/`);
  });
}

/**
 * Resolves once the page may start: at once, or after redeeming the session another origin of
 * the portal handed over in this tab (shared/src/session/handoff.ts), then the address is read.
 */
export function bootPage(win: Window = window): Promise<void> {
  unregisterServiceWorkers();
  // Without a code (nearly every page) the address is read at once, before any other code runs.
  if (!hasHandoffCode(win)) {
    captureSessionToken(win);
    return Promise.resolve();
  }
  // The exchange in its own chunk: a deep link without a code (nearly all) does not pay for it.
  // Its chunk not loading even on the second try, the page starts without the handed-over session.
  // The code leaves the address at once, before any other code can read it.
  const code = takeHandoffCode(win);
  return retryImport(() => import('../session/handoff'))
    .then(({ receiveSessionHandoff }) => receiveSessionHandoff(win, code))
    .catch(() => undefined)
    .then(() => captureSessionToken(win));
}

/**
 * The static sign-out page every app serves (an external script, no framework). /Sair ends the
 * session on the page's own origin, then opens it; the pages visit every origin of the portal
 * in turn (the host's remote list says which) and end on the host's /Login.
 */
export const SIGN_OUT_PAGE = '/signout.html';

/** Leaves the portal from any app: this origin's session is already cleared by the caller. */
export function openSignOutPage(win: Window = window): void {
  win.location.replace(SIGN_OUT_PAGE);
}

export { fetchEarly, keepEarlyFetch, takeEarlyFetch } from './early-fetches';
export { importQuietly, retryImport, showStartFailure, startApp, START_FAILURE_TEXT } from './retry-import';
