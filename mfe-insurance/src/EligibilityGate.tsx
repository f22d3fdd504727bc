import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useLoad } from '@driver-portal/shared/data';
import { Card, LoadView } from '@driver-portal/shared/ui';
import { insuranceHomePath } from './offer';
import { checkEligibility, ELIGIBILITY_TEXTS, eligibilityChecked, type Eligibility } from './eligibility';

/** What a driver who cannot contract reads instead of the offer or the wizard. */
export function NotEligible({ status }: { status: 'no-vehicle' | 'no-driver' }) {
  return status === 'no-vehicle' ? (
    <Card title={ELIGIBILITY_TEXTS.noVehicleTitle}>
      <p role="status">{ELIGIBILITY_TEXTS.noVehicle}</p>
    </Card>
  ) : (
    <p className="error-state" role="alert">
      {ELIGIBILITY_TEXTS.noDriver}
    </p>
  );
}

/**
 * Checks that the driver can contract before the wizard shows anything to fill: a driver with a
 * policy goes to it (the insurance home), one without a taxi or a registration reads why, the
 * others get `children`. `always` checks again even after a check passed in this session.
 */
export function EligibilityGate({ driverId, always, children }: { driverId: string; always?: boolean; children: () => ReactNode }) {
  const known = !always && eligibilityChecked.get() === 'yes';
  const load = useLoad(
    (signal): Promise<Eligibility> =>
      known
        ? Promise.resolve({ status: 'eligible', plate: '' })
        : checkEligibility(driverId, signal).then((result) => {
            eligibilityChecked.set(result.status === 'eligible' ? 'yes' : undefined);
            return result;
          }),
    [driverId, known],
  );
  if (known) return <>{children()}</>;
  return (
    <LoadView {...load}>
      {(result) => {
        if (result.status === 'has-policy') return <Navigate to={insuranceHomePath(driverId)} replace />;
        if (result.status === 'eligible') return <>{children()}</>;
        return <NotEligible status={result.status} />;
      }}
    </LoadView>
  );
}
