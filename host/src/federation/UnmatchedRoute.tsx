import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { NotFoundPage, RemoteFallback } from '@driver-portal/shared/shell';
import { INCOMPATIBLE_REMOTE } from './plugins/markers';
import type { RemoteRegistry } from './remote-registry';

/**
 * Whatever no loaded route matched: a remote that could not be loaded gets its fallback (on its
 * own routes only); while the remote list itself is unavailable, any such path offers to try
 * again; anything else is not found.
 */
export function UnmatchedRoute({ registry }: { registry: RemoteRegistry }) {
  const location = useLocation();
  const navigate = useNavigate();
  // The retry of this visit: a retry navigates again (a new location key), so a retry that
  // fails once more shows the button again instead of "Tentando..." for ever.
  const [retryingKey, setRetryingKey] = useState<string>();
  const retrying = retryingKey === location.key;
  const setRetrying = () => setRetryingKey(location.key);
  const remote = registry.ownerOf(location.pathname);

  if (!remote && registry.listUnavailable) {
    const retryList = () => {
      setRetrying();
      void registry.reloadList().then(() => navigate(location, { replace: true }));
    };
    return <RemoteFallback key={location.key} onRetry={retryList} retrying={retrying} />;
  }

  const failure = remote ? registry.failureOf(remote.name) : undefined;
  if (!remote || failure === undefined) return <NotFoundPage />;

  const retry = () => {
    setRetrying();
    // The list is read again first: after a rollback the retry loads the version now live.
    // A navigation to the same place makes the router ask for the remote's routes again.
    void registry.retry(remote).then(() => navigate(location, { replace: true }));
  };

  if (failure instanceof Error && failure.message.includes(INCOMPATIBLE_REMOTE)) {
    return (
      <RemoteFallback
        key={location.key}
        title="Esta área precisa ser atualizada"
        message="Esta parte do portal foi publicada para uma versão diferente do aplicativo e não pode ser aberta agora. A equipe responsável já pode publicar uma versão compatível; tente novamente mais tarde."
        onRetry={retry}
        retrying={retrying}
      />
    );
  }
  return <RemoteFallback key={location.key} onRetry={retry} retrying={retrying} />;
}
