import { getBanks } from '@brazilian-utils/brazilian-utils';
import { BANKS, bankName } from './banks';

describe('the debit account’s bank list', () => {
  const participants = new Map(getBanks().map((bank) => [bank.code, bank.name]));

  it.each(BANKS.map((bank) => [bank.Id, bank.Name]))('%s (%s) is a COMPE code of the Banco Central’s STR participants', (id) => {
    expect(id).toMatch(/^\d{3}$/);
    expect(participants.has(id)).toBe(true);
  });

  it('lists each bank once, in the order of its code', () => {
    const ids = BANKS.map((bank) => bank.Id);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
  });

  it('offers the state banks and the digital banks drivers are paid in, not only the original sixteen', () => {
    for (const id of ['004', '021', '037', '047', '121', '208', '536', '623']) expect(BANKS.some((bank) => bank.Id === id)).toBe(true);
  });

  it('names a bank by code and name on the review; an unknown code stays as it is', () => {
    expect(bankName('004')).toBe('004 - Banco do Nordeste');
    expect(bankName('999')).toBe('999');
  });
});
