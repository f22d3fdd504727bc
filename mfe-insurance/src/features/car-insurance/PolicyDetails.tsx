import type { InsurancePolicy } from '../../contract';
import { formatDate, NOT_INFORMED } from '@driver-portal/shared/format';
import { Card } from '@driver-portal/shared/ui';
import { PROCESSING_TEXT } from './constants';
import { CancelAction, RenewAction } from './PolicyActions';
import { paymentDayLabel, summarizePolicy } from './policy';

/** The details of an active policy: proposal, policy number, validity, best payment day. */
export function PolicyDetails({ policy, now }: { policy: InsurancePolicy; now: Date }) {
  const { processing, expiration, action } = summarizePolicy(policy, now);
  const requestId = policy.requestId?.trim() ?? '';
  return (
    <>
      {/*
       * docs/product-rules.md, "Insurance and card": the original app used "an alert" to say the contract is being processed. The
       * platform's alert dialog only has success and error styles, and this is neither: a
       * pending contract is not a failure, nor a success the driver just achieved. Shown as an
       * inline status message (announced by screen readers) that stays on the page instead of a
       * dialog the driver must dismiss on every visit.
       */}
      {processing ? (
        <p className="card" role="status">
          {PROCESSING_TEXT}
        </p>
      ) : null}
      <Card title="Seu seguro">
        <dl className="details">
          <dt>Proposta</dt>
          <dd>{requestId || NOT_INFORMED}</dd>
          {processing ? null : (
            <>
              <dt>Apólice</dt>
              <dd>{policy.policyNumber}</dd>
            </>
          )}
          <dt>Vigência até</dt>
          <dd>{expiration ? formatDate(expiration) : NOT_INFORMED}</dd>
          <dt>Melhor dia de pagamento</dt>
          <dd>{paymentDayLabel(policy.bestPaymentDay) ?? NOT_INFORMED}</dd>
        </dl>
      </Card>
      {action === 'renew' && expiration ? <RenewAction requestId={requestId} expiredOn={expiration} /> : null}
      {action === 'cancel' ? <CancelAction requestId={requestId} /> : null}
    </>
  );
}
