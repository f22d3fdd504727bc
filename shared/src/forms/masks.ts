/** Masks of docs/product-rules.md, "Validation and masks"; `_` is a digit unless a replacement says otherwise. */
export const MASKS = {
  cpf: '___.___.___-__',
  cnpj: '__.___.___/____-__',
  cep: '_____-___',
  cardCep: '__.___-___',
  mobile: '(__) _.____.____',
  code: '______',
  date: '__/__/____',
} as const;

export type MaskName = keyof typeof MASKS;

export const DIGIT = { _: /\d/ };
/** Alphanumeric CNPJ: letters or digits in the first 12 places. */
export const ALPHANUMERIC = { _: /[0-9A-Za-z]/ };
