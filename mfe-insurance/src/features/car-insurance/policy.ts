import type { InsurancePolicy } from '../../contract';
import { hasText, parseServerDate } from '@driver-portal/shared/format';

/** A time of day in a date (`T10:30`, ` 10:30`): without one, the date is a bare day. */
const TIME_OF_DAY = /\d:\d/;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Whether a policy's validity (`expirationDate` as the insurance service sends it) has ended at
 * `at`. A date-time is the instant it names (Brazil time when it has no offset, as
 * parseServerDate reads it). A bare day is valid through the whole of that day, as the screen's
 * "Vigência até 29/02/2028" reads: it ends at 24:00 in Brasília time, not at the 00:00 that
 * begins it (so renewal is not offered during a policy's last day). Missing or unreadable: false
 * (nothing says the policy ended). Here beside the policy's other rules, not in clock.ts: clock.ts
 * imports nothing, and the insurance's first screen keeps its chunks (bench/deep-links.json).
 */
export function validityEnded(expirationDate: string | null | undefined, at: Date): boolean {
  const start = parseServerDate(expirationDate);
  if (!start) return false;
  // Brazil has kept UTC-3 all year since 2019: the next day begins 24 hours after this one did.
  if (!TIME_OF_DAY.test(expirationDate ?? '')) return at.getTime() >= start.getTime() + DAY_MS;
  return at.getTime() > start.getTime();
}

export type PolicyAction = 'renew' | 'cancel' | 'none';

export interface PolicySummary {
  /** Active but without a policy number yet: the contract is still being processed. */
  processing: boolean;
  /** Undefined when the service sent no date or an unreadable one. */
  expiration: Date | undefined;
  action: PolicyAction;
}

/**
 * What the home shows for an active policy (docs/product-rules.md, "Insurance and card"): renew once the current time is
 * after the expiration date (a bare day counts whole: validityEnded), cancel otherwise. An unreadable or missing date never offers a
 * renewal (nothing says the policy expired), so cancel is offered. No action without a request
 * id (the calls need it) or while the policy number is still missing (nothing to renew or
 * cancel yet: the driver is told the contract is being processed).
 */
export function summarizePolicy(policy: InsurancePolicy, now: Date): PolicySummary {
  const processing = !hasText(policy.policyNumber);
  const expiration = parseServerDate(policy.expirationDate);
  let action: PolicyAction = 'none';
  if (!processing && hasText(policy.requestId)) {
    action = validityEnded(policy.expirationDate, now) ? 'renew' : 'cancel';
  }
  return { processing, expiration, action };
}

/** "Dia 10"; anything that is not a day of the month is not shown as one. */
export function paymentDayLabel(day: number | null | undefined): string | undefined {
  return typeof day === 'number' && Number.isInteger(day) && day >= 1 && day <= 31 ? `Dia ${day}` : undefined;
}
