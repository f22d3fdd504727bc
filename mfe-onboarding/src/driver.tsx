import { Link } from 'react-router';
import { registerPaths } from './paths';

export const DRIVER_UNKNOWN_TEXT = 'Não foi possível identificar o seu cadastro. Comece pela confirmação do seu celular.';

/** A registration step opened with no driver known (no account created in this session, no driverId). */
export function DriverUnknown() {
  return (
    <div className="error-state" role="alert">
      <p>{DRIVER_UNKNOWN_TEXT}</p>
      <Link className="button button-primary" to={registerPaths.sendCode()}>
        Confirmar celular
      </Link>
    </div>
  );
}
