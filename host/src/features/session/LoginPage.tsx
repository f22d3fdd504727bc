import { HOME_PATH } from '@driver-portal/shared/links';
import { Link } from 'react-router';
import { hasSession } from '@driver-portal/shared/session';
import { Page } from '@driver-portal/shared/ui';

/**
 * The portal has no credentials form: drivers sign in in the provider's native app, which opens
 * the portal with a token. This page is where /Sair and expired sessions end up.
 */
export function LoginPage() {
  const signedIn = hasSession();
  return (
    <Page title="Entrar">
      {signedIn ? (
        <>
          <p>Você já está conectado ao Portal do Motorista.</p>
          <Link className="button button-primary" to={HOME_PATH}>
            Ir para o início
          </Link>
        </>
      ) : (
        <>
          <p>Sua sessão foi encerrada.</p>
          <p>Para entrar novamente, abra o Portal do Motorista pelo aplicativo.</p>
        </>
      )}
    </Page>
  );
}
