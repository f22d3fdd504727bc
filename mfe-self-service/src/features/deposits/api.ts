import { api } from '@driver-portal/shared/contract';
import { callApi, ensureArray } from '@driver-portal/shared/http';

/**
 * The driver's deposits. The call takes no driver id: the core API knows the driver from the
 * bearer token (the page's `id` query parameter is not sent, see DepositsPage).
 */
export const fetchDeposits = (signal: AbortSignal) => callApi(api.core.deposits, { signal }).then((list) => ensureArray(list, 'core'));
