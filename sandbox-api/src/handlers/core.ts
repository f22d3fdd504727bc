import { selfService as api, type Notification, type Ride, type Statement } from '../contracts';
import { DEMO_DRIVER } from '../constants';
import { seedStatement } from '../fixtures/statement';
import { legacyError, ok, type Reply } from '../respond';
import { queryValue, route, type SandboxRequest } from '../router';
import type { StatementMonth, StatementState } from '../state';
import { periodOf } from '../time';

/** Core service (legacy): every call needs the demo token, checked before these run. */

const PASSWORD_LENGTH = 8;

function listNotifications({ state }: SandboxRequest): Reply<Notification[]> {
  // The list leaves the body out; the detail call returns it.
  return ok(state.core.notifications.map(({ Corpo: _body, ...summary }) => summary));
}

function notificationBody({ state, params }: SandboxRequest): Reply<{ Corpo: string }> {
  const notification = state.core.notifications.find((item) => String(item.Id) === params.id);
  if (!notification) return legacyError(404, 'Notificação não encontrada.');
  return ok({ Corpo: notification.Corpo ?? '' });
}

/** A sandbox left running into a new month rebuilds its (read-only) statement for that month. */
function currentStatement(request: SandboxRequest): StatementState {
  if (request.state.core.statement.currentPeriod !== periodOf(request.now)) {
    request.state.core.statement = seedStatement(request.now);
  }
  return request.state.core.statement;
}

function toStatement(month: StatementMonth, statement: StatementState): Statement {
  const totalCents = month.rides.reduce((sum, ride) => sum + Math.round(ride.ValorLiquido * 100), 0);
  return { Corridas: month.rides, Mes: month.period, Valor: totalCents / 100, Periodos: statement.months.map((item) => item.period) };
}

function statementOfCurrentMonth(request: SandboxRequest): Reply<Statement> {
  const statement = currentStatement(request);
  const month = statement.months[0];
  if (!month) return legacyError(404, 'Extrato indisponível.');
  return ok(toStatement(month, statement));
}

function statementOfMonth(request: SandboxRequest): Reply<Statement> {
  const statement = currentStatement(request);
  const period = queryValue(request.query, 'data');
  if (!period) return legacyError(400, 'Selecione um mês.');
  const month = statement.months.find((item) => item.period === period);
  if (!month) return legacyError(400, 'Período inválido.');
  return ok(toStatement(month, statement));
}

function rideDetail(request: SandboxRequest): Reply<Ride> {
  const id = queryValue(request.query, 'SolicitacaoId');
  if (!id || !/^\d+$/.test(id)) return legacyError(400, 'Corrida inválida.');
  const ride = currentStatement(request)
    .months.flatMap((month) => month.rides)
    .find((item) => String(item.SolicitacaoId) === id);
  if (!ride) return legacyError(404, 'Corrida não encontrada.');
  return ok(ride);
}

function changePassword({ state, query }: SandboxRequest): Reply<{ Message: string }> {
  const current = queryValue(query, 'senhaAntiga');
  const next = queryValue(query, 'novaSenha');
  if (!current || !next) return legacyError(400, 'Informe a senha atual e a nova senha.');
  if (current !== state.core.password) return legacyError(400, 'Senha atual incorreta.');
  if (next.length !== PASSWORD_LENGTH) return legacyError(400, 'Senha deve conter 8 dígitos');
  state.core.password = next;
  return ok({ Message: 'Senha alterada!' });
}

function resendPassword({ query }: SandboxRequest): Reply<{ Message: string }> {
  const cpf = queryValue(query, 'cpf') ?? '';
  if (!/^\d{11}$/.test(cpf)) return legacyError(400, 'CPF invalido');
  if (cpf !== DEMO_DRIVER.cpf) return legacyError(404, 'CPF não encontrado.');
  return ok({ Message: 'Senha reenviada!' });
}

export const coreRoutes = [
  route(api.core.notifications, listNotifications),
  route(api.core.notification, notificationBody),
  route(api.core.currentStatement, statementOfCurrentMonth),
  route(api.core.statementByMonth, statementOfMonth),
  route(api.core.rideDetail, rideDetail),
  route(api.core.deposits, ({ state }) => ok(state.core.deposits)),
  route(api.core.changePassword, changePassword),
  route(api.core.resendPassword, resendPassword),
];
