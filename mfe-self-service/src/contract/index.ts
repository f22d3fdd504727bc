import * as v from 'valibot';
import { accepted, listOf, numericId, shownFlag, shownNumber, shownObject, shownText, strict } from '@driver-portal/shared/answers';
import { defineEndpoint } from '@driver-portal/shared/contract';

/*
 * Every call this remote makes, with the schema of each answer (docs/product-rules.md, "Calls").
 * The client checks each answer against its schema; the sandbox registers its handlers from
 * this table and its tests check its fixtures against the same schemas. Field names are the
 * provider's, to the letter.
 */

// ---- Core API (legacy, PascalCase; the bearer token identifies the driver) ----

export const NotificationSchema = v.object({
  /** Strict: the detail is asked by this id (`notificacoes/:id`); digits in a string are the same id. */
  Id: numericId('notificacoes/:id asks for the notification by it'),
  Titulo: shownText(''),
  Descricao: shownText(''),
  /** ISO date-time; without an offset it is Brazil time. Only shown ("Hoje", "Ontem", a date). */
  Data: shownText(''),
  HRef: shownText(),
  /** The HTML body; the list does not carry it (the detail call gives it). */
  Corpo: v.optional(shownText()),
});
export type Notification = v.InferOutput<typeof NotificationSchema>;

/** Money is strict: a total the driver is paid must never read as a wrong or empty amount. */
const money = (what: string) => strict(v.number(), `money: ${what}`);

export const RideSchema = v.object({
  /** Strict: the ride's detail is asked by its date (`extrato-detalhe?data=`), and the list is grouped by it. */
  Data: strict(v.string(), 'the ride detail is asked by this date, and the list is grouped by it'),
  SolicitacaoId: numericId('the ride detail is asked by it'),
  Nome: shownText(''),
  DataProvisaoPagamento: shownText(),
  ChamadaId: numericId('the ride detail is asked by it'),
  ValorLiquido: money('what the driver receives for the ride'),
  /** PAGO, A RECEBER, PROCESSANDO or ESTORNADO; anything else is shown as it comes. */
  Status: shownText(''),
  Valor: money('the fare'),
  ValorDesconto: money('the fee taken from the fare'),
  TransacaoId: shownText(),
  Mapa: shownText(),
  EnderecoOrigem: shownText(''),
  EnderecoDestino: shownText(),
});
export type Ride = v.InferOutput<typeof RideSchema>;
export type RideStatus = 'PAGO' | 'A RECEBER' | 'PROCESSANDO' | 'ESTORNADO';

export const StatementSchema = v.object({
  Corridas: listOf(RideSchema, 'corridas do extrato'),
  Mes: shownText(''),
  Valor: money("the month's total"),
  /** Available months as DD/MM/YYYY strings; the month chosen is asked for as given. */
  Periodos: listOf(strict(v.string(), 'the statement of a month is asked by this text'), 'meses do extrato'),
});
export type Statement = v.InferOutput<typeof StatementSchema>;

/**
 * Deposits are shown even when an entry is partly broken (a missing fee or date reads
 * "—" / "Data não informada"): each field falls back instead of failing the whole list, and an
 * entry that is not an object is left out and counted. A body that is not a list is still malformed.
 */
const numberOrNull = v.fallback(v.nullable(v.number()), null);
export const DepositSchema = v.object({
  Data: v.fallback(v.string(), ''),
  Valor: numberOrNull,
  Servico: shownObject({ product: numberOrNull }, null),
  Corridas: v.fallback(
    listOf(v.object({ TransacaoId: shownText(''), Valor: money('a ride paid in this deposit') }), 'corridas do depósito'),
    [],
  ),
});
const DepositListSchema = listOf(DepositSchema, 'depósitos');
export type Deposit = v.InferOutput<typeof DepositSchema>;

// ---- Communication API (no token: the driver id is in the path) ----

export const InboxCategorySchema = v.object({
  id: numericId('the messages of a category are asked by it'),
  title: shownText(''),
  description: shownText(''),
  categorType: shownNumber(),
  countNews: shownNumber(),
});
export type InboxCategory = v.InferOutput<typeof InboxCategorySchema>;

export const InboxMessageSchema = v.object({
  id: numericId('the message is opened by it'),
  requestId: numericId('the message is marked as read by it'),
  title: shownText(''),
  description: shownText(''),
  receivedat: shownText(''),
  /** Unknown reads as unread: marking it read again is harmless. */
  read: shownFlag(false),
  messageHRef: shownText(),
});
export type InboxMessage = v.InferOutput<typeof InboxMessageSchema>;

/** A message without title or body is still shown ("Esta mensagem não tem conteúdo."). */
export const InboxMessageDetailSchema = v.object({
  id: numericId('the message shown must be the one asked for'),
  title: shownText(''),
  /** Null when the service sends none (or a list: an object is never a list, and null cannot be mistaken for a real body). */
  message: shownObject({ body: shownText(''), description: shownText('') }, null),
});
export type InboxMessageDetail = v.InferOutput<typeof InboxMessageDetailSchema>;

export const api = {
  core: {
    notifications: defineEndpoint('core', 'GET', 'notificacoes/lista', { answer: listOf(NotificationSchema, 'notificações') }),
    notification: defineEndpoint('core', 'GET', 'notificacoes/:id', {
      answer: v.object({ Corpo: strict(v.string(), 'the body is all the detail screen shows: without it there is nothing to read') }),
    }),
    currentStatement: defineEndpoint('core', 'GET', 'extrato/extrato-mescorrente', { answer: StatementSchema }),
    statementByMonth: defineEndpoint('core', 'GET', 'extrato/extrato-data', { answer: StatementSchema }),
    rideDetail: defineEndpoint('core', 'GET', 'extrato/extrato-detalhe/', { answer: RideSchema }),
    deposits: defineEndpoint('core', 'GET', 'extrato/depositos', { answer: DepositListSchema }),
    changePassword: defineEndpoint('core', 'PUT', 'Taxista/AlterarSenha', { answer: accepted() }),
    resendPassword: defineEndpoint('core', 'GET', 'Taxista/ReenviarSenha', { answer: accepted() }),
  },
  communication: {
    categories: defineEndpoint('communication', 'GET', 'inbox/:driverId/categories', {
      answer: listOf(InboxCategorySchema, 'categorias da caixa de entrada'),
    }),
    messages: defineEndpoint('communication', 'GET', 'inbox/:driverId/categories/:categoryId', {
      answer: v.object({ categories: listOf(InboxMessageSchema, 'mensagens da categoria') }),
    }),
    markViewed: defineEndpoint('communication', 'PUT', 'inbox/:driverId/request/:requestId', { answer: accepted() }),
    message: defineEndpoint('communication', 'GET', 'inbox/:driverId/categories/:categoryId/message/:messageId', {
      answer: InboxMessageDetailSchema,
    }),
  },
} as const;
