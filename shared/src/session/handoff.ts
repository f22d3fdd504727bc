/**
 * Crossing origins without losing the driver (docs/security.md, "Session handoff";
 * docs/session.md, "Journeys across remotes").
 *
 * sessionStorage belongs to one origin (and one tab). The native app may open a remote at its
 * own URL; a link there into a screen another remote owns is a full-page load of the host's
 * origin, whose session is empty. The session goes across through the portal's own server, as a
 * one-time code (deploy/session-handoff.cjs):
 * 1. the sending page POSTs the session to its own origin's `/session-handoff/mint`, naming the
 *    target origin; the server checks the request's Origin is the portal's and answers a random
 *    code, single use, valid 30 s, bound to the target origin and to this browser (an HttpOnly
 *    cookie);
 * 2. the target page opens with the code in the address's fragment (never sent to a server, never
 *    in a Referer), and its boot takes the fragment out of the address at once;
 * 3. the boot POSTs the code to its own origin's `/session-handoff/redeem`; the server gives the
 *    session only to the origin the code was minted for, with the binding cookie, once, and says
 *    which origin minted it (proven by the server, never taken from the page).
 * The token is never in an address, the history, a Referer, a log or `window.name`, and never
 * reaches a server other than the portal's own. No engine-specific behaviour is relied on: a
 * fetch, a fragment and `history.replaceState` behave alike in Chromium, WebKit and Firefox.
 * The origins that proved they handed this tab's session over are remembered: a journey may send
 * the driver back there (`@driver-portal/shared/journey`), and no other origin.
 *
 * No dependencies but the keys and the storage layer. The boot of every entry loads the receiving side in its own chunk,
 * only when the address carries a code (nearly no page does).
 */
import {
  forgetDriver,
  HANDOFF_CODE,
  HANDOFF_FRAGMENT,
  hasHandoffCode,
  keepBootAlert,
  SESSION_KEYS,
  SESSION_PREFIX,
  takeHandoffCode,
  type BootAlert,
} from './keys';
import { pageStorage } from './storage';

export { HANDOFF_FRAGMENT, hasHandoffCode, takeHandoffCode };
export const HANDOFF_ENDPOINT = '/session-handoff/';
/** How long a page waits for the exchange before going on without it. */
export const HANDOFF_TIMEOUT_MS = 5000;
/** The origins that handed this tab's session to this origin (a JSON list), for the way back. */
export const HANDOFF_ORIGINS_KEY = `${SESSION_PREFIX}handoffOrigins`;

/*
 * Through the one storage layer: a webview without usable storage keeps the handed-over session,
 * and the origins that handed it over, in the page's memory, for the life of the page.
 */
function read(win: Window, key: string): string | undefined {
  return pageStorage(win).getItem(key) ?? undefined;
}

function write(win: Window, key: string, value: string): void {
  pageStorage(win).setItem(key, value);
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

/** A driver id: the provider's ids are GUIDs (the exchange keeps no other shape: deploy/session-handoff.cjs). */
const HANDOFF_DRIVER_ID = /^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$/;
/** A bearer token: RFC 6750's b64token characters in dot-separated segments, none empty (no `..`), at most 4096 characters (as the exchange). */
const HANDOFF_TOKEN = /^[A-Za-z0-9_~+/-]+(?:\.[A-Za-z0-9_~+/-]+)*=*$/;
const MAX_TOKEN_LENGTH = 4096;

/** The value as given when absent (undefined) or of its shape; null for anything else (markup, a path). */
function shaped(value: unknown, shape: RegExp, max: number): string | undefined | null {
  if (value === undefined || value === null || value === '') return undefined;
  return typeof value === 'string' && value.length <= max && shape.test(value) ? value : null;
}

/**
 * What the driver sees when a handoff names another driver than the one this origin holds: the
 * held session is ended here (as /Sair would) and the handed-over one is not taken. Keeping the
 * held one would show a previous driver's data to the next one on a shared phone; taking the new
 * one would let a page on the portal's host name swap in a session of its choice.
 */
export const HANDOFF_REFUSED_ALERT: BootAlert = {
  kind: 'error',
  title: 'Sessão encerrada por segurança',
  message:
    'Esta página recebeu um pedido para entrar com outra conta enquanto a sua estava aberta. Para proteger seus dados, saímos da sua conta aqui e não entramos na outra. Abra o portal de novo pelo aplicativo.',
};

/** What came of a handoff at boot: none (no code, or nothing usable), taken, or refused (another driver's). */
export type HandoffOutcome = 'none' | 'taken' | 'refused';

/** A JSON POST to this origin's exchange, given up after HANDOFF_TIMEOUT_MS; undefined on any failure. */
async function exchange(win: Window, action: 'mint' | 'redeem', body: object): Promise<Record<string, unknown> | undefined> {
  const controller = typeof AbortController === 'function' ? new AbortController() : undefined;
  const timer = setTimeout(() => controller?.abort(), HANDOFF_TIMEOUT_MS);
  try {
    const response = await win.fetch(new URL(`${HANDOFF_ENDPOINT}${action}`, win.location.origin).href, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      credentials: 'same-origin',
      cache: 'no-store',
      referrerPolicy: 'no-referrer',
      signal: controller?.signal,
    });
    if (!response.ok) return undefined;
    const value: unknown = await response.json();
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Just before a full-page load of another portal origin in this tab: the address to open, with a
 * one-time code for the session in its fragment. The plain address when it is this origin's, no
 * driver is known, or the exchange failed (the page then opens without the session, as a deep
 * link without a token would).
 */
export async function handOffSession(target: string | URL, win: Window = window): Promise<string> {
  let url: URL;
  try {
    url = new URL(target, win.location.href);
  } catch {
    return String(target);
  }
  if (url.origin === win.location.origin || !isOrigin(url.origin)) return url.href;
  const token = read(win, SESSION_KEYS.token);
  const driverId = read(win, SESSION_KEYS.driverId);
  if (token === undefined && driverId === undefined) return url.href;
  const answer = await exchange(win, 'mint', { to: url.origin, token, driverId });
  const code = answer?.code;
  if (typeof code !== 'string' || !HANDOFF_CODE.test(code)) return url.href;
  const own = url.hash.replace(/^#/, '');
  url.hash = `${HANDOFF_FRAGMENT}${code}${own ? `;${own}` : ''}`;
  return url.href;
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
 * At boot, before the address is read: redeems the code another portal origin put in this
 * address, through this origin's own server, and takes the session it gives, when it is well
 * formed (a GUID driver id, a b64token) and belongs to the driver this origin holds, or this
 * origin holds none. The same driver may bring a newer token. A session of another driver never
 * replaces the held one, and is not taken either: the held one is ended here and the driver is
 * told (HANDOFF_REFUSED_ALERT, in the portal's alert dialog). Resolves when done (at once without
 * a code); never rejects.
 */
export async function receiveSessionHandoff(win: Window = window, code = takeHandoffCode(win)): Promise<HandoffOutcome> {
  if (code === undefined) return 'none';
  const handoff = await exchange(win, 'redeem', { code });
  if (!handoff || !isOrigin(handoff.from) || handoff.from === win.location.origin) return 'none';
  const token = shaped(handoff.token, HANDOFF_TOKEN, MAX_TOKEN_LENGTH);
  const driverId = shaped(handoff.driverId, HANDOFF_DRIVER_ID, 36);
  if (token === null || driverId === null || (token === undefined && driverId === undefined)) return 'none';
  const heldDriver = read(win, SESSION_KEYS.driverId);
  const heldToken = read(win, SESSION_KEYS.token);
  if (heldDriver !== undefined || heldToken !== undefined) {
    // The same driver: named by both (ids compare case-insensitively, as GUIDs), else the same token.
    const sameDriver =
      heldDriver !== undefined && driverId !== undefined
        ? heldDriver.toLowerCase() === driverId.toLowerCase()
        : token !== undefined && token === heldToken;
    if (!sameDriver) {
      void forgetDriver(win);
      keepBootAlert(win, HANDOFF_REFUSED_ALERT);
      return 'refused';
    }
  }
  if (driverId !== undefined && heldDriver === undefined) write(win, SESSION_KEYS.driverId, driverId);
  if (token !== undefined) write(win, SESSION_KEYS.token, token);
  const origins = handoffOrigins(win);
  if (!origins.includes(handoff.from)) write(win, HANDOFF_ORIGINS_KEY, JSON.stringify([...origins, handoff.from]));
  return 'taken';
}
