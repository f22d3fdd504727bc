import { forgetDriver, SESSION_KEYS, SESSION_PREFIX, type SessionKey } from './keys';
import { pageStorage } from './storage';

export { SESSION_KEYS, type SessionKey } from './keys';

/**
 * The session's values live in the tab's session storage, or, in a webview that gives none (or
 * throws, or has no quota), in the page's memory: the session then lasts as long as the page
 * (docs/session.md, "Without storage").
 */
const storage = () => pageStorage();

/** One value kept for the session: the platform's own (token, driver id) or a remote's. */
export interface SessionValue {
  get(): string | undefined;
  /** An empty, null or undefined value removes it. */
  set(value: string | undefined | null): void;
}

function valueAt(key: string): SessionValue {
  return {
    get: () => storage().getItem(key) ?? undefined,
    // Empty, null and undefined alike remove it.
    set: (value) => (value ? storage().setItem(key, value) : storage().removeItem(key)),
  };
}

export function getSessionValue(key: SessionKey): string | undefined {
  return valueAt(SESSION_KEYS[key]).get();
}

export function setSessionValue(key: SessionKey, value: string | undefined | null): void {
  valueAt(SESSION_KEYS[key]).set(value);
}

/**
 * Declares a value a remote keeps for the session (e.g. the title of the notification being
 * read). The remote owns the name; the platform owns the storage and clears it on `/Sair`.
 */
export function sessionValue(name: string): SessionValue {
  return valueAt(`${SESSION_PREFIX}${validName(name)}`);
}

function validName(name: string): string {
  if (!/^[A-Za-z][A-Za-z0-9-]*$/.test(name)) throw new Error(`invalid session value name "${name}"`);
  return name;
}

/**
 * Declares a value a remote keeps for the session's driver only (a wizard's answers, say): it is
 * stored under the driver's id, so read for another driver it is absent, even if a driver
 * switch's clearing were missed (a shared phone). Cleared on `/Sair` like every session value.
 */
export function driverValue(name: string): SessionValue {
  const keyNow = () => `${SESSION_PREFIX}${validName(name)}@${encodeURIComponent(getDriverId() ?? '-')}`;
  return {
    get: () => valueAt(keyNow()).get(),
    set: (value) => valueAt(keyNow()).set(value),
  };
}

export function getToken(): string | undefined {
  return getSessionValue('token');
}

export function hasSession(): boolean {
  return getToken() !== undefined;
}

/**
 * The driver the session belongs to: the one place a remote learns who the driver is, besides
 * an id its own route was given (then passed to `adoptDriverId`).
 */
export function getDriverId(): string | undefined {
  return getSessionValue('driverId');
}

/**
 * A driver id a screen's route was given (`/my-account/init/:driverId`) becomes the session's,
 * so the screens after it (whose paths carry no id) act on the same driver. When the session
 * held another driver (a shared phone: the native app opened the portal for the next driver),
 * everything kept for the previous one is dropped first, their token included: the same
 * clearing as `/Sair` and as a switch at boot (docs/session.md, "A session belongs to one
 * driver").
 */
export function adoptDriverId(driverId: string): void {
  const held = getDriverId();
  if (held === driverId || driverId === '') return;
  if (held !== undefined) void forgetDriver();
  setSessionValue('driverId', driverId);
}

/**
 * Clears every value this platform keeps for the session on this origin (drafts, remote values,
 * the databases and caches of photos and answers), in storage and in the page's memory alike:
 * /Sair then visits every other origin of the portal (sessionStorage is per origin).
 */
export function endSession(): void {
  void forgetDriver();
}
