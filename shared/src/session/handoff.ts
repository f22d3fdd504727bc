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
 * - browsers empty `window.name` on a navigation to another site, so a page outside the portal's
 *   site cannot hand a session in (the portal never adopts a stranger's token: issue 25), and
 *   the token never reaches a page outside it.
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

interface Handoff {
  to: string;
  from: string;
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
  const handoff: Handoff = { to: url.origin, from: win.location.origin, token, driverId, expires: Date.now() + HANDOFF_LIFETIME_MS };
  win.name = `${NAME_PREFIX}${JSON.stringify(handoff)}`;
}

function parse(text: string): Handoff | undefined {
  try {
    const value = JSON.parse(text) as Record<string, unknown>;
    if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
    if (!isOrigin(value.to) || !isOrigin(value.from) || typeof value.expires !== 'number') return undefined;
    return {
      to: value.to,
      from: value.from,
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
  if (!name.startsWith(NAME_PREFIX)) return;
  win.name = '';
  const handoff = parse(name.slice(NAME_PREFIX.length));
  const now = Date.now();
  if (!handoff || handoff.to !== win.location.origin || handoff.from === handoff.to) return;
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
