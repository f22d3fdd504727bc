import { DEMO_DRIVER, DEMO_DRIVER_ID, ONBOARDING_DRIVER, SENT_FOR_ANALYSIS_STATE } from '../src/constants';
import { api, call, startSandboxForFile } from './helpers';

const sandbox = startSandboxForFile();

describe('register service (no token)', () => {
  it('finds the demo driver by mobile, and answers null for an unknown one', async () => {
    const known = await call(sandbox, api.register.driverByMobile, { params: { phone: DEMO_DRIVER.mobile } });
    expect(known).toMatchObject({ status: 200, body: { response: { ...DEMO_DRIVER } } });
    const unknown = await call(sandbox, api.register.driverByMobile, { params: { phone: '11900000000' } });
    expect(unknown).toMatchObject({ status: 200, body: { response: null } });
  });

  it('gives driver states: sent for analysis for the demo, not for the onboarding driver', async () => {
    const demo = await call(sandbox, api.register.driverStates, { params: { guid: DEMO_DRIVER_ID } });
    expect(demo.body.states.map((state) => state.response.driverStateType)).toContain(SENT_FOR_ANALYSIS_STATE);
    const onboarding = await call(sandbox, api.register.driverStates, { params: { guid: ONBOARDING_DRIVER.id } });
    expect(onboarding.body.states.map((state) => state.response.driverStateType)).not.toContain(SENT_FOR_ANALYSIS_STATE);
  });

  it('lists three unchecked policies whose documents the sandbox serves', async () => {
    const { body } = await call(sandbox, api.register.policies);
    expect(body.map((policy) => [policy.id, policy.checked])).toEqual([
      [1, false],
      [2, false],
      [3, false],
    ]);
    const page = await fetch(body[0]?.documentUrl ?? '');
    expect(page.status).toBe(200);
  });

  it('gives the terms documents 0, 1 and 2, and 404 for any other', async () => {
    for (const type of [0, 1, 2]) {
      const answer = await call(sandbox, api.register.eulaDocument, { params: { type } });
      expect(answer.body.documentUrl).toMatch(new RegExp(`/static/terms-${type}\\.html$`));
    }
    const other = await call(sandbox, api.register.eulaDocument, { params: { type: 3 } });
    expect(other.status).toBe(404);
    expect(other.body).toEqual({ validations: [expect.objectContaining({ message: expect.any(String) })] });
  });

  it('gives a driver by guid, and 404 with validations for an unknown guid', async () => {
    const known = await call(sandbox, api.register.driver, { params: { guid: DEMO_DRIVER_ID } });
    expect(known.body).toEqual({ response: { ...DEMO_DRIVER } });
    const unknown = await call(sandbox, api.register.driver, { params: { guid: '00000000-0000-0000-0000-000000000000' } });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ validations: [{ message: 'Motorista não encontrado.' }] });
  });
});
