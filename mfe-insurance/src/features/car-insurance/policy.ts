import type { InsurancePolicy } from '../../contract';
import { hasText, parseServerDate } from '@driver-portal/shared/format';
import { validityEnded } from './clock';

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
 * after the expiration date (a bare day counts whole: clock.ts validityEnded), cancel otherwise. An unreadable or missing date never offers a
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
