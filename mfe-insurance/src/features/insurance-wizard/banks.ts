/**
 * The banks offered for the debit account, held in the remote (the original app kept its bank
 * list locally as `Id`, `Name`; docs/product-rules.md, "Entities"): the code is what the request
 * sends as `Financial.Bank`, the 3-digit COMPE code of the Banco Central's STR participants list
 * (banks.test.ts holds each code to that list, as @brazilian-utils' getBanks bundles it). Beyond
 * the original's sixteen: the state banks still open (Amazônia, Nordeste, Banestes, Banpará,
 * Banese) and the retail and digital banks and cooperatives that open individuals' accounts, so a
 * driver whose account is there can contract (docs/decisions/0017-bank-accounts-and-documents-as-issued.md).
 */
export const BANKS: ReadonlyArray<{ Id: string; Name: string }> = [
  { Id: '001', Name: 'Banco do Brasil' },
  { Id: '003', Name: 'Banco da Amazônia' },
  { Id: '004', Name: 'Banco do Nordeste' },
  { Id: '021', Name: 'Banestes' },
  { Id: '033', Name: 'Santander' },
  { Id: '037', Name: 'Banpará' },
  { Id: '041', Name: 'Banrisul' },
  { Id: '047', Name: 'Banese' },
  { Id: '070', Name: 'BRB' },
  { Id: '077', Name: 'Banco Inter' },
  { Id: '085', Name: 'Ailos' },
  { Id: '104', Name: 'Caixa Econômica Federal' },
  { Id: '121', Name: 'Agibank' },
  { Id: '136', Name: 'Unicred' },
  { Id: '197', Name: 'Stone' },
  { Id: '208', Name: 'BTG Pactual' },
  { Id: '212', Name: 'Banco Original' },
  { Id: '237', Name: 'Bradesco' },
  { Id: '260', Name: 'Nubank' },
  { Id: '290', Name: 'PagBank' },
  { Id: '318', Name: 'Banco BMG' },
  { Id: '323', Name: 'Mercado Pago' },
  { Id: '336', Name: 'C6 Bank' },
  { Id: '341', Name: 'Itaú Unibanco' },
  { Id: '380', Name: 'PicPay' },
  { Id: '389', Name: 'Mercantil do Brasil' },
  { Id: '403', Name: 'Cora' },
  { Id: '422', Name: 'Safra' },
  { Id: '536', Name: 'Neon' },
  { Id: '623', Name: 'Banco Pan' },
  { Id: '655', Name: 'Banco BV' },
  { Id: '748', Name: 'Sicredi' },
  { Id: '756', Name: 'Sicoob' },
];

export function bankName(id: string): string {
  const bank = BANKS.find((candidate) => candidate.Id === id);
  return bank ? `${bank.Id} - ${bank.Name}` : id;
}
