/**
 * The banks offered for the debit account, held in the remote (the original app kept its bank
 * list locally as `Id`, `Name`; docs/product-rules.md, "Entities"): the code is what the request
 * sends as `Financial.Bank`.
 */
export const BANKS: ReadonlyArray<{ Id: string; Name: string }> = [
  { Id: '001', Name: 'Banco do Brasil' },
  { Id: '033', Name: 'Santander' },
  { Id: '041', Name: 'Banrisul' },
  { Id: '070', Name: 'BRB' },
  { Id: '077', Name: 'Banco Inter' },
  { Id: '104', Name: 'Caixa Econômica Federal' },
  { Id: '212', Name: 'Banco Original' },
  { Id: '237', Name: 'Bradesco' },
  { Id: '260', Name: 'Nubank' },
  { Id: '290', Name: 'PagBank' },
  { Id: '323', Name: 'Mercado Pago' },
  { Id: '336', Name: 'C6 Bank' },
  { Id: '341', Name: 'Itaú Unibanco' },
  { Id: '380', Name: 'PicPay' },
  { Id: '748', Name: 'Sicredi' },
  { Id: '756', Name: 'Sicoob' },
];

export function bankName(id: string): string {
  const bank = BANKS.find((candidate) => candidate.Id === id);
  return bank ? `${bank.Id} - ${bank.Name}` : id;
}
