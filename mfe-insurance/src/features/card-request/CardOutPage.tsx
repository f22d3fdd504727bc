import { Navigate } from 'react-router';
import { HOME_PATH } from '@driver-portal/shared/links';

/**
 * /card-out — where the card's status leads back to. The native app may take this address to
 * close its card flow; in the portal it leads home (docs/product-rules.md, "Insurance and card").
 */
export function CardOutPage() {
  return <Navigate to={HOME_PATH} replace />;
}
