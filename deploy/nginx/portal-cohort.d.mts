/** Types of portal-cohort.mjs (the canary cohort's script nginx and the Node server both run). */
declare const portalCohort: {
  COOKIE_NAME: string;
  /** The cookie's name over HTTPS (`__Host-portal_cohort`). */
  SECURE_COOKIE_NAME: string;
  COOKIE_LIFETIME_SECONDS: number;
  COHORT_HEADER: string;
  TOKEN_DRIVER_HEADER: string;
  murmurHash2(text: string): number;
  cohortOfDriver(driverId: unknown): string;
  signedCohort(cohort: string, secret: string | undefined, nowMs: number): string;
  verifiedCohort(value: string | undefined, secret: string | undefined, nowMs: number): string;
  cookieName(secure?: boolean): string;
  /** The one cookie of that name ('' when absent or when several are sent). */
  cookieOf(header: string | undefined, name: string): string;
  cookieCohort(header: string | undefined, secret: string | undefined, nowMs: number, secure?: boolean): string;
  entryToken(query: string): string;
  entryCookie(cohort: string, secret: string | undefined, nowMs: number, secure?: boolean): string;
  clearedCookie(secure?: boolean): string;
};
export default portalCohort;
