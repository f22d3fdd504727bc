import { parseServerDate } from '@driver-portal/shared/format';

/**
 * The current time for the insurance screens, in one place so tests control it with
 * `jest.spyOn(Date, 'now')` or Jest's fake timers (both replace `Date.now`).
 */
export function now(): Date {
  return new Date(Date.now());
}

/** A day with no time: `YYYY-MM-DD` or `DD/MM/YYYY` (the forms parseServerDate reads). */
const BARE_DAY = /^(\d{4}-\d{2}-\d{2}|\d{2}\/\d{2}\/\d{4})$/;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Whether a policy's validity (`expirationDate` as the insurance service sends it) has ended at
 * `at`. A date-time is the instant it names (Brazil time when it has no offset, as
 * parseServerDate reads it). A bare day is valid through the whole of that day, as the screen's
 * "Vigência até 29/02/2028" reads: it ends at 24:00 in Brasília time, not at the 00:00 that
 * begins it (so renewal is not offered during a policy's last day). Missing or unreadable: false
 * (nothing says the policy ended).
 */
export function validityEnded(expirationDate: string | null | undefined, at: Date): boolean {
  const start = parseServerDate(expirationDate);
  if (!start) return false;
  // Brazil has kept UTC-3 all year since 2019: the next day begins 24 hours after this one did.
  if (BARE_DAY.test((expirationDate ?? '').trim())) return at.getTime() >= start.getTime() + DAY_MS;
  return at.getTime() > start.getTime();
}
