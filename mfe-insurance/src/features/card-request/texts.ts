/**
 * Texts of the card request. The stages, "CEP não encontrado" and "em até 3 dias" are the
 * product's, to the letter (docs/product-rules.md, "Insurance and card", "Errors"); the rest is ours.
 */
export const CARD_STAGE_LABELS = {
  REQUESTED: 'Cartão solicitado',
  MANUFACTURING: 'Em fabricação',
  DELIVERY: 'Em processo de entrega',
  UNLOCK: 'Desbloquear cartão',
} as const;

export const CARD_TEXTS = {
  zipNotFound: 'CEP não encontrado',
  termsRequired: 'Aceite os termos para continuar',
  required: 'Campo obrigatório',
  noDriver: 'Não foi possível identificar o motorista. Abra o cartão pela página inicial do portal.',
  notRequested: 'Você ainda não pediu o seu cartão de pagamento.',
  // The last stage: how to unlock and when it is done (ours; the card service has no unlock call).
  unlockByPhone: 'O cartão já foi entregue. Para desbloquear, ligue para a central de atendimento:',
  unlockInApp: 'O cartão já foi entregue. Para desbloquear, use a opção de ajuda do aplicativo.',
  unlockDone: 'Esta etapa termina quando o cartão é desbloqueado: a partir daí ele já recebe os seus pagamentos.',
} as const;

export const CARD_PATHS = {
  terms: '/card-request/terms',
  address: '/card-request/address',
  status: '/card-request/status',
  /** The status tracker's back link (docs/product-rules.md, "Route table"). */
  out: '/card-out',
} as const;
