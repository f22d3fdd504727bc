import { callApi } from '@driver-portal/shared/http';
import { api, type Statement } from '../../contract';

/**
 * The ride statement calls of the core API (docs/product-rules.md, "Calls"), sent with the bearer token.
 * None of them takes the statement's `taxiId`: the token identifies the driver. The screens
 * keep `taxiId` in their URLs (list, ride links, back links) so the native app's deep link
 * stays as it came, and work without it.
 */

/** The schema checked the shape; a period listed twice would still be offered twice. */
const withDistinctPeriods = (statement: Statement): Statement => ({ ...statement, Periodos: [...new Set(statement.Periodos)] });

/** GET extrato/extrato-mescorrente: the current month. */
export const fetchCurrentStatement = (signal: AbortSignal) => callApi(api.core.currentStatement, { signal }).then(withDistinctPeriods);

/** GET extrato/extrato-data?data=<period>: `period` is the chosen `Periodos` string as given (01/MM/YYYY). */
export const fetchStatementOfMonth = (period: string, signal: AbortSignal) =>
  callApi(api.core.statementByMonth, { query: { data: period }, signal }).then(withDistinctPeriods);

/** GET extrato/extrato-detalhe/?SolicitacaoId=<id>. */
export const fetchRide = (solicitacaoId: string, signal: AbortSignal) =>
  callApi(api.core.rideDetail, { query: { SolicitacaoId: solicitacaoId }, signal });
