/** Types of portal-cohort.mjs (the canary cohort's script nginx and the Node server both run). */
declare const portalCohort: {
  COOKIE_NAME: string;
  COOKIE_LIFETIME_SECONDS: number;
  COHORT_HEADER: string;
  TOKEN_DRIVER_HEADER: string;
  murmurHash2(text: string): number;
  cohortOfDriver(driverId: unknown): string;
  signedCohort(cohort: string, secret: string | undefined, nowMs: number): string;
  verifiedCohort(value: string | undefined, secret: string | undefined, nowMs: number): string;
  cookieOf(header: string | undefined, name: string): string;
  entryToken(query: string): string;
  entryCookie(cohort: string, secret: string | undefined, nowMs: number): string;
  clearedCookie(): string;
};
export default portalCohort;
