import { Link } from 'react-router';
import { HOME_PATH } from '@driver-portal/shared/links';
import { accountPaths } from './paths';
import { knownDriverId } from './session';

export const DRIVER_UNKNOWN_TEXT = 'Não foi possível identificar a sua conta. Abra Minha conta pelo início do portal.';

/** The account screens without an id in their path act on the driver held for the session. */
export function useKnownDriver(): { driverId: string | undefined; backTo: string } {
  const driverId = knownDriverId();
  return { driverId, backTo: driverId ? accountPaths.myAccount(driverId) : HOME_PATH };
}

/** No driver held for the session (opened without my account or a driverId): say so and lead home. */
export function DriverUnknown() {
  return (
    <div className="error-state" role="alert">
      <p>{DRIVER_UNKNOWN_TEXT}</p>
      <Link className="button button-primary" to={HOME_PATH}>
        Ir para o início
      </Link>
    </div>
  );
}
