import * as v from 'valibot';
import { defineEndpoint } from '@driver-portal/shared/contract';

/*
 * Every call this remote makes, with the schema of each answer (docs/product-rules.md, "Calls").
 * The client checks each answer against its schema; the sandbox registers its handlers from
 * this table and its tests check its fixtures against the same schemas. Field names are the
 * provider's, to the letter.
 */

// ---- Core API (legacy, PascalCase; the bearer token identifies the driver) ----

export const NotificationSchema = v.object({
  Id: v.number(),
  Titulo: v.string(),
  Descricao: v.string(),
  /** ISO date-time; without an offset it is Brazil time. */
  Data: v.string(),
  HRef: v.nullish(v.string(), null),
  Corpo: v.optional(v.string()),
});
export type Notification = v.InferOutput<typeof NotificationSchema>;

export const RideSchema = v.object({
  Data: v.string(),
  SolicitacaoId: v.number(),
  Nome: v.string(),
  DataProvisaoPagamento: v.nullish(v.string(), null),
  ChamadaId: v.number(),
  ValorLiquido: v.number(),
  /** PAGO, A RECEBER, PROCESSANDO or ESTORNADO; anything else is shown as it comes. */
  Status: v.string(),
  Valor: v.number(),
  ValorDesconto: v.number(),
  TransacaoId: v.nullish(v.string(), null),
  Mapa: v.nullish(v.string(), null),
  EnderecoOrigem: v.string(),
  EnderecoDestino: v.nullish(v.string(), null),
});
export type Ride = v.InferOutput<typeof RideSchema>;
export type RideStatus = 'PAGO' | 'A RECEBER' | 'PROCESSANDO' | 'ESTORNADO';

export const StatementSchema = v.object({
  Corridas: v.array(RideSchema),
  Mes: v.string(),
  Valor: v.number(),
  /** Available months as DD/MM/YYYY strings. */
  Periodos: v.array(v.string()),
});
export type Statement = v.InferOutput<typeof StatementSchema>;

/**
 * Deposits are shown even when an entry is partly broken (a missing fee or date reads
 * "—" / "Data não informada"): each field falls back instead of failing the whole list, and a
 * null entry is dropped. A body that is not a list is still malformed.
 */
const numberOrNull = v.fallback(v.nullable(v.number()), null);
export const DepositSchema = v.object({
  Data: v.fallback(v.string(), ''),
  Valor: numberOrNull,
  Servico: v.fallback(v.nullable(v.object({ product: numberOrNull })), null),
  Corridas: v.fallback(v.array(v.object({ TransacaoId: v.string(), Valor: v.number() })), []),
});
const DepositListSchema = v.pipe(
  v.array(v.fallback(v.nullable(DepositSchema), null)),
  v.transform((list) => list.filter((deposit) => deposit !== null)),
);
export type Deposit = v.InferOutput<typeof DepositSchema>;

/** What the password calls answer on success: a JSON object, the message optional. */
const LegacyOkSchema = v.object({ Message: v.optional(v.string()) });

// ---- Communication API (no token: the driver id is in the path) ----

export const InboxCategorySchema = v.object({
  id: v.number(),
  title: v.string(),
  description: v.string(),
  categorType: v.number(),
  countNews: v.number(),
});
export type InboxCategory = v.InferOutput<typeof InboxCategorySchema>;

export const InboxMessageSchema = v.object({
  id: v.number(),
  requestId: v.number(),
  title: v.string(),
  description: v.string(),
  receivedat: v.string(),
  read: v.boolean(),
  messageHRef: v.nullish(v.string(), null),
});
export type InboxMessage = v.InferOutput<typeof InboxMessageSchema>;

/** A message without title or body is still shown ("Esta mensagem não tem conteúdo."). */
export const InboxMessageDetailSchema = v.object({
  id: v.number(),
  title: v.optional(v.string(), ''),
  message: v.optional(v.object({ body: v.optional(v.string(), ''), description: v.optional(v.string(), '') }), {
    body: '',
    description: '',
  }),
});
export type InboxMessageDetail = v.InferOutput<typeof InboxMessageDetailSchema>;

export const api = {
  core: {
    notifications: defineEndpoint('core', 'GET', 'notificacoes/lista', { answer: v.array(NotificationSchema) }),
    notification: defineEndpoint('core', 'GET', 'notificacoes/:id', { answer: v.object({ Corpo: v.string() }) }),
    currentStatement: defineEndpoint('core', 'GET', 'extrato/extrato-mescorrente', { answer: StatementSchema }),
    statementByMonth: defineEndpoint('core', 'GET', 'extrato/extrato-data', { answer: StatementSchema }),
    rideDetail: defineEndpoint('core', 'GET', 'extrato/extrato-detalhe/', { answer: RideSchema }),
    deposits: defineEndpoint('core', 'GET', 'extrato/depositos', { answer: DepositListSchema }),
    changePassword: defineEndpoint('core', 'PUT', 'Taxista/AlterarSenha', { answer: LegacyOkSchema }),
    resendPassword: defineEndpoint('core', 'GET', 'Taxista/ReenviarSenha', { answer: LegacyOkSchema }),
  },
  communication: {
    categories: defineEndpoint('communication', 'GET', 'inbox/:driverId/categories', { answer: v.array(InboxCategorySchema) }),
    messages: defineEndpoint('communication', 'GET', 'inbox/:driverId/categories/:categoryId', {
      answer: v.object({ categories: v.array(InboxMessageSchema) }),
    }),
    markViewed: defineEndpoint('communication', 'PUT', 'inbox/:driverId/request/:requestId', { answer: v.unknown() }),
    message: defineEndpoint('communication', 'GET', 'inbox/:driverId/categories/:categoryId/message/:messageId', {
      answer: InboxMessageDetailSchema,
    }),
  },
} as const;
