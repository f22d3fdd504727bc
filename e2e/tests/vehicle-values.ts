/**
 * What a driver types in the vehicle data form (the CRLV's data), in the Playwright suite
 * (onboarding-data.ts) and in the cross-engine journeys (e2e/engines/journeys.mjs): one list, so
 * both fill the same valid form. No imports: the engines' runner loads it without Playwright.
 */
export function vehicleTyped(thisYear: number, manufactureYear: number): Array<[string, string]> {
  return [
    ['Placa', 'abc1d23'],
    ['RENAVAM', '12345678900'],
    ['Chassi', '9BWZZZ377VT004251'],
    ['Número do CRLV', '123456789012'],
    ['Ano de exercício', String(thisYear)],
    ['Ano de fabricação', String(manufactureYear)],
    ['Ano do modelo', String(manufactureYear + 1)],
    ['Tipo (espécie)', 'Automóvel'],
    ['Cor', 'Branca'],
    ['Cidade de emissão', 'São Paulo'],
    ['Data de emissão', '10022026'],
    ['Observações', 'Nada consta'],
    ['Nome do proprietário', 'João Batista Ferreira'],
  ];
}
