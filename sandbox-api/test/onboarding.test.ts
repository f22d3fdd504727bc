import { onboarding, selfService } from '../src/contracts';
import { DEMO_DRIVER, ONBOARDING_STATES, SMS_CODE } from '../src/constants';
import { call, startSandboxForFile, type SandboxHandle } from './helpers';

const sandbox = startSandboxForFile();
const api = onboarding.register;
const MOBILE = '21987650000';

const json = (body: unknown) => ({ headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

const registration = (overrides: Record<string, unknown> = {}) => ({
  mobile: MOBILE,
  name: 'Ana Souza',
  email: 'ana.souza@example.com',
  cpf: '39053344705',
  password: 'abcd1234',
  gender: 'F',
  policies: [1, 2, 3],
  deviceInfo: { userAgent: 'jest', language: 'pt-BR', screen: '412x823' },
  ...overrides,
});

async function confirmMobile(handle: SandboxHandle, mobile = MOBILE) {
  expect((await call(handle, api.requestCode, { params: { phone: mobile } })).status).toBe(200);
  const confirmed = await call(handle, api.confirmCode, { params: { phone: mobile, code: SMS_CODE } });
  expect(confirmed).toMatchObject({ status: 200, body: { mobile, verified: true } });
}

async function states(guid: string) {
  const { body } = await call(sandbox, api.driverStates, { params: { guid } });
  return body.states.map((state) => state.response.driverStateType);
}

describe('onboarding calls of the register service', () => {
  it('sends the SMS code and confirms only the fixed code, for a mobile it was sent to', async () => {
    const early = await call(sandbox, api.confirmCode, { params: { phone: MOBILE, code: SMS_CODE } });
    expect(early).toMatchObject({
      status: 400,
      body: { validations: [{ field: 'code', message: 'Peça um código para este celular antes de confirmar.' }] },
    });
    expect((await call(sandbox, api.requestCode, { params: { phone: MOBILE } })).status).toBe(200);
    const wrong = await call(sandbox, api.confirmCode, { params: { phone: MOBILE, code: '000000' } });
    expect(wrong).toMatchObject({ status: 400, body: { validations: [{ field: 'code', message: 'Código inválido.' }] } });
    const right = await call(sandbox, api.confirmCode, { params: { phone: MOBILE, code: SMS_CODE } });
    expect(right).toMatchObject({ status: 200, body: { mobile: MOBILE, verified: true } });
    const badMobile = await call(sandbox, api.requestCode, { params: { phone: '123' } });
    expect(badMobile).toMatchObject({ status: 400, body: { validations: [{ field: 'mobile', message: 'Celular inválido.' }] } });
  });

  it('creates a driver only for a confirmed mobile; the driver is then found by mobile with its first states', async () => {
    const unconfirmed = await call(sandbox, api.createDriver, json(registration()));
    expect(unconfirmed.status).toBe(400);
    expect(unconfirmed.body).toEqual({ validations: [{ field: 'mobile', message: 'Confirme o celular antes de criar a conta.' }] });

    await confirmMobile(sandbox);
    const created = await call(sandbox, api.createDriver, json(registration()));
    expect(created.status).toBe(200);
    const { driverId } = created.body;
    const found = await call(sandbox, api.driverByMobile, { params: { phone: MOBILE } });
    expect(found.body.response).toEqual({
      id: driverId,
      name: 'Ana Souza',
      email: 'ana.souza@example.com',
      mobile: MOBILE,
      cpf: '39053344705',
    });
    expect(await states(driverId)).toEqual([ONBOARDING_STATES.accountCreated, ONBOARDING_STATES.mobileConfirmed]);
    // Its inbox exists, empty: the last tap of the signup ("Continuar" on next steps) opens it.
    const inbox = await call(sandbox, selfService.communication.categories, { params: { driverId } });
    expect(inbox).toMatchObject({ status: 200, body: [] });
  });

  it('answers 400 with every broken rule, each naming its field', async () => {
    await confirmMobile(sandbox);
    const refused = await call(
      sandbox,
      api.createDriver,
      json(registration({ name: ' ', cpf: DEMO_DRIVER.cpf, email: DEMO_DRIVER.email, password: 'curta', policies: [1] })),
    );
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      validations: [
        { field: 'name', message: 'Informe o nome.' },
        { field: 'cpf', message: 'CPF já cadastrado.' },
        { field: 'email', message: 'E-mail já cadastrado.' },
        { field: 'password', message: 'Senha deve conter 8 dígitos' },
        { field: 'policies', message: 'Aceite todos os termos para continuar.' },
      ],
    });
    const invalidCpf = await call(sandbox, api.createDriver, json(registration({ cpf: '11111111111', email: 'x@' })));
    expect(invalidCpf.body).toEqual({
      validations: [
        { field: 'cpf', message: 'CPF invalido' },
        { field: 'email', message: 'Email invalido' },
      ],
    });
    const badGender = await call(sandbox, api.createDriver, json(registration({ gender: 'X' })));
    expect(badGender.status).toBe(400);
  });

  it('moves the created driver through modality, predicates and address, each read back with its state', async () => {
    await confirmMobile(sandbox);
    const { driverId: guid } = (await call(sandbox, api.createDriver, json(registration()))).body;

    const early = await call(sandbox, api.savePredicates, {
      params: { guid, modalityType: 0 },
      ...json({
        predicates: [
          { key: 'CONTRIBUINTE_INSS', value: 'Sim' },
          { key: 'CURSO_CONDUTOR', value: 'Não' },
        ],
      }),
    });
    expect(early).toMatchObject({ status: 400, body: { validations: [{ field: 'modalityType' }] } });

    expect((await call(sandbox, api.modalities, { params: { guid } })).body).toEqual({ modalities: [] });
    expect((await call(sandbox, api.setModality, { params: { guid, modalityType: 0 } })).status).toBe(200);
    expect((await call(sandbox, api.modalities, { params: { guid } })).body.modalities).toEqual([
      { response: expect.objectContaining({ modalityType: 0 }) },
    ]);

    expect((await call(sandbox, api.predicates, { params: { guid, modalityType: 0 } })).body).toEqual({ predicates: [] });
    const half = await call(sandbox, api.savePredicates, {
      params: { guid, modalityType: 0 },
      ...json({ predicates: [{ key: 'CONTRIBUINTE_INSS', value: 'Talvez' }] }),
    });
    expect(half).toMatchObject({
      status: 400,
      body: { validations: [{ field: 'predicates', message: 'Responda Sim ou Não às duas perguntas.' }] },
    });
    const answers = [
      { key: 'CURSO_CONDUTOR', value: 'Não' },
      { key: 'CONTRIBUINTE_INSS', value: 'Sim' },
    ];
    expect((await call(sandbox, api.savePredicates, { params: { guid, modalityType: 0 }, ...json({ predicates: answers }) })).status).toBe(
      200,
    );
    expect((await call(sandbox, api.predicates, { params: { guid, modalityType: 0 } })).body).toEqual({
      predicates: [
        { key: 'CONTRIBUINTE_INSS', value: 'Sim' },
        { key: 'CURSO_CONDUTOR', value: 'Não' },
      ],
    });

    const address = {
      zipCode: '01310-100',
      address: 'Avenida Paulista',
      number: '1000',
      complement: '',
      district: 'Bela Vista',
      state: 'SP',
      city: 'São Paulo',
    };
    const missing = await call(sandbox, api.saveLocation, { params: { guid }, ...json({ ...address, address: '', number: '1234567' }) });
    expect(missing.body).toEqual({
      validations: [
        { field: 'address', message: 'Endereço é obrigatório.' },
        { field: 'number', message: 'Número deve ter no máximo 6 caracteres.' },
      ],
    });
    expect((await call(sandbox, api.saveLocation, { params: { guid }, ...json(address) })).status).toBe(200);
    expect((await call(sandbox, api.location, { params: { guid } })).body.response).toEqual({ ...address, complement: null });

    expect(await states(guid)).toEqual([
      ONBOARDING_STATES.accountCreated,
      ONBOARDING_STATES.mobileConfirmed,
      ONBOARDING_STATES.modalityChosen,
      ONBOARDING_STATES.predicatesAnswered,
      ONBOARDING_STATES.addressGiven,
    ]);
  });

  it('answers 404 with validations for an unknown driver', async () => {
    const guid = '00000000-0000-0000-0000-000000000000';
    expect((await call(sandbox, api.predicates, { params: { guid, modalityType: 0 } })).status).toBe(404);
  });

  it('fails any call on demand (?failWith=) in the register error shape', async () => {
    const failed = await call(sandbox, api.createDriver, { query: { failWith: '500' }, ...json(registration()) });
    expect(failed.status).toBe(500);
    expect(failed.body).toEqual({ validations: [{ message: expect.stringContaining('500') }] });
  });
});
