import { account as api } from '../src/contracts';
import { DEMO_DRIVER, DEMO_DRIVER_ID, DEMO_VEHICLE, DEMO_TOKEN, ONBOARDING_DRIVER, SMS_CODE } from '../src/constants';
import type { SandboxState } from '../src/state';
import { call, fetchJson, startSandboxForFile, withToken } from './helpers';

const sandbox = startSandboxForFile();
const guid = DEMO_DRIVER_ID;
const json = (body: unknown) => ({ headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

async function state(): Promise<SandboxState> {
  return (await fetchJson<SandboxState>(`${sandbox.baseUrl}/__sandbox/state`)).body;
}

describe('account: what my account reads', () => {
  it('gives the demo driver an address, an active taxi with its vehicle, and a profile photo the sandbox serves', async () => {
    const location = await call(sandbox, api.register.location, { params: { guid } });
    expect(location.body.response).toMatchObject({ address: 'Avenida Paulista', number: '1000', city: 'São Paulo', state: 'SP' });

    const modalities = await call(sandbox, api.register.modalities, { params: { guid } });
    expect(modalities.body.modalities).toEqual([
      { response: expect.objectContaining({ modalityType: 0, active: true, vehicle: expect.objectContaining({ id: DEMO_VEHICLE.id }) }) },
    ]);

    const documents = await call(sandbox, api.register.documents, { params: { guid } });
    const selfie = documents.body.documents.find(({ response }) => response.documentType === 2)?.response.fileUrl ?? '';
    const image = await fetch(selfie);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toContain('image/svg+xml');
  });

  it('a known driver with nothing on record has no address and no modality; an unknown one is a 404', async () => {
    const location = await call(sandbox, api.register.location, { params: { guid: ONBOARDING_DRIVER.id } });
    expect(location).toMatchObject({ status: 200, body: { response: null } });
    const modalities = await call(sandbox, api.register.modalities, { params: { guid: ONBOARDING_DRIVER.id } });
    expect(modalities.body).toEqual({ modalities: [] });
    const unknown = await call(sandbox, api.register.location, { params: { guid: 'nao-existe' } });
    expect(unknown).toMatchObject({ status: 404, body: { validations: [{ message: 'Motorista não encontrado.' }] } });
  });
});

describe('account: e-mail and mobile change by SMS code', () => {
  it('a changed e-mail is what the driver call answers next', async () => {
    const sent = await call(sandbox, api.register.sendEmailCode, { params: { guid, email: 'Nova.Maria@Example.com' } });
    expect(sent.status).toBe(200);
    const changed = await call(sandbox, api.register.changeEmail, {
      params: { guid },
      ...json({ newEmailAddress: 'nova.maria@example.com', validationCode: SMS_CODE }),
    });
    expect(changed.status).toBe(200);
    const driver = await call(sandbox, api.register.driver, { params: { guid } });
    expect(driver.body.response.email).toBe('nova.maria@example.com');
  });

  it('refuses a wrong code, an e-mail no code was sent for, and a malformed e-mail', async () => {
    const malformed = await call(sandbox, api.register.sendEmailCode, { params: { guid, email: 'maria@' } });
    expect(malformed).toMatchObject({ status: 400, body: { validations: [{ field: 'email', message: 'E-mail inválido.' }] } });
    await call(sandbox, api.register.sendEmailCode, { params: { guid, email: 'nova@example.com' } });
    const wrongCode = await call(sandbox, api.register.changeEmail, {
      params: { guid },
      ...json({ newEmailAddress: 'nova@example.com', validationCode: '000000' }),
    });
    expect(wrongCode).toMatchObject({ status: 400, body: { validations: [{ field: 'validationCode', message: 'Código inválido.' }] } });
    const otherEmail = await call(sandbox, api.register.changeEmail, {
      params: { guid },
      ...json({ newEmailAddress: 'outra@example.com', validationCode: SMS_CODE }),
    });
    expect(otherEmail.status).toBe(400);
    expect((await call(sandbox, api.register.driver, { params: { guid } })).body.response.email).toBe(DEMO_DRIVER.email);
  });

  it('a changed mobile (sent with or without its mask) is read back as digits', async () => {
    await call(sandbox, api.register.sendMobileCode, { params: { guid, mobile: '21999998888' } });
    const changed = await call(sandbox, api.register.changeMobile, {
      params: { guid },
      ...json({ newMobilePhoneNumber: '(21) 9.9999.8888', verificationCode: SMS_CODE }),
    });
    expect(changed.status).toBe(200);
    expect((await call(sandbox, api.register.driver, { params: { guid } })).body.response.mobile).toBe('21999998888');
    const badMobile = await call(sandbox, api.register.sendMobileCode, { params: { guid, mobile: '1133334444' } });
    expect(badMobile.status).toBe(400);
  });

  it("takes the mobiles the portal's forms take (ANATEL's area codes, Resolução 749/2022's 7, 8 and 9) and no other", async () => {
    for (const mobile of ['11987654321', '11887654321', '68912345678']) {
      expect((await call(sandbox, api.register.sendMobileCode, { params: { guid, mobile } })).status).toBe(200);
    }
    // Area code 20 was never allocated; 6 is a technical reserve; the 700 series is satellite.
    for (const mobile of ['20987654321', '11687654321', '11700123456']) {
      expect((await call(sandbox, api.register.sendMobileCode, { params: { guid, mobile } })).status).toBe(400);
    }
  });

  it('the body must be what the declaration says (a missing code is a 400)', async () => {
    const answer = await call(sandbox, api.register.changeEmail, { params: { guid }, ...json({ newEmailAddress: 'a@b.com' }) });
    expect(answer.status).toBe(400);
  });
});

describe('account: password by SMS code, and the forgot-password lookup', () => {
  it('sends the code only to the mobile on record, then sets a password of 8', async () => {
    const other = await call(sandbox, api.register.sendPasswordCode, { params: { guid, mobile: '11900001111' } });
    expect(other).toMatchObject({ status: 400, body: { validations: [{ message: 'O celular informado não é o do cadastro.' }] } });
    await call(sandbox, api.register.sendPasswordCode, { params: { guid, mobile: DEMO_DRIVER.mobile } });
    const short = await call(sandbox, api.register.changePassword, {
      params: { guid },
      ...json({ newPassword: 'abc', verificationCode: SMS_CODE }),
    });
    expect(short.status).toBe(400);
    const changed = await call(sandbox, api.register.changePassword, {
      params: { guid },
      ...json({ newPassword: 'nova1234', verificationCode: SMS_CODE }),
    });
    expect(changed.status).toBe(200);
    expect((await state()).account.drivers[guid]?.password).toBe('nova1234');
  });

  it('finds the driver of a mobile with the CPF on record; an unknown mobile has no id (legacy reminder)', async () => {
    const known = await call(sandbox, api.register.forgotPassword, { params: { mobile: DEMO_DRIVER.mobile, cpf: '11144477735' } });
    expect(known.body).toEqual({ id: DEMO_DRIVER_ID, driver: { cpf: DEMO_DRIVER.cpf } });
    const legacy = await call(sandbox, api.register.forgotPassword, { params: { mobile: '11900001111', cpf: DEMO_DRIVER.cpf } });
    expect(legacy.body).toEqual({ id: null, driver: null });
    const malformed = await call(sandbox, api.register.forgotPassword, { params: { mobile: '119', cpf: DEMO_DRIVER.cpf } });
    expect(malformed).toMatchObject({ status: 400, body: { validations: [{ message: 'Informe um celular e um CPF válidos.' }] } });
  });

  it('the legacy reminder is the core call the self-service remote uses too (token required)', async () => {
    const answer = await call(sandbox, api.core.resendPassword, { query: { cpf: DEMO_DRIVER.cpf }, headers: withToken(DEMO_TOKEN) });
    expect(answer.status).toBe(200);
  });
});

describe('account: bank data', () => {
  const account = {
    accountType: 'CP',
    bankNumber: '341',
    agencyNumber: '0123',
    agencyNumberDigit: '',
    accountNumber: '9999999999',
    accountNumberDigit: '0',
  };

  it('lists banks, starts with no account, and reads a saved account back', async () => {
    const banks = await call(sandbox, api.register.banks);
    expect(banks.body).toContainEqual({ BankNumber: '341', Description: 'Itaú Unibanco' });
    expect((await call(sandbox, api.register.bankAccount, { params: { guid } })).body).toEqual({ bankAccount: null });
    const saved = await call(sandbox, api.register.saveBankAccount, { params: { guid }, ...json(account) });
    expect(saved.status).toBe(200);
    expect((await call(sandbox, api.register.bankAccount, { params: { guid } })).body).toEqual({ bankAccount: account });
  });

  it.each([
    ['an unknown bank', { bankNumber: '999' }, 'bankNumber'],
    ['letters in the account', { accountNumber: '12a4' }, 'accountNumber'],
    ['an account above 9999999999', { accountNumber: '10000000000' }, 'accountNumber'],
    ['an empty account digit', { accountNumberDigit: '' }, 'accountNumberDigit'],
  ])('refuses %s', async (_case, change, field) => {
    const answer = await call(sandbox, api.register.saveBankAccount, { params: { guid }, ...json({ ...account, ...change }) });
    expect(answer).toMatchObject({ status: 400, body: { validations: [{ field }] } });
  });

  it('refuses an account type other than CC or CP (the declared body)', async () => {
    const answer = await call(sandbox, api.register.saveBankAccount, { params: { guid }, ...json({ ...account, accountType: 'XX' }) });
    expect(answer.status).toBe(400);
  });
});

describe('account: modality and delivery', () => {
  it('delivery enrolment adds modality 2 once; a new modality goes back to analysis with the same vehicle', async () => {
    expect((await call(sandbox, api.register.setModality, { params: { guid, modalityType: 2 } })).status).toBe(200);
    await call(sandbox, api.register.setModality, { params: { guid, modalityType: 2 } });
    await call(sandbox, api.register.setModality, { params: { guid, modalityType: 1 } });
    const { body } = await call(sandbox, api.register.modalities, { params: { guid } });
    expect(body.modalities.map(({ response }) => [response.modalityType, response.active, response.vehicle?.id ?? null])).toEqual([
      [1, false, DEMO_VEHICLE.id],
      [2, false, null],
    ]);
    expect((await call(sandbox, api.register.setModality, { params: { guid, modalityType: 3 } })).status).toBe(400);
  });
});

describe('account: vehicle and language attributes', () => {
  const vehicle = { guid, modalityId: 0, vehicleId: DEMO_VEHICLE.id };

  it('gives all five vehicle attributes and keeps one saved ("Yes"/"No"), merged by key', async () => {
    const before = await call(sandbox, api.register.vehiclePredicates, { params: vehicle });
    expect(before.body.predicates).toHaveLength(5);
    expect(before.body.predicates).toContainEqual({ key: 'BICICLE_SUPPORT', value: 'Yes' });
    const saved = await call(sandbox, api.register.saveVehiclePredicates, {
      params: vehicle,
      ...json({ predicates: [{ key: 'ACRYLIC_PROTECTION', value: 'Yes' }] }),
    });
    expect(saved.status).toBe(200);
    const after = await call(sandbox, api.register.vehiclePredicates, { params: vehicle });
    expect(after.body.predicates).toContainEqual({ key: 'ACRYLIC_PROTECTION', value: 'Yes' });
    expect(after.body.predicates).toContainEqual({ key: 'BICICLE_SUPPORT', value: 'Yes' });
    const lowerCase = await call(sandbox, api.register.saveVehiclePredicates, {
      params: vehicle,
      ...json({ predicates: [{ key: 'ACRYLIC_PROTECTION', value: 'yes' }] }),
    });
    expect(lowerCase.status).toBe(400);
    const otherVehicle = await call(sandbox, api.register.vehiclePredicates, { params: { ...vehicle, vehicleId: 'outro' } });
    expect(otherVehicle.status).toBe(404);
  });

  it('gives all six languages and keeps one saved ("yes"/"no" in lower case)', async () => {
    const saved = await call(sandbox, api.register.saveDriverPredicates, {
      params: { guid },
      ...json({ predicates: [{ key: 'SPEAK_IN_LIBRAS', value: 'yes' }] }),
    });
    expect(saved.status).toBe(200);
    const after = await call(sandbox, api.register.driverPredicates, { params: { guid } });
    expect(after.body.predicates).toHaveLength(6);
    expect(after.body.predicates).toContainEqual({ key: 'SPEAK_IN_LIBRAS', value: 'yes' });
    expect(after.body.predicates).toContainEqual({ key: 'SPEAK_IN_ENGLISH', value: 'yes' });
    const capitalised = await call(sandbox, api.register.saveDriverPredicates, {
      params: { guid },
      ...json({ predicates: [{ key: 'SPEAK_IN_LIBRAS', value: 'Yes' }] }),
    });
    expect(capitalised.status).toBe(400);
  });
});

describe('policy updates (eula service)', () => {
  it('accepting every pending policy empties the list', async () => {
    const pending = await call(sandbox, api.eula.pendingPolicies, { headers: withToken('qualquer-token') });
    const ids = pending.body.map((item) => item.Id);
    expect(ids.length).toBeGreaterThan(0);
    const accepted = await call(sandbox, api.eula.acceptPolicies, {
      headers: { ...withToken('qualquer-token'), 'Content-Type': 'application/json' },
      body: JSON.stringify({ politicas: ids }),
    });
    expect(accepted.status).toBe(200);
    expect((await call(sandbox, api.eula.pendingPolicies, { headers: withToken('qualquer-token') })).body).toEqual([]);
    expect((await state()).account.acceptedPolicies).toEqual(ids);
  });

  it('refuses an id that is not pending, and a call without a token', async () => {
    const unknown = await call(sandbox, api.eula.acceptPolicies, {
      headers: { ...withToken('qualquer-token'), 'Content-Type': 'application/json' },
      body: JSON.stringify({ politicas: [999] }),
    });
    expect(unknown).toMatchObject({ status: 400, body: { Message: expect.stringContaining('999') } });
    const anonymous = await call(sandbox, api.eula.acceptPolicies, json({ politicas: [11] }));
    expect(anonymous.status).toBe(401);
  });
});

describe('statement service: invoices and income statement (through the proxy that adds the credential)', () => {
  // The driver's token travels as the browser's client sends it; the proxy adds the service's credential.
  const headers = { ...withToken(DEMO_TOKEN), 'Content-Type': 'application/json' };
  const currentYear = Number(new Intl.DateTimeFormat('en', { timeZone: 'America/Sao_Paulo', year: 'numeric' }).format(new Date()));

  it('lists the demo driver invoices of a period, and none for another CPF', async () => {
    const query = { cpf: DEMO_DRIVER.cpf, BirthDate: '1985-04-12', startDate: '2000-01-01', endDate: '2100-12-31' };
    const mine = await call(sandbox, api.statement.invoices, { query, headers });
    expect(mine.status).toBe(200);
    expect(mine.body.data.length).toBeGreaterThan(0);
    const other = await call(sandbox, api.statement.invoices, { query: { ...query, cpf: '11144477735' }, headers });
    expect(other.body).toEqual({ data: [] });
  });

  it('records an income statement request of the last five years, and refuses an older year with its error field', async () => {
    const body = { cpf: DEMO_DRIVER.cpf, BirthDate: '1985-04-12', email: 'maria@example.com', year: currentYear - 1 };
    const sent = await call(sandbox, api.statement.incomeStatement, { headers, body: JSON.stringify(body) });
    expect(sent.status).toBe(200);
    expect((await state()).account.incomeStatements).toEqual([expect.objectContaining(body)]);

    const old = await call(sandbox, api.statement.incomeStatement, { headers, body: JSON.stringify({ ...body, year: currentYear - 6 }) });
    expect(old).toMatchObject({ status: 400, body: { error: 'Ano indisponível para o informe de rendimentos.' } });
    const badCpf = await call(sandbox, api.statement.incomeStatement, { headers, body: JSON.stringify({ ...body, cpf: '123' }) });
    expect(badCpf).toMatchObject({ status: 400, body: { error: 'CPF invalido' } });
  });

  it('any account call can be made to fail (failWith), in its service error shape', async () => {
    const answer = await call(sandbox, api.register.saveDriverPredicates, {
      params: { guid },
      query: { failWith: '500' },
      ...json({ predicates: [] }),
    });
    expect(answer).toMatchObject({ status: 500, body: { validations: [{ message: expect.any(String) }] } });
  });
});
