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
  /** The driver proof's cookie (`portal_driver`; over HTTPS `__Host-portal_driver`): docs/telemetry.md, "Forged beacons". */
  PROOF_COOKIE_NAME: string;
  SECURE_PROOF_COOKIE_NAME: string;
  /** The header the telemetry path forwards the proof in (`X-Portal-Driver-Proof`). */
  PROOF_HEADER: string;
  /** The pseudonymous key of a driver id (22 base64url characters); '' without a driver id or a usable secret. */
  driverKey(driverId: unknown, secret: string | undefined): string;
  /** `<driver key>.<expiry in s>.<MAC>`; '' without a driver id or a usable secret. */
  signedDriverProof(driverId: unknown, secret: string | undefined, nowMs: number): string;
  /** The driver key of a proof the server signed that has not expired; '' otherwise. */
  verifiedDriverKey(value: string | undefined, secret: string | undefined, nowMs: number): string;
  proofCookieName(secure?: boolean): string;
  entryProofCookie(driverId: unknown, secret: string | undefined, nowMs: number, secure?: boolean): string;
  /** Whether an entry of this cohort and driver may leave the request's cookies as they are (both valid for half a lifetime more). */
  keepsCookies(header: string, cohort: string, driverId: string, secret: string | undefined, nowMs: number, secure?: boolean): boolean;
  clearedProofCookie(secure?: boolean): string;
  /** The one proof cookie of the scheme's name in a Cookie header, as sent ('' when absent, malformed or several). */
  requestProof(header: string | undefined, secure?: boolean): string;
};
export default portalCohort;
