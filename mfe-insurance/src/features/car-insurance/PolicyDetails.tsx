import { Link } from 'react-router';
import type { InsurancePolicy } from '../../contract';
import { formatDate, NOT_INFORMED } from '@driver-portal/shared/format';
import { portalPath } from '@driver-portal/shared/links';
import { Card } from '@driver-portal/shared/ui';
import { PROCESSING_TEXT } from './constants';
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

/** The home's view of an active policy: its summary, the contract details and renew or cancel. */
export function PolicyDetails({ policy, now, driverId }: { policy: InsurancePolicy; now: Date; driverId: string }) {
  const { expiration, action } = summarizePolicy(policy, now);
  const requestId = policy.requestId?.trim() ?? '';
  return (
    <>
      <PolicySummary policy={policy} now={now} />
      <p className="insurance-links">
        <Link to={portalPath('/car-insurance/contract-details/:driverId', { driverId })}>Detalhes do contrato</Link>
      </p>
      {action === 'renew' && expiration ? <RenewAction requestId={requestId} expiredOn={expiration} /> : null}
      {action === 'cancel' ? <CancelAction requestId={requestId} /> : null}
    </>
  );
}
