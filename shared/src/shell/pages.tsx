import { HOME_PATH } from '@driver-portal/shared/links';
import { useEffect, useState } from 'react';
import { isRouteErrorResponse, Link, useLocation, useNavigate, useParams, useRouteError } from 'react-router';
import { SCREEN_ERROR_EVENT, type ScreenErrorDetail } from '@driver-portal/shared/telemetry';
import { Button, ErrorState, Page } from '@driver-portal/shared/ui';

export function NotFoundPage() {
  return (
    <Page title="Página não encontrada">
      <p>O endereço que você abriu não existe no portal.</p>
      <Link className="button button-primary" to={HOME_PATH}>
        Ir para o início
      </Link>
    </Page>
  );
}

export interface RemoteFallbackProps {
  title?: string;
  message?: string;
  onRetry: () => void;
  retrying?: boolean;
}

/** What a driver sees on the routes of a part of the portal that failed: a way to try again. */
export function RemoteFallback({ title = 'Esta área está indisponível', message, onRetry, retrying = false }: RemoteFallbackProps) {
  return (
    <Page title={title}>
      <div className="error-state" role="alert">
        <p>{message ?? 'Não foi possível carregar esta parte do portal. Verifique sua conexão e tente novamente.'}</p>
        <Button onClick={onRetry} disabled={retrying}>
          {retrying ? 'Tentando...' : 'Tentar novamente'}
        </Button>
      </div>
      <p>
        <Link to={HOME_PATH}>Ir para o início</Link>
      </p>
    </Page>
  );
}

export interface RouteErrorPageProps {
  /**
   * What "Tentar novamente" does before showing the screen again. At the host, the area's error
   * element (host/src/federation/remote-area.tsx) loads the remote afresh: a screen whose code or
   * shared module failed to download stays failed in the remote's module cache and in the
   * router's lazy route, so navigating again alone would show this page again.
   */
  onRetry?: () => Promise<void>;
}

/** errorElement of every remote's routes: a screen that throws is contained to its own routes. */
export function RouteErrorPage({ onRetry }: RouteErrorPageProps = {}) {
  const [retrying, setRetrying] = useState(false);
  const error = useRouteError();
  const location = useLocation();
  const navigate = useNavigate();
  const params = useParams();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  useEffect(() => {
    // Told to the page (a remote's own page's telemetry reports it; at the host, the area's error element does).
    const detail: ScreenErrorDetail = { error, pathname: location.pathname, params };
    if (!notFound) window.dispatchEvent(new CustomEvent(SCREEN_ERROR_EVENT, { detail }));
    // Once per error shown.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [error]);
  if (notFound) return <NotFoundPage />;
  if (typeof console !== 'undefined') console.error('[portal] screen failed', error);
  return (
    <RemoteFallback
      title="Algo deu errado nesta tela"
      message="Esta tela encontrou um erro inesperado. Tente novamente."
      retrying={retrying}
      onRetry={() => {
        setRetrying(true);
        // Navigating to the same location clears the route error and renders the screen again;
        // a retry that failed (still offline) shows this page again, with its button.
        void Promise.resolve(onRetry?.())
          .catch(console.error)
          .then(() => navigate(location, { replace: true }))
          .finally(() => setRetrying(false));
      }}
    />
  );
}

/** Without its runtime configuration no part of the portal can call a service. */
export function ConfigUnavailable() {
  return (
    <ErrorState
      message="Não foi possível carregar a configuração do portal. Verifique sua conexão e tente novamente."
      onRetry={() => window.location.reload()}
    />
  );
}
