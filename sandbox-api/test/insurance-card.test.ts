import { CARD_REQUESTED_DRIVER_ID, DEMO_DRIVER, DEMO_DRIVER_ID, INSURANCE_DRIVERS, NAMESPACE_HEADER } from '../src/constants';
import { insurance } from '../src/contracts';
import type { InsurancePolicy, InsuranceRequest } from '../src/contracts';
import type { SandboxState } from '../src/state';
import { call, fetchJson, startSandboxForFile } from './helpers';

const sandbox = startSandboxForFile();
const api = insurance;
const DAY_MS = 86_400_000;

const REQUEST: InsuranceRequest = {
  DriverId: DEMO_DRIVER_ID,
  DeviceId: 'device-1',
  Insured: { MaritalStatus: 'Casado', DocumentIssueDate: '2010-05-10', IsVehicleOwner: true, RG: '123456789', UfRG: 'SP' },
  Financial: { Bank: '341', AgencyNumber: '1234', AgencyNumberDigit: '', AccountNumber: '56789', AccountNumberDigit: '0' },
  Vehicle: { Plate: 'BRA2E19', Chassi: '9BWZZZ377VT004251', Fuel: 'Flex', UfLicencePlate: 'SP', Dispatching: 'DETRAN-SP' },
  VehicleOwner: { Name: DEMO_DRIVER.name, CPF: DEMO_DRIVER.cpf },
  AdditionalDrivers: [{ Name: 'Ana Souza', BirthDate: '1985-02-01', CPF: '11144477735' }],
};

const json = (body: unknown) => ({ headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
const policyOf = async (driverId: string) => (await call(sandbox, api.insurance.activePolicy, { params: { driverId } })).body;
const contract = (body: unknown) => call(sandbox, api.insurance.contract, json(body));
const hook = (path: string, headers: Record<string, string> = {}) =>
  fetchJson<Record<string, unknown>>(`${sandbox.baseUrl}/__sandbox/${path}`, { method: 'POST', headers });
const state = async () => (await fetchJson<SandboxState>(`${sandbox.baseUrl}/__sandbox/state`)).body;

describe('insurance contract', () => {
  it('a contract makes the active policy, first without a number; the sandbox hook gives it its number', async () => {
    expect((await policyOf(DEMO_DRIVER_ID)).active).toBe(false);
    const answer = await contract(REQUEST);
    expect(answer).toMatchObject({ status: 200, body: { requestId: expect.any(String) } });

    const policy = await policyOf(DEMO_DRIVER_ID);
    expect(policy).toMatchObject({
      active: true,
      policyNumber: null,
      bestPaymentDay: 10,
      requestId: (answer.body as { requestId: string }).requestId,
    });
    expect(new Date(policy.expirationDate ?? '').getTime() - Date.now()).toBeGreaterThan(360 * DAY_MS);
    expect((await state()).insurance.requests.map(({ body }) => body)).toEqual([REQUEST]);

    const issued = await hook(`insurance/${DEMO_DRIVER_ID}/issue-policy`);
    expect(issued).toMatchObject({ status: 200, body: { policyNumber: expect.stringMatching(/^1180-\d{4}-\w{4}$/) } });
    expect((await policyOf(DEMO_DRIVER_ID)).policyNumber).toBe(issued.body.policyNumber);
  });

  it('answers 400 with every validation message, the RG one first, and keeps no policy', async () => {
    const answer = await contract({
      ...REQUEST,
      Insured: { ...REQUEST.Insured, RG: '', UfRG: '' },
      AdditionalDrivers: [REQUEST.AdditionalDrivers[0], REQUEST.AdditionalDrivers[0]],
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      validations: [
        { field: 'Insured.RG', message: 'Informe o RG do segurado.' },
        { field: 'Insured.UfRG', message: 'Informe o estado emissor do RG.' },
        { field: 'AdditionalDrivers', message: 'cpf repetido' },
      ],
    });
    expect((await policyOf(DEMO_DRIVER_ID)).active).toBe(false);
  });

  it("refuses (403) a contract naming another driver than the one the portal's proxy vouches for; nothing is contracted", async () => {
    const vouched = (driverId: string) => ({ headers: { 'Content-Type': 'application/json', 'X-Portal-Signed-In-Driver': driverId } });
    const forged = await call(sandbox, api.insurance.contract, { ...vouched(INSURANCE_DRIVERS.expired), body: JSON.stringify(REQUEST) });
    expect(forged).toMatchObject({ status: 403, body: { validations: [{ message: 'Este contrato não é do motorista desta sessão.' }] } });
    expect((await policyOf(DEMO_DRIVER_ID)).active).toBe(false);
    const own = await call(sandbox, api.insurance.contract, { ...vouched(DEMO_DRIVER_ID.toUpperCase()), body: JSON.stringify(REQUEST) });
    expect(own.status).toBe(200);
    expect((await policyOf(DEMO_DRIVER_ID)).active).toBe(true);
  });

  it('refuses a body that is not the declared insurance request, and a second contract of an insured driver', async () => {
    const { Vehicle: _vehicle, ...withoutVehicle } = REQUEST;
    const malformed = await contract(withoutVehicle);
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ validations: [{ message: expect.stringContaining('Vehicle') }] });

    expect((await contract(REQUEST)).status).toBe(200);
    const again = await contract(REQUEST);
    expect(again).toMatchObject({ status: 400, body: { validations: [{ message: 'Já existe um seguro ativo para este motorista.' }] } });
  });

  it('the number hook answers 404 for a driver without an active policy', async () => {
    expect((await hook(`insurance/${DEMO_DRIVER_ID}/issue-policy`)).status).toBe(404);
  });
});

describe('renew and cancel change the policy', () => {
  it('renewing an expired policy makes it valid for a year from today', async () => {
    const expired = await policyOf(INSURANCE_DRIVERS.expired);
    await call(sandbox, api.insurance.renew, { params: { requestId: expired.requestId ?? '' } });
    const renewed = await policyOf(INSURANCE_DRIVERS.expired);
    const daysLeft = (new Date(renewed.expirationDate ?? '').getTime() - Date.now()) / DAY_MS;
    expect(daysLeft).toBeGreaterThan(364);
    expect(daysLeft).toBeLessThan(366);
  });

  it('renewing a valid policy adds a year to its expiration', async () => {
    const active = await policyOf(INSURANCE_DRIVERS.active);
    await call(sandbox, api.insurance.renew, { params: { requestId: active.requestId ?? '' } });
    const renewed: InsurancePolicy = await policyOf(INSURANCE_DRIVERS.active);
    expect(new Date(renewed.expirationDate ?? '').getTime() - new Date(active.expirationDate ?? '').getTime()).toBe(365 * DAY_MS);
  });

  it('cancelling ends the policy: the home shows the offer, and a new contract is possible', async () => {
    const active = await policyOf(INSURANCE_DRIVERS.active);
    expect((await call(sandbox, api.insurance.cancel, { params: { requestId: active.requestId ?? '' } })).status).toBe(200);
    expect((await policyOf(INSURANCE_DRIVERS.active)).active).toBe(false);
    expect((await contract({ ...REQUEST, DriverId: INSURANCE_DRIVERS.active })).status).toBe(200);
  });
});

describe('card service (calls ours, no token)', () => {
  const ADDRESS = {
    cep: '01310100',
    address: 'Avenida Paulista',
    number: '1578',
    complement: '',
    neighborhood: 'Bela Vista',
    state: 'SP',
    city: 'São Paulo',
  };
  const status = async (driverId: string) => (await call(sandbox, api.card.status, { params: { driverId } })).body;
  const request = (driverId: string, body: unknown) => call(sandbox, api.card.request, { params: { driverId }, ...json(body) });

  it('a driver who never asked has no card; the seeded one is being made', async () => {
    expect(await status(DEMO_DRIVER_ID)).toEqual({ stage: null, requestedAt: null, address: null });
    expect(await status(CARD_REQUESTED_DRIVER_ID)).toMatchObject({ stage: 'MANUFACTURING', address: { cep: '01310100' } });
  });

  it('a request is REQUESTED, then moves through the four stages only through the sandbox hook', async () => {
    const answer = await request(DEMO_DRIVER_ID, { termsAccepted: true, address: ADDRESS });
    expect(answer).toMatchObject({ status: 200, body: { stage: 'REQUESTED', address: ADDRESS, requestedAt: expect.any(String) } });
    expect((await status(DEMO_DRIVER_ID)).stage).toBe('REQUESTED');
    const stages = [];
    for (let step = 0; step < 4; step += 1) stages.push((await hook(`card/${DEMO_DRIVER_ID}/advance`)).body.stage);
    expect(stages).toEqual(['MANUFACTURING', 'DELIVERY', 'UNLOCK', 'UNLOCK']);
    expect((await status(DEMO_DRIVER_ID)).stage).toBe('UNLOCK');
  });

  it('refuses a second request, a missing field, terms not accepted; the hook answers 404 without a request', async () => {
    expect((await hook(`card/${DEMO_DRIVER_ID}/advance`)).status).toBe(404);
    const missing = await request(DEMO_DRIVER_ID, { termsAccepted: true, address: { ...ADDRESS, number: ' ', cep: '0131' } });
    expect(missing).toMatchObject({
      status: 400,
      body: {
        validations: [
          { field: 'cep', message: 'Informe um CEP com 8 dígitos.' },
          { field: 'number', message: 'Informe o número.' },
        ],
      },
    });
    expect((await request(DEMO_DRIVER_ID, { termsAccepted: false, address: ADDRESS })).status).toBe(400);
    expect((await request(DEMO_DRIVER_ID, { termsAccepted: true, address: ADDRESS })).status).toBe(200);
    const again = await request(DEMO_DRIVER_ID, { termsAccepted: true, address: ADDRESS });
    expect(again).toMatchObject({ status: 400, body: { validations: [{ message: 'Você já pediu o seu cartão.' }] } });
  });

  it('a hook acts in the caller namespace only', async () => {
    const other = { [NAMESPACE_HEADER]: 'card-other' };
    await request(DEMO_DRIVER_ID, { termsAccepted: true, address: ADDRESS });
    expect((await hook(`card/${DEMO_DRIVER_ID}/advance`, other)).status).toBe(404);
    expect((await status(DEMO_DRIVER_ID)).stage).toBe('REQUESTED');
  });

  it('?failWith= answers in the card service error shape', async () => {
    const failed = await call(sandbox, api.card.status, { params: { driverId: DEMO_DRIVER_ID }, query: { failWith: '500' } });
    expect(failed).toMatchObject({ status: 500, body: { validations: [{ message: expect.any(String) }] } });
  });
});

describe("the register service's vehicle of a modality", () => {
  it("answers the demo driver's taxi, and 404 for a modality or driver without one", async () => {
    const taxi = await call(sandbox, api.register.vehicle, { params: { id: DEMO_DRIVER_ID, m: 0 } });
    expect(taxi).toMatchObject({
      status: 200,
      body: { response: { vehicle: { plate: 'BRA2E19', issuingState: 'SP', issuingAuthority: 'DETRAN-SP' } } },
    });
    expect((await call(sandbox, api.register.vehicle, { params: { id: DEMO_DRIVER_ID, m: 1 } })).status).toBe(404);
    expect((await call(sandbox, api.register.vehicle, { params: { id: 'unknown', m: 0 } })).status).toBe(404);
  });
});

describe('zip lookup, declared by the insurance remote', () => {
  it('answers a known CEP through its declaration', async () => {
    const found = await call(sandbox, api.zipLookup.address, { query: { zipcode: '20040002' } });
    expect(found).toMatchObject({ status: 200, body: { logradouro: 'Avenida Rio Branco', uf: 'RJ' } });
  });
});
