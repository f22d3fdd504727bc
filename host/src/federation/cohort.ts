/**
 * Canary cohorts: which drivers run a remote's canary release. The server decides a driver's
 * cohort, never the page (docs/security.md, "Canary cohorts"): on the native app's entry it asks
 * the provider's token check whose token the address carries and keeps that driver's cohort
 * (one of 100 of 1 %, c00 ... c99) in a cookie it signs (deploy/nginx/portal-cohort.mjs, which
 * both servers run). The remote list's answer names that cohort (`Portal-Cohort`); a canary of N %
 * is for the first N cohorts, exactly as the remote's own page is split. No driver id is read here.
 */

/** The remote list's answer header naming the driver's cohort (portal-cohort.mjs, COHORT_HEADER). */
export const COHORT_HEADER = 'Portal-Cohort';

/** The cohort the server named on an answer (0 to 99), or null: no signed cohort, the live release. */
export function cohortOf(response: Pick<Response, 'headers'>): number | null {
  const match = /^c([0-9]{2})$/.exec(response.headers.get(COHORT_HEADER)?.trim() ?? '');
  return match ? Number(match[1]) : null;
}

/** Whether a driver of `cohort` is in a canary of `percent` (the first `percent` cohorts of 1 %, whole percentages). */
export function inCanary(cohort: number | null, percent: number): boolean {
  // No cohort known: the stable version (the same answer on every page of the session).
  if (cohort === null || !(percent >= 1)) return false;
  if (percent >= 100) return true;
  return cohort < Math.floor(percent);
}
