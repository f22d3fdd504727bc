import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { NotFoundPage, RemoteFallback } from '@driver-portal/shared/shell';
import type { RemoteRegistry } from './remote-registry';

/**
 * Whatever no loaded route matched: a remote that could not be loaded gets its fallback (on its
 * own routes only); anything else is not found.
 */
export function UnmatchedRoute({ registry }: { registry: RemoteRegistry }) {
  const location = useLocation();
  const navigate = useNavigate();
  const [retrying, setRetrying] = useState(false);
  const remote = registry.ownerOf(location.pathname);

  if (!remote || registry.failureOf(remote.name) === undefined) return <NotFoundPage />;

  const retry = () => {
    setRetrying(true);
    registry.reset(remote);
    // A navigation to the same place makes the router ask for the remote's routes again.
    void navigate(location, { replace: true });
  };

  return <RemoteFallback key={location.key} onRetry={retry} retrying={retrying} />;
}
