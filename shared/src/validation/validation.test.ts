import {
  cepSchema,
  isoDateFromToday,
  cnpjSchema,
  cpfOrCnpjSchema,
  codeSchema,
  cpfSchema,
  emailSchema,
  isCnpj,
  isCpf,
  mobileSchema,
  object,
  passwordSchema,
  ref,
  string,
  VALIDATION_MESSAGES,
} from '.';

const messageOf = async (schema: { validate: (value: unknown) => Promise<unknown> }, value: unknown) =>
  schema.validate(value).then(
    () => undefined,
    (error: Error) => error.message,
  );

describe('CPF', () => {
  it.each(['529.982.247-25', '52998224725'])('accepts %s', (cpf) => expect(isCpf(cpf)).toBe(true));
  it.each(['529.982.247-24', '111.111.111-11', '5299822472', '', 'abc'])('rejects %s with "CPF invalido"', async (cpf) => {
    expect(isCpf(cpf)).toBe(false);
    expect(await messageOf(cpfSchema(), cpf)).toBe('CPF invalido');
  });
});

describe('CNPJ', () => {
  it('accepts a numeric CNPJ, masked or not', () => {
    expect(isCnpj('11.222.333/0001-81')).toBe(true);
    expect(isCnpj('11222333000181')).toBe(true);
  });
  it('accepts an alphanumeric CNPJ (valid from July 2026), any case', () => {
    expect(isCnpj('12.ABC.345/01DE-35')).toBe(true);
    expect(isCnpj('12abc34501de35')).toBe(true);
  });
  it.each(['12.ABC.345/01DE-36', '11.222.333/0001-82', '00.000.000/0000-00', '1122233300018', '12ABC34501DEXX'])(
    'rejects %s with "CNPJ Invalido!"',
    async (cnpj) => {
      expect(await messageOf(cnpjSchema(), cnpj)).toBe('CNPJ Invalido!');
    },
  );
});

describe('CPF or CNPJ (vehicle owner)', () => {
  it('takes either, each with its own message', async () => {
    expect(await messageOf(cpfOrCnpjSchema(), '529.982.247-25')).toBeUndefined();
    expect(await messageOf(cpfOrCnpjSchema(), '12.ABC.345/01DE-35')).toBeUndefined();
    expect(await messageOf(cpfOrCnpjSchema(), '529.982.247-24')).toBe('CPF invalido');
    expect(await messageOf(cpfOrCnpjSchema(), '11.222.333/0001-82')).toBe('CNPJ Invalido!');
  });
});

describe('other rules', () => {
  it('e-mail', async () => {
    expect(await messageOf(emailSchema(), 'motorista@provedor.com.br')).toBeUndefined();
    expect(await messageOf(emailSchema(), 'motorista@provedor')).toBe('Email invalido');
    expect(await messageOf(emailSchema('E-mail invalido'), '')).toBe('E-mail invalido');
  });
  it('password: exactly 8 characters', async () => {
    expect(await messageOf(passwordSchema(), 'abc12345')).toBeUndefined();
    expect(await messageOf(passwordSchema(), 'abc1234')).toBe('Senha deve conter 8 dígitos');
    expect(await messageOf(passwordSchema(), 'abc123456')).toBe('Senha deve conter 8 dígitos');
  });
  it('password confirmation must match', async () => {
    const schema = object({
      novaSenha: passwordSchema(),
      confirmacao: string().oneOf([ref('novaSenha')], VALIDATION_MESSAGES.passwordMismatch),
    });
    expect(await messageOf(schema, { novaSenha: 'abc12345', confirmacao: 'abc12346' })).toBe('Senha e Confirmação de senha não coincidem');
  });
  it('SMS code: 6 digits', async () => {
    expect(await messageOf(codeSchema(), '123456')).toBeUndefined();
    expect(await messageOf(codeSchema(), '12345')).toBe(VALIDATION_MESSAGES.code);
  });
  it('mobile: (00) 0.0000.0000', async () => {
    expect(await messageOf(mobileSchema(), '(11) 9.8765.4321')).toBeUndefined();
    expect(await messageOf(mobileSchema(), '(11) 8765.4321')).toBe(VALIDATION_MESSAGES.mobile);
  });
  it('CEP: 8 digits in either mask', async () => {
    expect(await messageOf(cepSchema(), '01310-100')).toBeUndefined();
    expect(await messageOf(cepSchema(), '01.310-100')).toBeUndefined();
    expect(await messageOf(cepSchema(), '0131-010')).toBe(VALIDATION_MESSAGES.cep);
  });
});

describe("dates counted from Brazil's today", () => {
  it("counts from the calendar day in São Paulo, not UTC's (at 22:00 there UTC is already tomorrow)", () => {
    const lateEvening = new Date('2026-11-24T22:30:00-03:00');
    expect(isoDateFromToday(0, lateEvening)).toBe('2026-11-24');
    expect(isoDateFromToday(-18, lateEvening)).toBe('2008-11-24');
    expect(isoDateFromToday(10, new Date('2028-02-29T12:00:00-03:00'))).toBe('2038-03-01');
  });
});
