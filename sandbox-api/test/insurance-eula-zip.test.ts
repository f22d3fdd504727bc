import { DEMO_DRIVER_ID, EULA_UP_TO_DATE_TOKEN, INSURANCE_DRIVERS } from '../src/constants';
import type { SandboxState } from '../src/state';
import { api, call, fetchJson, serviceUrl, startSandboxForFile, withToken } from './helpers';

const sandbox = startSandboxForFile();
const NO_POLICY = { active: false, policyNumber: null, expirationDate: null, bestPaymentDay: null, requestId: null };

const policyOf = async (driverId: string) => (await call(sandbox, api.insurance.activePolicy, { params: { driverId } })).body;

describe('insurance scenarios', () => {
  it('has no policy for the demo driver or an unknown one (the offer shows)', async () => {
    expect(await policyOf(DEMO_DRIVER_ID)).toEqual(NO_POLICY);
    expect(await policyOf('unknown-driver')).toEqual(NO_POLICY);
  });

  it('has an active policy expiring in about a year', async () => {
    const policy = await policyOf(INSURANCE_DRIVERS.active);
    expect(policy).toMatchObject({ active: true, policyNumber: expect.any(String), bestPaymentDay: 10, requestId: expect.any(String) });
    const daysLeft = (new Date(policy.expirationDate ?? '').getTime() - Date.now()) / 86_400_000;
    expect(daysLeft).toBeGreaterThan(360);
  });

  it('has a policy being processed (no number) and an expired one', async () => {
    expect(await policyOf(INSURANCE_DRIVERS.processing)).toMatchObject({ active: true, policyNumber: null });
    const expired = await policyOf(INSURANCE_DRIVERS.expired);
    expect(new Date(expired.expirationDate ?? '').getTime()).toBeLessThan(Date.now());
  });

  it('records renew and cancel on a known request, and answers 404 for an unknown one', async () => {
    const expired = await policyOf(INSURANCE_DRIVERS.expired);
    const active = await policyOf(INSURANCE_DRIVERS.active);
    expect(await call(sandbox, api.insurance.renew, { params: { requestId: expired.requestId ?? '' } })).toMatchObject({
      status: 200,
      body: {},
    });
    expect((await call(sandbox, api.insurance.cancel, { params: { requestId: active.requestId ?? '' } })).status).toBe(200);
    const unknown = await call(sandbox, api.insurance.cancel, { params: { requestId: 'nope' } });
    expect(unknown.status).toBe(404);

    const { body: state } = await fetchJson<SandboxState>(`${sandbox.baseUrl}/__sandbox/state`);
    expect(state.insurance.actions.map(({ requestId, action }) => ({ requestId, action }))).toEqual([
      { requestId: expired.requestId, action: 'renew' },
      { requestId: active.requestId, action: 'cancel' },
    ]);
  });
});

describe('eula service', () => {
  it('needs a bearer token', async () => {
    const answer = await call(sandbox, api.eula.pendingPolicies);
    expect(answer).toMatchObject({ status: 401, body: { Message: expect.any(String) } });
  });

  it('lists pending policies for any token, and none for the up-to-date one', async () => {
    const pending = await call(sandbox, api.eula.pendingPolicies, { headers: withToken('any-policy-token') });
    expect(pending.status).toBe(200);
    expect(pending.body[0]).toEqual({
      Id: expect.any(Number),
      Descricao: expect.any(String),
      UrlDocumento: expect.stringMatching(/^http:/),
    });
    const none = await call(sandbox, api.eula.pendingPolicies, { headers: withToken(EULA_UP_TO_DATE_TOKEN) });
    expect(none.body).toEqual([]);
  });
});

describe('zip lookup (no token)', () => {
  const lookup = (zipcode: string) => fetchJson(`${serviceUrl(sandbox, 'zipLookup')}ZipCode?zipcode=${zipcode}`);

  it('answers a known CEP', async () => {
    expect(await lookup('01310100')).toMatchObject({
      status: 200,
      body: { logradouro: 'Avenida Paulista', bairro: 'Bela Vista', uf: 'SP', localidade: 'São Paulo' },
    });
  });

  it('answers 404 { erro: true } for an unknown CEP', async () => {
    expect(await lookup('99999999')).toMatchObject({ status: 404, body: { erro: true } });
  });
});
