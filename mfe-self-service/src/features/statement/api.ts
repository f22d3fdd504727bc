import { api, type Ride, type Statement } from '@driver-portal/shared/contract';
import { callApi, malformedAnswer } from '@driver-portal/shared/http';

/**
 * The ride statement calls of the core API (seed 1 section 7), sent with the bearer token.
 * None of them takes the statement's `taxiId`: the token identifies the driver. The screens
 * keep `taxiId` in their URLs (list, ride links, back links) so the native app's deep link
 * stays as it came, and work without it.
 */

/** A malformed answer becomes an error state instead of a crashed screen. */
function checkStatement(answer: Statement | null): Statement {
  if (!answer || typeof answer !== 'object' || !Array.isArray(answer.Corridas)) throw malformedAnswer('core');
  const periods = Array.isArray(answer.Periodos) ? answer.Periodos.filter((item): item is string => typeof item === 'string') : [];
  return {
    Corridas: answer.Corridas.filter((ride): ride is Ride => Boolean(ride) && typeof ride === 'object'),
    Mes: typeof answer.Mes === 'string' ? answer.Mes : '',
    Valor: typeof answer.Valor === 'number' ? answer.Valor : Number.NaN,
    // A period listed twice would be offered twice.
    Periodos: [...new Set(periods)],
  };
}

/** GET extrato/extrato-mescorrente: the current month. */
export const fetchCurrentStatement = (signal: AbortSignal) => callApi(api.core.currentStatement, { signal }).then(checkStatement);

/** GET extrato/extrato-data?data=<period>: `period` is the chosen `Periodos` string as given (01/MM/YYYY). */
export const fetchStatementOfMonth = (period: string, signal: AbortSignal) =>
  callApi(api.core.statementByMonth, { query: { data: period }, signal }).then(checkStatement);

/** GET extrato/extrato-detalhe/?SolicitacaoId=<id>. */
export const fetchRide = (solicitacaoId: string, signal: AbortSignal) =>
  callApi(api.core.rideDetail, { query: { SolicitacaoId: solicitacaoId }, signal }).then((answer: Ride | null): Ride => {
    if (!answer || typeof answer !== 'object' || Array.isArray(answer)) throw malformedAnswer('core');
    return answer;
  });
