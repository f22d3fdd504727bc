import { object } from 'yup';
import {
  accountDigitSchema,
  BANK_MESSAGES,
  bankAccountProblem,
  bankDigitSchema,
  checkBankAccount,
  CHECK_DIGIT_RULES,
  compeCode,
} from './banking';

/*
 * Vectors: the library's documented examples (isValidBankAccount's JSDoc, 2.4.0) and numbers
 * computed by hand with each bank's published rule (the Icatu compendium "Regras de Validação de
 * Conta Corrente" the library cites), the sum written next to each so a reader can redo it.
 */
const VALID: ReadonlyArray<[string, string, string, string, string]> = [
  // [why, bank, agency, account, digit]
  ['Banco do Brasil, the library example', '001', '1584', '00210169', '6'],
  // 9*2 + 6*3 + 1*4 + 0*5 + 1*6 + 2*7 = 60; 60 mod 11 = 5; 11 - 5 = 6 (weights 2-9 from the right)
  ['Banco do Brasil typed without its leading zeros', '001', '1584', '210169', '6'],
  ['Banrisul, the library example', '041', '2664', '358507670', '6'],
  ['Nubank, the library example (Verhoeff)', '260', '0001', '5216125', '0'],
  // 1*2 2*1 3*2 4*1 5*2(1) 6*1 7*2(5) 8*1 9*2(9) = 43; 10 - 3 = 7 (agency + account, weights 2,1 from the left)
  ['Itaú', '341', '1234', '56789', '7'],
  // 0 1 4 3 8 5 12(3) 7 16(7) = 38; 10 - 8 = 2
  ['Itaú, agency typed without its leading zero', '341', '123', '45678', '2'],
  // 6*2 + 5*3 + 4*4 + 3*5 + 2*6 + 1*7 = 77; 77 mod 11 = 0 -> 0 (weights 2-7 from the right)
  ['Bradesco', '237', '1234', '123456', '0'],
  // 1234 00 01012345, weights 9731 00 9713 1973, units of each product: 9+4+9+4+0+7+0+3+2+7+8+5 = 58; 10 - 8 = 2
  ['Santander', '033', '1234', '01012345', '2'],
  // weights 8923456789 over 1234123456: 8+18+6+12+4+10+18+28+40+54 = 198; 198 mod 11 = 0 -> 0
  ['HSBC (Kirton)', '399', '1234', '123456', '0'],
  // weights 11..2 over 0012345678: 9+16+21+24+25+24+21+16 = 156; 156 mod 11 = 2; 11 - 2 = 9
  ['Citibank', '745', '1234', '12345678', '9'],
];

describe('the banks with a published check digit rule', () => {
  it.each(VALID)('%s: %s %s / %s-%s is checked and holds', (_why, bank, agency, account, digit) => {
    expect(checkBankAccount({ bank, agency, account, digit })).toBe('checked');
    expect(bankAccountProblem({ bank, agency, account, digit })).toBeUndefined();
  });

  it.each(VALID)('%s: one digit off is refused, saying which numbers to check', (_why, bank, agency, account, digit) => {
    const off = String((Number(digit) + 1) % 10);
    expect(checkBankAccount({ bank, agency, account, digit: off })).toBe('mismatch');
    const usesAgency = ['033', '341', '399'].includes(bank);
    expect(bankAccountProblem({ bank, agency, account, digit: off })).toBe(
      usesAgency ? BANK_MESSAGES.agencyAccountMismatch : BANK_MESSAGES.accountMismatch,
    );
  });

  it('a typo in the account itself (not the digit) is refused too', () => {
    expect(checkBankAccount({ bank: '001', agency: '1584', account: '210196', digit: '6' })).toBe('mismatch');
    expect(checkBankAccount({ bank: '341', agency: '1234', account: '56798', digit: '7' })).toBe('mismatch');
    // Itaú's digit covers the agency: the same account at another agency has another digit.
    expect(checkBankAccount({ bank: '341', agency: '1243', account: '56789', digit: '7' })).toBe('mismatch');
  });

  it('covers exactly the banks whose rule is published, and not Caixa (operação not asked; the 2023 numbering outside the rule)', () => {
    expect(Object.keys(CHECK_DIGIT_RULES).sort()).toEqual(['001', '033', '041', '237', '260', '341', '399', '745']);
  });
});

describe('a digit X or P is typed as 0 (the seed: "Se o dígito da sua conta for X, informe 0.")', () => {
  // 6*2 = 12; 12 mod 11 = 1; 11 - 1 = 10 -> X (Banco do Brasil), P (Bradesco, weights 2-7)
  it('Banco do Brasil account 6, digit X: 0 is accepted, any other digit is not', () => {
    expect(checkBankAccount({ bank: '001', agency: '1234', account: '6', digit: '0' })).toBe('checked');
    for (const digit of ['1', '2', '5', '9'])
      expect(checkBankAccount({ bank: '001', agency: '1234', account: '6', digit })).toBe('mismatch');
  });

  it('Bradesco account 6, digit P: 0 is accepted, 1 is not', () => {
    expect(checkBankAccount({ bank: '237', agency: '1234', account: '0000006', digit: '0' })).toBe('checked');
    expect(checkBankAccount({ bank: '237', agency: '1234', account: '6', digit: '1' })).toBe('mismatch');
  });

  it('an X or P typed in a digit field says to type 0 instead, for the account and for the agency', async () => {
    const messageOf = (schema: ReturnType<typeof bankDigitSchema>, value: string) =>
      schema.validate(value).then(
        () => undefined,
        (error: Error) => error.message,
      );
    expect(await messageOf(bankDigitSchema('account'), 'x')).toBe('Se o dígito da sua conta for X, informe 0.');
    expect(await messageOf(bankDigitSchema('account'), 'P')).toBe('Se o dígito da sua conta for P, informe 0.');
    expect(await messageOf(bankDigitSchema('agency'), 'X')).toBe('Se o dígito da sua agência for X, informe 0.');
    expect(await messageOf(bankDigitSchema('agency'), '12')).toBe('O dígito é um só número, de 0 a 9.');
    expect(await messageOf(bankDigitSchema('agency'), 'A')).toBe('O dígito é um só número, de 0 a 9.');
    expect(await messageOf(bankDigitSchema('agency'), '')).toBeUndefined();
    expect(await messageOf(bankDigitSchema('account'), '7')).toBeUndefined();
  });
});

describe('structure only, never a refused real account', () => {
  it.each([
    ['Banco Inter (no published rule)', '077', '0001', '12345678', '3'],
    ['C6 Bank', '336', '0001', '1234567', '1'],
    ['Sicoob', '756', '3069', '123456', '9'],
    ['Caixa (operação not asked)', '104', '1234', '12345678', '9'],
    ['Caixa, 2023 numbering (9 digits)', '104', '1234', '123456789', '4'],
    ['a bank outside the library’s participant table, trusted from the service’s list', '999', '1234', '123456', '6'],
    ['Itaú account longer than its 5 digits (its digit typed in too, say)', '341', '1234', '567897', '7'],
    ['Itaú agency with its digit typed in (5 digits)', '341', '12345', '56789', '1'],
    ['Santander account of 9 digits', '033', '1234', '101234567', '0'],
    ['Bradesco account of 8 digits', '237', '1234', '12345678', '0'],
    ['an account of zeros only', '001', '1234', '0000', '0'],
  ])('%s: %s %s / %s-%s is not checked by digit', (_why, bank, agency, account, digit) => {
    expect(checkBankAccount({ bank, agency, account, digit })).toBe('structure-only');
    expect(bankAccountProblem({ bank, agency, account, digit })).toBeUndefined();
  });

  it('fields not yet plain numbers (empty, letters, an X digit) leave the rule to the fields’ own messages', () => {
    expect(checkBankAccount({ bank: '001', agency: '', account: '210169', digit: '6' })).toBe('structure-only');
    expect(checkBankAccount({ bank: '001', agency: '1584', account: '21a169', digit: '6' })).toBe('structure-only');
    expect(checkBankAccount({ bank: '001', agency: '1584', account: '210169', digit: 'X' })).toBe('structure-only');
    expect(checkBankAccount({ bank: '', agency: '1584', account: '210169', digit: '5' })).toBe('structure-only');
  });
});

describe('the bank list’s number as a COMPE code', () => {
  it.each([
    ['001', '001'],
    ['1', '001'],
    ['41', '041'],
    [' 341 ', '341'],
    ['0237', '237'],
  ])('%s is %s', (typed, code) => expect(compeCode(typed)).toBe(code));
  it.each(['', '000', 'abc', '1234', '34a', undefined])('%s is no code', (typed) => expect(compeCode(typed)).toBeUndefined());
  it('a list that gives Banco do Brasil as "1" still gets its rule', () => {
    expect(checkBankAccount({ bank: '1', agency: '1584', account: '210169', digit: '7' })).toBe('mismatch');
  });
});

describe('accountDigitSchema, over the form’s own field names', () => {
  const schema = object({ accountDigit: accountDigitSchema({ bank: 'bank', agency: 'agency', account: 'account' }) });
  const messageOf = (values: Record<string, string>) =>
    schema.validateAt('accountDigit', values).then(
      () => undefined,
      (error: Error) => error.message,
    );

  it('refuses a digit the bank’s rule does not give, under the digit', async () => {
    expect(await messageOf({ bank: '341', agency: '1234', account: '56789', accountDigit: '0' })).toBe(BANK_MESSAGES.agencyAccountMismatch);
    expect(await messageOf({ bank: '001', agency: '1584', account: '210169', accountDigit: '5' })).toBe(BANK_MESSAGES.accountMismatch);
  });
  it('accepts the right one, a structure-only bank, and an X typed as 0', async () => {
    expect(await messageOf({ bank: '341', agency: '1234', account: '56789', accountDigit: '7' })).toBeUndefined();
    expect(await messageOf({ bank: '077', agency: '1234', account: '56789', accountDigit: '0' })).toBeUndefined();
    expect(await messageOf({ bank: '001', agency: '1234', account: '6', accountDigit: '0' })).toBeUndefined();
  });
  it('is synchronous, so a stored answer can be checked again with isValidSync', () => {
    expect(schema.isValidSync({ bank: '341', agency: '1234', account: '56789', accountDigit: '7' })).toBe(true);
    expect(schema.isValidSync({ bank: '341', agency: '1234', account: '56789', accountDigit: '0' })).toBe(false);
  });
});
