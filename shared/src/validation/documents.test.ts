import {
  chassisProblem,
  chassisToSend,
  cnhRegisterProblem,
  crlvNumberProblem,
  documentMessage,
  documentSchema,
  mirrorNumberProblem,
  plateProblem,
  plateToSend,
  renachProblem,
  renavamProblem,
  renavamToSend,
  securityNumberProblem,
} from '.';

// Issue 44, kind 1: each number checked as its issuer defines it. Vectors: @brazilian-utils' own
// examples (isValidRenavam "639884962", "00639884962"; generateRenavam "12345678900"; isValidCnh
// "00000000119"), the example, and each of them one digit off.

describe('RENAVAM: 11 digits, the last a modulo-11 check digit of the first ten', () => {
  it.each(['12345678900', '00639884962', '639884962', '0063988.4962', ' 12345678900 '])('accepts %j', (renavam) =>
    expect(renavamProblem(renavam)).toBeNull(),
  );
  it.each([
    ['12345678901', 'checkDigit'], // the example: its check digit is 0
    ['00639884963', 'checkDigit'],
    ['639884963', 'checkDigit'],
    ['00000000000', 'checkDigit'], // every digit the same: no registry issues it
    ['1234567890', 'length'],
    ['123456789012', 'length'],
    ['1234567890A', 'alphabet'],
  ] as const)('refuses %j: %s', (renavam, problem) => expect(renavamProblem(renavam)).toBe(problem));

  it('sends the old 9-digit form as 11 digits, separators taken off', () => {
    expect(renavamToSend('639884962')).toBe('00639884962');
    expect(renavamToSend('1234567890-0')).toBe('12345678900');
  });

  it('says under the field what is wrong', async () => {
    expect(documentMessage('renavam', '12345678901')).toBe('RENAVAM inválido: confira o último dígito.');
    expect(documentMessage('renavam', '1234567')).toBe('RENAVAM inválido: são 11 dígitos.');
    expect(documentMessage('renavam', 'ABC')).toBe('RENAVAM inválido: use só números.');
    await expect(documentSchema('renavam', 'Campo obrigatório').validate('')).rejects.toThrow('Campo obrigatório');
    await expect(documentSchema('renavam', 'Campo obrigatório').validate('12345678901')).rejects.toThrow(
      'RENAVAM inválido: confira o último dígito.',
    );
    await expect(documentSchema('renavam', 'Campo obrigatório').validate('12345678900')).resolves.toBe('12345678900');
  });
});

describe("CNH's Nº de registro: 9 digits and DENATRAN's 2 check digits", () => {
  it.each(['00000000119', '000000001-19', '01234567807', '04512345621', '98765432109'])('accepts %j', (cnh) =>
    expect(cnhRegisterProblem(cnh)).toBeNull(),
  );
  it.each([
    ['00000000110', 'checkDigit'],
    ['01234567808', 'checkDigit'],
    ['01234567817', 'checkDigit'], // the first check digit off
    ['01234567890', 'checkDigit'],
    ['11111111111', 'checkDigit'], // its digits check, but every digit the same
    ['0123456780', 'length'],
    ['012345678070', 'length'],
    ['0123456780A', 'alphabet'],
  ] as const)('refuses %j: %s', (cnh, problem) => expect(cnhRegisterProblem(cnh)).toBe(problem));
  it('says which digits to check', () =>
    expect(documentMessage('cnhRegister', '01234567808')).toBe('Nº de registro inválido: confira os dois últimos dígitos.'));
});

describe('plate: the old LLLNNNN and the Mercosul LLLNLNN', () => {
  it.each(['ABC1234', 'ABC1D23', 'abc1d23', 'ABC-1234', 'abc 1d23', ' BRA2E19 '])('accepts %j', (plate) =>
    expect(plateProblem(plate)).toBeNull(),
  );
  it.each([
    ['ABC12D3', 'alphabet'], // not a Mercosul sequence
    ['1BC1234', 'alphabet'],
    ['ABCD123', 'alphabet'],
    ['AB-123', 'length'],
    ['ABC12345', 'length'],
    ['ABC.1234', 'alphabet'],
  ] as const)('refuses %j: %s', (plate, problem) => expect(plateProblem(plate)).toBe(problem));
  it('is sent upper case, letters and digits only', () => expect(plateToSend('abc-1d23')).toBe('ABC1D23'));
});

describe('chassis (VIN): 17 characters, no I, O or Q; no North-American check digit', () => {
  it.each([
    '9BWZZZ377VT004251', // Volkswagen do Brasil: its 9th character is no check digit
    '1HGCM82633A004352', // a North-American VIN whose check digit holds
    '9bwzzz377vt004251',
    '9BWZZZ377 VT004251',
  ])('accepts %j', (vin) => expect(chassisProblem(vin)).toBeNull());
  it.each([
    ['9BWZZZ377VT00425', 'length'],
    ['9BWZZZ377VT0042511', 'length'],
    ['9BWZZZ377VTO04251', 'alphabet'], // an O for a 0
    ['9BWZZZ377VT0I4251', 'alphabet'],
    ['9BWZZZ377VTQ04251', 'alphabet'],
    ['9BWZZZ377-VT00425', 'alphabet'],
  ] as const)('refuses %j: %s', (vin, problem) => expect(chassisProblem(vin)).toBe(problem));
  it('is sent upper case without spaces', () => expect(chassisToSend(' 9bwzzz377 vt004251')).toBe('9BWZZZ377VT004251'));
  it('says I, O and Q are never in a chassis', () =>
    expect(documentMessage('chassis', '9BWZZZ377VTO04251')).toBe(
      'Chassi inválido: use só letras e números; o chassi não tem I, O nem Q (confira se é 1 ou 0).',
    ));
});

describe('RENACH: the state code and 9 more characters', () => {
  it.each(['SP123456789', 'rj123456789', 'MG-123456789', 'PR12345678X'])('accepts %j', (renach) =>
    expect(renachProblem(renach)).toBeNull(),
  );
  it.each([
    ['XX123456789', 'state'],
    ['12345678901', 'state'],
    ['SP12345678', 'length'],
    ['SP1234567890', 'length'],
    ['SP12345678/', 'alphabet'],
  ] as const)('refuses %j: %s', (renach, problem) => expect(renachProblem(renach)).toBe(problem));
});

describe('security number: 11 digits (its algorithm is DENATRAN’s, unpublished)', () => {
  it.each(['12345678901', '98765432109'])('accepts %j', (number) => expect(securityNumberProblem(number)).toBeNull());
  it.each([
    ['1234567890', 'length'],
    ['123456789012', 'length'],
    ['SP123456789', 'alphabet'],
  ] as const)('refuses %j: %s', (number, problem) => expect(securityNumberProblem(number)).toBe(problem));
});

describe('mirror number: 9 or 10 digits', () => {
  it.each(['987654321', '9876543210'])('accepts %j', (number) => expect(mirrorNumberProblem(number)).toBeNull());
  it.each([
    ['98765432', 'length'],
    ['98765432100', 'length'],
    ['98765432A0', 'alphabet'],
  ] as const)('refuses %j: %s', (number, problem) => expect(mirrorNumberProblem(number)).toBe(problem));
});

describe('CRLV number: digits, at most 20', () => {
  it.each(['123456789012', '1'])('accepts %j', (number) => expect(crlvNumberProblem(number)).toBeNull());
  it.each([
    ['1'.repeat(21), 'length'],
    ['12345A', 'alphabet'],
  ] as const)('refuses %j: %s', (number, problem) => expect(crlvNumberProblem(number)).toBe(problem));
});
