/** The 27 Brazilian state codes (UF: 26 states and the Federal District), in alphabetical order of their names. */
export const BRAZIL_STATES = [
  'AC',
  'AL',
  'AP',
  'AM',
  'BA',
  'CE',
  'DF',
  'ES',
  'GO',
  'MA',
  'MT',
  'MS',
  'MG',
  'PA',
  'PB',
  'PR',
  'PE',
  'PI',
  'RJ',
  'RN',
  'RS',
  'RO',
  'RR',
  'SC',
  'SP',
  'SE',
  'TO',
] as const;

export type BrazilState = (typeof BRAZIL_STATES)[number];

export function isBrazilState(value: string | null | undefined): value is BrazilState {
  return (BRAZIL_STATES as readonly string[]).includes(value ?? '');
}
