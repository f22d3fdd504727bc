import { delay, http as mswHttp, HttpResponse } from 'msw';
import { api } from '@driver-portal/shared/contract';
import { onAlert, type AlertRequest } from '@driver-portal/shared/events';
import { endpointUrl, mockJson, mockNetworkError, mockStatus, recordRequests, server, TEST_TOKEN } from '@driver-portal/shared/test-utils';
import { setSessionValue } from '@driver-portal/shared/session';
import { ApiError, callApi } from '.';

beforeEach(() => setSessionValue('token', TEST_TOKEN));

describe('bearer token', () => {
  it('goes to the core service', async () => {
    const requests = recordRequests();
    mockJson(api.core.notifications, []);
    await callApi(api.core.notifications);
    expect(requests[0]?.headers.get('authorization')).toBe(`Bearer ${TEST_TOKEN}`);
  });

  it('never goes to the register, insurance or communication services', async () => {
    const requests = recordRequests();
    mockJson(api.register.eulaDocument, { documentUrl: 'https://x' });
    mockJson(api.insurance.activePolicy, {
      active: false,
      policyNumber: null,
      expirationDate: null,
      bestPaymentDay: null,
      requestId: null,
    });
    mockJson(api.communication.categories, []);
    await callApi(api.register.eulaDocument, { params: { type: 0 } });
    await callApi(api.insurance.activePolicy, { params: { driverId: 'd1' } });
    await callApi(api.communication.categories, { params: { driverId: 'd1' } });
    expect(requests).toHaveLength(3);
    for (const request of requests) expect(request.headers.get('authorization')).toBeNull();
  });

  it('a route token overrides the session one for the policy-update service', async () => {
    const requests = recordRequests();
    mockJson(api.eula.pendingPolicies, []);
    await callApi(api.eula.pendingPolicies, { token: 'route-token' });
    expect(requests[0]?.headers.get('authorization')).toBe('Bearer route-token');
  });

  it('path values are encoded, so they cannot change the path', async () => {
    const requests = recordRequests();
    server.use(mswHttp.get(`${endpointUrl(api.core.notification).replace(':id', '')}*`, () => HttpResponse.json({ Corpo: '' })));
    await callApi(api.core.notification, { params: { id: '../../x?y' } });
    expect(requests[0]?.url.pathname).toBe('/core/notificacoes/..%2F..%2Fx%3Fy');
  });
});

describe('error catalogue', () => {
  it('legacy services carry the server message', async () => {
    mockStatus(api.core.notifications, 500, { Message: 'Falha no extrato.' });
    await expect(callApi(api.core.notifications)).rejects.toMatchObject({ kind: 'server', status: 500, message: 'Falha no extrato.' });
  });

  it('the policy-update (eula) and statement services carry their own message too', async () => {
    mockStatus(api.eula.pendingPolicies, 500, { Message: 'Termos indisponíveis.' });
    await expect(callApi(api.eula.pendingPolicies)).rejects.toMatchObject({ message: 'Termos indisponíveis.' });
  });

  it('registration 404 and 500 give the catalogue texts', async () => {
    mockStatus(api.register.policies, 404);
    await expect(callApi(api.register.policies)).rejects.toMatchObject({
      kind: 'not-found',
      message: 'O serviço esta indisponivel no momento, tente novamente mais tarde.',
    });
    mockStatus(api.register.policies, 503);
    await expect(callApi(api.register.policies)).rejects.toMatchObject({
      message: 'Ocorreu um erro inesperado, tente novamente mais tarde.',
    });
  });

  it('registration 400 gives the review title, the list and per-field messages', async () => {
    mockStatus(api.register.policies, 400, {
      validations: [
        { field: 'cpf', message: 'CPF já cadastrado' },
        { field: 'email', message: 'E-mail já cadastrado' },
        { message: 'Verifique os dados' },
      ],
    });
    const error = await callApi(api.register.policies).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.title).toBe('Por favor revise os seguintes dados:');
    expect(apiError.validations.map((v) => v.message)).toEqual(['CPF já cadastrado', 'E-mail já cadastrado', 'Verifique os dados']);
    expect(apiError.fieldErrors()).toEqual({ cpf: 'CPF já cadastrado', email: 'E-mail já cadastrado' });
  });

  it('alertOnError publishes the alert with the list', async () => {
    const alerts: AlertRequest[] = [];
    const stop = onAlert((alert) => alerts.push(alert));
    mockStatus(api.register.policies, 400, { validations: [{ message: 'Nome obrigatório' }] });
    await callApi(api.register.policies, { alertOnError: true }).catch(() => undefined);
    stop();
    expect(alerts).toEqual([
      { kind: 'error', title: 'Por favor revise os seguintes dados:', details: ['Nome obrigatório'], redirectTo: undefined },
    ]);
  });

  it('offline and timeout have their own messages', async () => {
    mockNetworkError(api.core.notifications);
    await expect(callApi(api.core.notifications)).rejects.toMatchObject({
      kind: 'offline',
      message: expect.stringContaining('Sem conexão'),
    });

    server.use(
      mswHttp.get(endpointUrl(api.core.notifications), async () => {
        await delay(1000);
        return HttpResponse.json([]);
      }),
    );
    await expect(callApi(api.core.notifications, { timeoutMs: 50 })).rejects.toMatchObject({
      kind: 'timeout',
      message: expect.stringContaining('demorou'),
    });
  });
});
