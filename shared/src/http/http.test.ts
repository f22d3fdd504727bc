import { delay, http as mswHttp, HttpResponse } from 'msw';
import * as v from 'valibot';
import { accepted, listOf, numericId, shownText, strict } from '@driver-portal/shared/answers';
import { defineEndpoint } from '@driver-portal/shared/contract';
import { onAlert, type AlertRequest } from '@driver-portal/shared/events';
import { endpointUrl, mockJson, mockNetworkError, mockStatus, recordRequests, server, TEST_TOKEN } from '@driver-portal/shared/test-utils';
import { setSessionValue } from '@driver-portal/shared/session';
import { setActiveConfig } from '@driver-portal/shared/config';
import { testConfig } from '@driver-portal/shared/test-utils';
import { ApiError, callApi } from '.';

/** Calls of each kind of service, declared here as a remote declares its own. */
const api = {
  core: {
    notifications: defineEndpoint('core', 'GET', 'notificacoes/lista', { answer: v.array(v.object({ Id: v.number() })) }),
    notification: defineEndpoint('core', 'GET', 'notificacoes/:id', { answer: v.object({ Corpo: v.string() }) }),
    changePassword: defineEndpoint('core', 'PUT', 'Taxista/AlterarSenha', { answer: v.object({ Message: v.optional(v.string()) }) }),
  },
  communication: {
    categories: defineEndpoint('communication', 'GET', 'inbox/:driverId/categories', { answer: v.array(v.unknown()) }),
  },
  register: {
    eulaDocument: defineEndpoint('register', 'GET', 'api/1.0/driver/eula/:type', { answer: v.object({ documentUrl: v.string() }) }),
    policies: defineEndpoint('register', 'GET', 'api/2.0/driver/eula', { answer: v.array(v.unknown()) }),
  },
  insurance: {
    activePolicy: defineEndpoint('insurance', 'GET', 'api/1.0/insurance/:driverId/active-policy', {
      answer: v.object({ active: v.boolean() }),
    }),
  },
  eula: {
    pendingPolicies: defineEndpoint('eula', 'GET', 'eula', { answer: v.array(v.unknown()) }),
  },
  statement: {
    invoices: defineEndpoint('statement', 'GET', 'api/extrato/nf', { answer: v.unknown() }),
  },
} as const;

beforeEach(() => setSessionValue('token', TEST_TOKEN));

describe('answers are checked against their declaration', () => {
  it('a well-formed answer comes back as declared', async () => {
    mockJson(api.core.notifications, [{ Id: 1 }]);
    await expect(callApi(api.core.notifications)).resolves.toEqual([{ Id: 1 }]);
  });

  it.each([
    [
      'an HTML page (a captive portal)',
      () => new HttpResponse('<html><body>Wi-Fi login</body></html>', { headers: { 'Content-Type': 'text/html' } }),
    ],
    ['truncated JSON', () => new HttpResponse('{"Message": "Senha alt', { headers: { 'Content-Type': 'application/json' } })],
    ['null', () => HttpResponse.json(null)],
    ['an empty body', () => new HttpResponse(null, { status: 204 })],
  ])('a 2xx answer that is %s is the unexpected error, never a success', async (_label, answer) => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    server.use(mswHttp.put(endpointUrl(api.core.changePassword), answer));
    await expect(callApi(api.core.changePassword)).rejects.toMatchObject({
      kind: 'server',
      message: 'Ocorreu um erro inesperado, tente novamente mais tarde.',
    });
    warn.mockRestore();
  });

  it('a field of the wrong type fails the whole answer', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    server.use(mswHttp.get(endpointUrl(api.core.notifications), () => HttpResponse.json([{ Id: '1' }])));
    await expect(callApi(api.core.notifications)).rejects.toBeInstanceOf(ApiError);
    expect(warn.mock.calls[0]?.[1]).toEqual([expect.stringContaining('0.Id')]);
    warn.mockRestore();
  });
});

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
    mockJson(api.insurance.activePolicy, { active: false });
    mockJson(api.communication.categories, []);
    await callApi(api.register.eulaDocument, { params: { type: 0 } });
    await callApi(api.insurance.activePolicy, { params: { driverId: 'd1' } });
    await callApi(api.communication.categories, { params: { driverId: 'd1' } });
    expect(requests).toHaveLength(3);
    for (const request of requests) expect(request.headers.get('authorization')).toBeNull();
  });

  it("goes to the register, insurance and card services only through the portal's proxy on the page's own origin", async () => {
    const proxied = `${window.location.origin}/driver-api/`;
    setActiveConfig({
      ...testConfig,
      services: { ...testConfig.services, register: `${proxied}register/`, insurance: `${proxied}insurance/`, card: `${proxied}card/` },
    });
    const requests = recordRequests();
    server.use(
      mswHttp.get(`${proxied}register/api/1.0/driver/eula/0`, () => HttpResponse.json({ documentUrl: 'https://x' })),
      mswHttp.get(`${proxied}insurance/api/1.0/insurance/d1/active-policy`, () => HttpResponse.json({ active: false })),
    );
    await callApi(api.register.eulaDocument, { params: { type: 0 } });
    await callApi(api.insurance.activePolicy, { params: { driverId: 'd1' } });
    expect(requests.map((request) => request.headers.get('authorization'))).toEqual([`Bearer ${TEST_TOKEN}`, `Bearer ${TEST_TOKEN}`]);
    // The proxy's 401 (no token, or one the provider refused) is the expired session.
    server.use(mswHttp.get(`${proxied}register/api/2.0/driver/eula`, () => HttpResponse.json({}, { status: 401 })));
    await expect(callApi(api.register.policies)).rejects.toMatchObject({ kind: 'unauthorized' });
  });

  it('goes to the statement proxy, which checks it before lending its own credential', async () => {
    const requests = recordRequests();
    mockJson(api.statement.invoices, { data: [] });
    await callApi(api.statement.invoices);
    expect(requests[0]?.headers.get('authorization')).toBe(`Bearer ${TEST_TOKEN}`);
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

  it('a plain-text or HTML failure body is never shown: the catalogue text instead', async () => {
    server.use(
      mswHttp.get(
        endpointUrl(api.core.notifications),
        () =>
          new HttpResponse('java.lang.NullPointerException at x.y(Z.java:12) upstream=10.0.3.17:8080', {
            status: 500,
            headers: { 'Content-Type': 'text/plain' },
          }),
      ),
    );
    await expect(callApi(api.core.notifications)).rejects.toMatchObject({
      kind: 'server',
      message: 'Ocorreu um erro inesperado, tente novamente mais tarde.',
    });
    server.use(
      mswHttp.get(
        endpointUrl(api.core.notifications),
        () => new HttpResponse('<html><body>502 Bad Gateway</body></html>', { status: 502 }),
      ),
    );
    await expect(callApi(api.core.notifications)).rejects.toMatchObject({
      message: 'Ocorreu um erro inesperado, tente novamente mais tarde.',
    });
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

  it('a 401 of a service that takes the token is the expired session, whatever the server says', async () => {
    mockStatus(api.core.notifications, 401, { Message: 'Unauthorized' });
    await expect(callApi(api.core.notifications)).rejects.toMatchObject({
      kind: 'unauthorized',
      status: 401,
      title: 'Sessão expirada',
      message: 'Sessão expirada. Faça login novamente.',
    });
    mockStatus(api.eula.pendingPolicies, 401, {});
    await expect(callApi(api.eula.pendingPolicies)).rejects.toMatchObject({ kind: 'unauthorized' });
    // The statement proxy says 401 when the core service refused the driver's token.
    mockStatus(api.statement.invoices, 401, { error: 'Acesso não autorizado.' });
    await expect(callApi(api.statement.invoices)).rejects.toMatchObject({ kind: 'unauthorized', title: 'Sessão expirada' });
  });

  it('a 401 of a service without the driver token is not about the session', async () => {
    mockStatus(api.communication.categories, 401);
    await expect(callApi(api.communication.categories, { params: { driverId: 'd1' } })).rejects.toMatchObject({ kind: 'server' });
  });

  it('alertOnError on an expired session leads out through /Sair, whatever redirect the form asked for', async () => {
    const alerts: AlertRequest[] = [];
    const stop = onAlert((alert) => alerts.push(alert));
    mockStatus(api.core.changePassword, 401, { Message: 'Sessão expirada. Faça login novamente.' });
    await callApi(api.core.changePassword, { alertOnError: true, errorRedirect: '/App' }).catch(() => undefined);
    stop();
    expect(alerts).toEqual([
      { kind: 'error', title: 'Sessão expirada', message: 'Sessão expirada. Faça login novamente.', redirectTo: '/Sair' },
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

describe('reading answers tolerantly where it is safe (docs/answers.md, "Reading answers")', () => {
  const tolerant = {
    save: defineEndpoint('register', 'POST', 'api/1.0/driver/:guid/bankaccount', { answer: accepted() }),
    legacySave: defineEndpoint('core', 'PUT', 'Taxista/AlterarSenha', { answer: accepted() }),
    driver: defineEndpoint('register', 'GET', 'api/1.0/driver/:guid', {
      answer: v.object({ response: strict(v.object({ name: shownText('') }), 'the screen needs the driver') }),
    }),
    list: defineEndpoint('core', 'GET', 'notificacoes/lista', {
      answer: listOf(v.object({ Id: numericId('the detail is asked by it'), Titulo: shownText('') }), 'notificações'),
    }),
    contract: defineEndpoint('insurance', 'POST', 'api/1.0/insurance', { answer: accepted() }),
  };
  const answerWith = (endpoint: (typeof tolerant)[keyof typeof tolerant], body: () => Response) => {
    const method = endpoint.method === 'GET' ? mswHttp.get : endpoint.method === 'PUT' ? mswHttp.put : mswHttp.post;
    server.use(method(endpointUrl(endpoint), body));
  };
  let warn: jest.SpyInstance;
  beforeEach(() => {
    warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => warn.mockRestore());

  it.each([
    ['204', () => new HttpResponse(null, { status: 204 })],
    ['an empty 200', () => new HttpResponse('', { status: 200 })],
    ['null', () => HttpResponse.json(null)],
    ['an object', () => HttpResponse.json({ id: 'x' })],
  ])('a save answered %s is a success', async (_label, body) => {
    answerWith(tolerant.save, body);
    await expect(callApi(tolerant.save, { params: { guid: 'g' } })).resolves.not.toBeInstanceOf(Error);
  });

  it.each([
    ['a list', () => HttpResponse.json([1, 2])],
    ['an HTML page', () => new HttpResponse('<html>502</html>', { headers: { 'Content-Type': 'text/html' } })],
    ['a text', () => new HttpResponse('OK', { headers: { 'Content-Type': 'text/plain' } })],
    ['{ "success": false }', () => HttpResponse.json({ success: false })],
    ['{ "erro": true }', () => HttpResponse.json({ erro: true })],
    ['a non-empty validations list', () => HttpResponse.json({ validations: [{ message: 'x' }] })],
  ])('a save answered 200 with %s is no success', async (_label, body) => {
    answerWith(tolerant.save, body);
    await expect(callApi(tolerant.save, { params: { guid: 'g' } })).rejects.toBeInstanceOf(ApiError);
  });

  it("a legacy 2xx that says it failed shows the service's own Message", async () => {
    answerWith(tolerant.legacySave, () => HttpResponse.json({ Success: false, Message: 'Senha atual incorreta.' }));
    await expect(callApi(tolerant.legacySave)).rejects.toMatchObject({ message: 'Senha atual incorreta.' });
  });

  it('a list where an object is declared is refused at any depth', async () => {
    answerWith(tolerant.driver, () => HttpResponse.json({ response: [{ name: 'Maria' }] }));
    await expect(callApi(tolerant.driver, { params: { guid: 'g' } })).rejects.toMatchObject({ kind: 'server' });
    answerWith(tolerant.driver, () => HttpResponse.json({ response: { name: 42 } }));
    await expect(callApi(tolerant.driver, { params: { guid: 'g' } })).resolves.toEqual({ response: { name: '42' } });
  });

  it('a list leaves out the entry it cannot read, says so on the console, and converts an id in digits', async () => {
    answerWith(tolerant.list, () => HttpResponse.json([{ Id: '1', Titulo: null }, { Titulo: 'sem id' }, { Id: 2, Titulo: 'Olá' }]));
    await expect(callApi(tolerant.list)).resolves.toEqual([
      { Id: 1, Titulo: '' },
      { Id: 2, Titulo: 'Olá' },
    ]);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('notificações: 1 of 3 entries left out'), expect.any(Array));
  });

  it('a list none of whose entries can be read is refused', async () => {
    answerWith(tolerant.list, () => HttpResponse.json([{ Titulo: 'sem id' }]));
    await expect(callApi(tolerant.list)).rejects.toBeInstanceOf(ApiError);
  });

  it.each([
    [404, { validations: [{ message: 'Veículo não encontrado.' }] }, 'Veículo não encontrado.'],
    [409, { validations: [{ message: 'Já existe um pedido.' }] }, 'Já existe um pedido.'],
    [404, { message: 'detalhe interno' }, 'O serviço esta indisponivel no momento, tente novamente mais tarde.'],
    [500, { validations: [{ message: 'interno' }] }, 'Ocorreu um erro inesperado, tente novamente mais tarde.'],
  ])('a %i of a newer service shows its own message only in its own error shape', async (status, body, text) => {
    answerWith(tolerant.contract, () => HttpResponse.json(body, { status }));
    await expect(callApi(tolerant.contract)).rejects.toMatchObject({ message: text });
  });
});
