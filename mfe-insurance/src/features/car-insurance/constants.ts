/**
 * The insurance offer's business constants (docs/product-rules.md, "Insurance and card"). Amounts are numbers in reais,
 * formatted for display with `formatBRL` (docs/product-rules.md, "Formats").
 */
export const INSURANCE_OFFER = {
  /** The insurer named in the contract success text (docs/product-rules.md, "Errors"). */
  insurer: 'SulAmérica',
  /** Third-party cover only. */
  coverType: 'terceiros',
  annualPrice: 1614,
  loyaltyMonths: 6,
  instalments: 12,
  firstInstalment: 134.5,
  /** The first instalment is debited within this many days. */
  firstInstalmentDebitDays: 10,
  coverage: {
    materialAndBodilyDamage: 50_000,
    moralDamage: 50_000,
    /** Passenger personal accident, total for all passengers. */
    passengerAccidentTotal: 100_000,
  },
  towingKm: 400,
} as const;

/**
 * 24-hour assistance phone numbers. The specification does not give them ("phone numbers for
 * capital and other regions"): these are the insurer's published numbers, to be confirmed by
 * the provider before going live.
 */
export const ASSISTANCE_PHONE_CAPITALS = '4004 4935';
export const ASSISTANCE_PHONE_OTHER_REGIONS = '0800 727 4935';

/** Where "Contratar" leads: the disclaimer that opens the contract wizard (not built yet). */
export const CONTRACT_START_PATH = '/car-insurance/disclaimer';

/** Why "Contratar" is disabled until the contract wizard exists (ours). */
export const CONTRACT_UNAVAILABLE_TEXT = 'A contratação pelo portal ainda não está disponível. Em breve você poderá contratar por aqui.';

export const SUCCESS_TEXTS = {
  renew: 'Pedido de renovação enviado com sucesso.',
  cancel: 'Pedido de cancelamento enviado com sucesso.',
} as const;

export const PROCESSING_TEXT = 'Sua contratação está sendo processada. Em breve você receberá o número da sua apólice.';
