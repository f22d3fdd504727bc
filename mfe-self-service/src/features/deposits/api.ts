import { callApi } from '@driver-portal/shared/http';
import { api } from '../../contract';

/**
 * The driver's deposits. The call takes no driver id: the core API knows the driver from the
 * bearer token (the page's `id` query parameter is not sent, see DepositsPage).
 */
export const fetchDeposits = (signal: AbortSignal) => callApi(api.core.deposits, { signal });
