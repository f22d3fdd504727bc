import { useState } from 'react';
import { Link } from 'react-router';
import type { InsurancePolicy } from '../../contract';
import { formatDate, NOT_INFORMED } from '@driver-portal/shared/format';
import { portalPath } from '@driver-portal/shared/links';
import { Card } from '@driver-portal/shared/ui';
import { fetchActivePolicy } from './api';
import { now as clockNow } from './clock';
import { NO_ACTIVE_POLICY_TEXT, PROCESSING_TEXT } from './constants';
import { DetailsList, type DetailRow } from './DetailsList';
import { CancelAction, RenewAction } from './PolicyActions';
import { paymentDayLabel, summarizePolicy } from './policy';

/** The policy's proposal, number (once it has one), validity and best payment day. */
export function PolicySummary({ policy, now }: { policy: InsurancePolicy; now: Date }) {
  const { processing, expiration } = summarizePolicy(policy, now);
  const requestId = policy.requestId?.trim() ?? '';
  const rows: DetailRow[] = [
    ['Proposta', requestId || NOT_INFORMED, 'id'],
    ...(processing ? [] : [['Apólice', policy.policyNumber ?? '', 'id'] as DetailRow]),
    ['Vigência até', expiration ? formatDate(expiration) : NOT_INFORMED, 'whole'],
    ['Melhor dia de pagamento', paymentDayLabel(policy.bestPaymentDay) ?? NOT_INFORMED, 'whole'],
  ];
  return (
    <>
      {/*
       * docs/product-rules.md, "Insurance and card": besides the alert the home shows, the notice
       * stays on the page as an inline status message (announced by screen readers).
       */}
      {processing ? (
        <p className="card" role="status">
          {PROCESSING_TEXT}
        </p>
      ) : null}
      <Card title="Seu seguro">
        <DetailsList rows={rows} />
      </Card>
    </>
  );
}

/**
 * The home's view of an active policy: its summary, the contract details and renew or cancel.
 * After a renewal or a cancellation the policy is read again, so the summary says what is true
 * now (the new validity, or no policy); the action keeps its place, saying it was sent.
 */
export function PolicyDetails({ policy, now, driverId }: { policy: InsurancePolicy; now: Date; driverId: string }) {
  const { expiration, action } = summarizePolicy(policy, now);
  const requestId = policy.requestId?.trim() ?? '';
  const [fresh, setFresh] = useState<{ policy: InsurancePolicy; now: Date }>();
  const readAgain = () => {
    fetchActivePolicy(driverId, new AbortController().signal).then(
      (read) => setFresh({ policy: read, now: clockNow() }),
      // The request was accepted and said so; a failed read only leaves the summary as it was.
      () => undefined,
    );
  };
  const shown = fresh ?? { policy, now };
  return (
    <>
      {shown.policy.active ? (
        <>
          <PolicySummary policy={shown.policy} now={shown.now} />
          <p className="insurance-links">
            <Link to={portalPath('/car-insurance/contract-details/:driverId', { driverId })}>Detalhes do contrato</Link>
          </p>
        </>
      ) : (
        <p className="card">{NO_ACTIVE_POLICY_TEXT}</p>
      )}
      {action === 'renew' && expiration ? <RenewAction requestId={requestId} expiredOn={expiration} onSent={readAgain} /> : null}
      {action === 'cancel' ? <CancelAction requestId={requestId} onSent={readAgain} /> : null}
    </>
  );
}
