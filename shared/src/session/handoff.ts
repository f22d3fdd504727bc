/**
 * Crossing origins without losing the driver (docs/platform.md, "Journeys across remotes").
 *
 * sessionStorage belongs to one origin (and one tab). The native app may open a remote at its
 * own URL; a link there into a screen another remote owns is a full-page load of the host's
 * origin, whose session is empty. The session travels in the tab's `window.name`, written just
 * before that load and read (and emptied) by the next page's boot, before any app code:
 * - never in an address, so never in the address bar, history, a Referer or a server log, and
 *   never sent to any server;
 * - bound to the origin it is meant for and valid for 30 s, so a page that did not load leaves
 *   nothing another page of the portal would take later;
 * - bound to the page that wrote it by a random nonce, kept beside it in a cookie of the
 *   portal's host (30 s, SameSite=Strict): a page outside the portal's site can set the tab's
 *   name before opening the portal (Chromium keeps it across sites on a link), but not the
 *   portal's cookie, so it cannot hand a stranger's session in (issue 25). The cookie holds only
 *   the nonce, never the token.
 * The origins that handed this tab's session over are remembered: a journey may send the driver
 * back there (`@driver-portal/shared/journey`), and no other origin.
 *
 * No dependencies but the keys: the boot code of every entry bundles the reading side.
 */
import { forgetDriver, SESSION_KEYS, SESSION_PREFIX } from './keys';

const NAME_PREFIX = 'driver-portal-session:';
export const HANDOFF_LIFETIME_MS = 30_000;
/** The origins that handed this tab's session to this origin (a JSON list), for the way back. */
export const HANDOFF_ORIGINS_KEY = `${SESSION_PREFIX}handoffOrigins`;

const NONCE_COOKIE = 'driver-portal-handoff';

interface Handoff {
  to: string;
  from: string;
  nonce: string;
  token?: string;
  driverId?: string;
  expires: number;
}

function read(win: Window, key: string): string | undefined {
  try {
    return win.sessionStorage.getItem(key) ?? undefined;
  } catch {
    return undefined;
  }
}

function write(win: Window, key: string, value: string): void {
  try {
    win.sessionStorage.setItem(key, value);
  } catch {
    // Storage disabled (some webviews): the page runs without a session.
  }
}

const isOrigin = (value: unknown): value is string => {
  if (typeof value !== 'string') return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === value;
  } catch {
    return false;
  }
};

function randomNonce(win: Window): string {
  const bytes = new Uint8Array(16);
  win.crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * The cookie's domain: none (this host only) when both pages share a host name (ports apart, as
 * in the sandbox and docker-compose); else the longest parent domain both share, so the target
 * host can read it (remotes on sibling host names of one site).
 */
export function sharedCookieDomain(source: string, target: string): string | undefined {
  if (source === target) return undefined;
  const a = source.split('.').reverse();
  const b = target.split('.').reverse();
  const common: string[] = [];
  for (let i = 0; i < Math.min(a.length, b.length) && a[i] === b[i]; i += 1) common.push(a[i] as string);
  // Never a top-level or public-suffix-like domain (two labels at least, three under a country code such as .com.br).
  const minimum = common[0] && common[0].length === 2 ? 3 : 2;
  return common.length >= minimum ? common.reverse().join('.') : undefined;
}

function writeNonce(win: Window, nonce: string, target: URL): void {
  const domain = sharedCookieDomain(win.location.hostname, target.hostname);
  const secure = win.location.protocol === 'https:' ? '; Secure' : '';
  win.document.cookie = `${NONCE_COOKIE}=${nonce}; Max-Age=${HANDOFF_LIFETIME_MS / 1000}; Path=/; SameSite=Strict${domain ? `; Domain=${domain}` : ''}${secure}`;
}

/** The nonce a portal page left for this page, removed at once (for this host and every parent domain it could be on). */
function takeNonce(win: Window): string | undefined {
  const cookies = win.document.cookie.split(';').map((part) => part.trim());
  const value = cookies.find((part) => part.startsWith(`${NONCE_COOKIE}=`))?.slice(NONCE_COOKIE.length + 1);
  if (value === undefined) return undefined;
  const labels = win.location.hostname.split('.');
  const domains = [undefined, ...labels.slice(1).map((_label, index) => labels.slice(index + 1).join('.'))];
  for (const domain of domains) {
    win.document.cookie = `${NONCE_COOKIE}=; Max-Age=0; Path=/; SameSite=Strict${domain ? `; Domain=${domain}` : ''}`;
  }
  return value;
}

const optionalText = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);

/**
 * Just before a full-page load of another portal origin in this tab: what that page needs to go
 * on with the same driver. Nothing is written for this origin's own addresses, or without a driver.
 */
export function handOffSession(target: string | URL, win: Window = window): void {
  let url: URL;
  try {
    url = new URL(target, win.location.href);
  } catch {
    return;
  }
  if (url.origin === win.location.origin || !isOrigin(url.origin)) return;
  const token = read(win, SESSION_KEYS.token);
  const driverId = read(win, SESSION_KEYS.driverId);
  if (token === undefined && driverId === undefined) return;
  const nonce = randomNonce(win);
  const handoff: Handoff = { to: url.origin, from: win.location.origin, nonce, token, driverId, expires: Date.now() + HANDOFF_LIFETIME_MS };
  writeNonce(win, nonce, url);
  win.name = `${NAME_PREFIX}${JSON.stringify(handoff)}`;
}

function parse(text: string): Handoff | undefined {
  try {
    const value = JSON.parse(text) as Record<string, unknown>;
    if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
    if (!isOrigin(value.to) || !isOrigin(value.from) || typeof value.expires !== 'number' || typeof value.nonce !== 'string')
      return undefined;
    return {
      to: value.to,
      from: value.from,
      nonce: value.nonce,
      expires: value.expires,
      token: optionalText(value.token),
      driverId: optionalText(value.driverId),
    };
  } catch {
    return undefined;
  }
}

/** The origins that handed this tab's session over to this origin. */
export function handoffOrigins(win: Window = window): string[] {
  const text = read(win, HANDOFF_ORIGINS_KEY);
  if (!text) return [];
  try {
    const list: unknown = JSON.parse(text);
    return Array.isArray(list) ? list.filter(isOrigin) : [];
  } catch {
    return [];
  }
}

/**
 * At boot, before the address is read: takes the session another portal origin handed over in
 * this tab, if it was meant for this origin and is fresh. `window.name` is emptied whatever it
 * held. A handoff for another driver than the one this origin holds is a driver switch: what was
 * kept for the previous one is dropped first, as at `/Sair`.
 */
export function receiveSessionHandoff(win: Window = window): void {
  let name: string;
  try {
    name = win.name;
  } catch {
    return;
  }
  const nonce = takeNonce(win);
  if (!name.startsWith(NAME_PREFIX)) return;
  win.name = '';
  const handoff = parse(name.slice(NAME_PREFIX.length));
  const now = Date.now();
  if (!handoff || handoff.to !== win.location.origin || handoff.from === handoff.to) return;
  // Written by a page of the portal's site, not by whatever page opened this one.
  if (nonce === undefined || handoff.nonce.length < 16 || handoff.nonce !== nonce) return;
  if (handoff.expires < now || handoff.expires > now + HANDOFF_LIFETIME_MS * 2) return;
  const heldDriver = read(win, SESSION_KEYS.driverId);
  const heldToken = read(win, SESSION_KEYS.token);
  const anotherDriver = handoff.driverId !== undefined && heldDriver !== undefined && handoff.driverId !== heldDriver;
  const anotherToken = handoff.token !== undefined && heldToken !== undefined && handoff.token !== heldToken;
  if (anotherDriver || anotherToken) void forgetDriver(win);
  if (handoff.driverId !== undefined) write(win, SESSION_KEYS.driverId, handoff.driverId);
  if (handoff.token !== undefined) write(win, SESSION_KEYS.token, handoff.token);
  const origins = handoffOrigins(win);
  if (!origins.includes(handoff.from)) write(win, HANDOFF_ORIGINS_KEY, JSON.stringify([...origins, handoff.from]));
}
