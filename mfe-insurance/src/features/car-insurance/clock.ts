/**
 * The current time for the insurance screens, in one place so tests control it with
 * `jest.spyOn(Date, 'now')` or Jest's fake timers (both replace `Date.now`).
 */
export function now(): Date {
  return new Date(Date.now());
}
