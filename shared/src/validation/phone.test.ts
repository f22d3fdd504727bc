import { mobileSchema, VALIDATION_MESSAGES } from '.';
import { getAreaCodeInfo, isValidMobilePhone } from '@brazilian-utils/brazilian-utils';
import { isAreaCode, mobileProblem, nationalMobileDigits } from './phone';

const messageOf = (value: string) =>
  mobileSchema()
    .validate(value)
    .then(
      () => undefined,
      (error: Error) => error.message,
    );

describe('a mobile as ANATEL numbers it', () => {
  it.each([
    '(11) 9.8765.4321',
    '11987654321',
    '+55 (11) 9 8765-4321',
    '0055 11 98765 4321',
    // DDD 55 (Santa Maria, RS): its own 55 is not taken for the country code.
    '(55) 9.9123.4567',
    '(61) 9.8123.4567',
    '(99) 9.8123.4567',
    // Resolução 749/2022, art. 12, I, "a": 7 and 8 are mobile numbers too.
    '(21) 8.8123.4567',
  ])('%s is a mobile', async (value) => {
    expect(mobileProblem(value)).toBeUndefined();
    expect(await messageOf(value)).toBeUndefined();
  });

  it.each([
    ['20', '(20) 9.8765.4321'],
    ['10', '(10) 9.8765.4321'],
    ['23', '(23) 9.8765.4321'],
    ['52', '(52) 9.8765.4321'],
    ['90', '+55 (90) 9 8765-4321'],
  ])('DDD %s is not in use: the message says which', async (ddd, value) => {
    expect(mobileProblem(value)).toEqual({ areaCode: ddd });
    expect(await messageOf(value)).toBe(`O DDD ${ddd} não existe: confira os dois primeiros números do celular.`);
  });

  it.each([
    ['ten digits (a landline, or a digit missing)', '(11) 8765.4321'],
    ['a landline number with a ninth digit 3', '(11) 3.8765.4321'],
    ['the 700 satellite series', '(11) 7.0012.3456'],
    ['6, ANATEL’s technical reserve', '(11) 6.1234.5678'],
    ['twelve digits', '119876543210'],
    ['nothing typed', ''],
  ])('%s: "Celular invalido"', async (_case, value) => {
    expect(await messageOf(value)).toBe(VALIDATION_MESSAGES.mobile);
  });

  it('drops a country code only when 11 digits follow it', () => {
    expect(nationalMobileDigits('+55 (11) 9 8765-4321')).toBe('11987654321');
    expect(nationalMobileDigits('55987654321')).toBe('55987654321');
    expect(nationalMobileDigits('5511987654321')).toBe('11987654321');
  });
});

describe('the area codes', () => {
  it("are ANATEL's 67 in use, as @brazilian-utils' getAreaCodeInfo knows them, for every code 00 to 99", () => {
    const codes = Array.from({ length: 100 }, (_, n) => String(n).padStart(2, '0'));
    expect(codes.filter(isAreaCode)).toEqual(codes.filter((code) => getAreaCodeInfo(code) !== null));
    expect(codes.filter(isAreaCode)).toHaveLength(67);
  });
});

describe('the mobile numbers', () => {
  it("are @brazilian-utils' isValidMobilePhone (version 2) for every area code, first digit and the 700 series", () => {
    const codes = Array.from({ length: 100 }, (_, n) => String(n).padStart(2, '0'));
    const numbers = ['987654321', '887654321', '787654321', '687654321', '587654321', '087654321', '700123456', '701234567', '799999999'];
    for (const code of codes) {
      for (const number of numbers) {
        const mobile = `${code}${number}`;
        expect([mobile, mobileProblem(mobile) === undefined]).toEqual([mobile, isValidMobilePhone(mobile, { version: 2 })]);
      }
    }
  });
});
