/**
 * The sign-out page (/signout.html) of every app: a few lines of plain script, its own entry,
 * no framework. sessionStorage belongs to one origin (and one tab), so ending the session
 * everywhere means visiting every origin of the portal in this tab. The host's page drives it:
 * it clears its own origin, then opens each remote origin of its remote list in turn; a
 * remote's page clears its origin and always goes back to the host's page, which goes on with
 * the next one and finally opens /Login.
 *
 * No open redirect: a remote's page only ever opens the host's page (portalUrl of its own
 * runtime configuration); the host's page only opens origins of its own remote list and its
 * own /Login. The only value carried in the address is a step number, read as digits only.
 * Framing is refused by every app (frame-ancestors 'none'), and a hidden frame would see a
 * partitioned storage anyway, hence whole-page visits.
 */
// eslint-disable-next-line no-restricted-imports -- bundled into this entry, never shared: the page has no federation runtime
import { selectEnvironment, type RuntimeConfigFile } from '../config';
// eslint-disable-next-line no-restricted-imports -- the keys are constants
import { forgetDriver } from '../session/keys';

export const SIGN_OUT_FILE = '/signout.html';
/** Where the host's page ends. */
export const SIGNED_OUT_PATH = '/Login';

/** A step number from the address: digits only (at most 3), anything else is no step. */
export function readStep(search: string, name: 'done' | 'resume'): number | undefined {
  const value = new URLSearchParams(search).get(name);
  return value !== null && /^\d{1,3}$/.test(value) ? Number(value) : undefined;
}

/** The other origins of the portal, from the host's remote list (http(s) only, each once, in order). */
export function remoteOrigins(list: unknown, hostOrigin: string): string[] {
  if (!Array.isArray(list)) return [];
  const origins: string[] = [];
  for (const entry of list as Array<{ manifest?: unknown } | null>) {
    if (typeof entry?.manifest !== 'string') continue;
    try {
      const url = new URL(entry.manifest, hostOrigin);
      if ((url.protocol === 'https:' || url.protocol === 'http:') && url.origin !== hostOrigin && !origins.includes(url.origin)) {
        origins.push(url.origin);
      }
    } catch {
      // not a URL: nothing to visit
    }
  }
  return origins;
}

/** The host's next hop: the next remote origin not yet visited, else /Login on the host. */
export function hostNextHop(search: string, origins: readonly string[], hostOrigin: string): string {
  const done = readStep(search, 'done') ?? 0;
  const next = origins[done];
  return next ? `${next}${SIGN_OUT_FILE}?resume=${done + 1}` : `${hostOrigin}${SIGNED_OUT_PATH}`;
}

/** A remote's next hop: always the host's sign-out page, with the step it was given. */
export function remoteNextHop(search: string, portalUrl: string): string {
  const host = new URL(portalUrl);
  const resume = readStep(search, 'resume');
  return `${host.origin}${SIGN_OUT_FILE}${resume === undefined ? '' : `?done=${resume}`}`;
}

async function fetchJson(url: string): Promise<unknown> {
  const response = await fetch(url, { cache: 'no-store', credentials: 'omit' });
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return response.json();
}

export type SignOutRole = 'host' | 'remote';

/** A database held open by another tab must not keep the driver on this page. */
const CLEARING_DEADLINE_MS = 2000;

/** Runs the page: clears this origin (session values, then its databases and caches), then opens the next hop. */
export async function runSignOutPage(role: SignOutRole, win: Window = window): Promise<void> {
  await Promise.race([forgetDriver(win), new Promise((resolve) => setTimeout(resolve, CLEARING_DEADLINE_MS))]);
  const { origin, search } = win.location;
  if (role === 'host') {
    // Without the list the other origins cannot be known: the host at least is signed out.
    const list = await fetchJson('/remotes.json').catch(() => []);
    win.location.replace(hostNextHop(search, remoteOrigins(list, origin), origin));
    return;
  }
  try {
    const file = (await fetchJson('/env.json')) as RuntimeConfigFile;
    win.location.replace(remoteNextHop(search, file.environments[selectEnvironment(win.location, file)].portalUrl));
  } catch {
    const status = win.document.getElementById('signout-status');
    if (status) status.textContent = 'Sua sessão foi encerrada. Abra o Portal do Motorista pelo aplicativo para entrar novamente.';
  }
}
