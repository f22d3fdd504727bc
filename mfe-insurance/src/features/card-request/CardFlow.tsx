import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useLoad } from '@driver-portal/shared/data';
import { driverValue } from '@driver-portal/shared/session';
import { LoadView } from '@driver-portal/shared/ui';
import { currentDriverId } from '../../session';
import { fetchCardStatus } from './api';
import { CARD_PATHS, CARD_TEXTS } from './texts';
import './card-request.css';

/** The terms' Continuar: the address step is shown only after it (this session). */
export const cardTermsAccepted = driverValue('cardTermsAccepted');

/** Without a known driver nothing can be asked for: says so. */
export function NoDriver() {
  return (
    <p className="error-state" role="alert">
      {CARD_TEXTS.noDriver}
    </p>
  );
}

function Gate({ driverId, children }: { driverId: string; children: ReactNode }) {
  const load = useLoad((signal) => fetchCardStatus(driverId, signal), [driverId]);
  return (
    <LoadView {...load}>{(status) => (status.stage === null ? <>{children}</> : <Navigate to={CARD_PATHS.status} replace />)}</LoadView>
  );
}

/**
 * The request's steps (terms, address): a driver who already asked for a card goes straight to
 * its status (docs/product-rules.md, "Insurance and card").
 */
export function CardRequestGate({ children }: { children: (driverId: string) => ReactNode }) {
  const driverId = currentDriverId();
  if (!driverId) return <NoDriver />;
  return <Gate driverId={driverId}>{children(driverId)}</Gate>;
}
