// The canary cohort on `npm start`'s server (docs/security.md, "Canary cohorts"), with the script
// nginx runs (deploy/nginx/portal-cohort.mjs): the native app's entry asks the provider's token
// check whose token its address carries and keeps that driver's cohort in a cookie the server
// signs, and that driver's proof for field telemetry beside it (portal_driver, docs/telemetry.md
// "Forged beacons"); the remote list names the signed cohort for the host's canary choice; the
// sign-out page clears both. Nothing else the page sends (its address's driverId, a cookie it
// wrote) counts.
import { request as httpRequest } from 'node:http';
import { randomBytes } from 'node:crypto';
import portalCohort from '../deploy/nginx/portal-cohort.mjs';
import { STATIC_FILE } from './static-server.mjs';

/** The deployment's secret, or one of this run (every app of a run shares it: cookies are not kept apart by port). */
export const COHORT_SECRET = process.env.PORTAL_COHORT_SECRET ?? randomBytes(32).toString('base64url');

/** A query names a token, however spelled (the native app's entry, as nginx's $portal_native_entry). */
const namesToken = (url) => [...url.searchParams.keys()].some((name) => name.toLowerCase() === 'token');

/** Asks the provider whose token it is: the driver its 2xx answer names, '' for anything else. */
function tokenDriver(authUrl, token, namespace) {
  return new Promise((resolve) => {
    const headers = { Authorization: `Bearer ${token}`, ...(typeof namespace === 'string' ? { 'x-sandbox-namespace': namespace } : {}) };
    // The page waits for this answer: a slow check gives the live release, not a slow page (nginx: 2 s too).
    const check = httpRequest(authUrl, { method: 'GET', headers, timeout: 2_000 }, (answer) => {
      answer.resume();
      const driver = answer.headers[portalCohort.TOKEN_DRIVER_HEADER.toLowerCase()];
      const ok = (answer.statusCode ?? 500) >= 200 && (answer.statusCode ?? 500) < 300;
      resolve(ok && typeof driver === 'string' ? driver : '');
    });
    check.on('timeout', () => check.destroy(new Error('token check timed out')));
    check.on('error', () => resolve(''));
    check.end();
  });
}

/**
 * @param {{ authUrl: string, secret?: string }} options
 * @returns {(req: import('node:http').IncomingMessage, url: URL) => Promise<Record<string, string | string[]>>}
 *   the headers an answer adds: Set-Cookie (the cohort's and the driver proof's) on an entry and on
 *   the sign-out page, Portal-Cohort on the remote list.
 */
export function pageCohort({ authUrl, secret = COHORT_SECRET }) {
  return async (req, url) => {
    // Over HTTPS the cookie is `__Host-portal_cohort` (npm start serves plain HTTP: `portal_cohort`).
    const secure = 'encrypted' in req.socket && req.socket.encrypted === true;
    if (url.pathname === '/signout.html')
      return { 'Set-Cookie': [portalCohort.clearedCookie(secure), portalCohort.clearedProofCookie(secure)] };
    if (url.pathname === '/remotes.json') {
      // Node joins several Cookie headers with "; ": more than one cohort cookie (a same-host
      // page's of a longer path beside the server's) is no cohort at all (portal-cohort.mjs).
      const cohort = portalCohort.cookieCohort(req.headers.cookie, secret, Date.now(), secure);
      return cohort ? { [portalCohort.COHORT_HEADER]: cohort } : {};
    }
    if (STATIC_FILE.test(url.pathname) || !namesToken(url)) return {};
    const token = portalCohort.entryToken(url.search);
    const driver = token ? await tokenDriver(authUrl, token, req.headers['x-sandbox-namespace']) : '';
    const cohort = portalCohort.cohortOfDriver(driver);
    const now = Date.now();
    // The same driver's entry again, its cookies still good for half a shift: nothing to set.
    if (portalCohort.keepsCookies(req.headers.cookie ?? '', cohort, driver, secret, now, secure)) return {};
    return {
      'Set-Cookie': [
        portalCohort.entryCookie(cohort, secret, now, secure),
        // The proof only for a driver the check named (a cohort: a well-formed id); else cleared.
        portalCohort.entryProofCookie(cohort ? driver : '', secret, now, secure),
      ],
    };
  };
}
