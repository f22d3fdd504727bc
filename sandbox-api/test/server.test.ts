import { declarations } from '../src/contracts';
import { callKey, sandboxRoutes } from '../src/handlers';
import { remoteHandlers } from '../src/remote-handlers';
import { api, call, endpointUrl, fetchJson, serviceUrl, startSandboxForFile, withToken } from './helpers';

const sandbox = startSandboxForFile();
const PORTAL_ORIGIN = 'http://localhost:3000';

describe('routing and contract', () => {
  it('serves every call every remote declares', () => {
    // The platform's handlers (src/handlers/), and those remotes keep in their own sandbox/handlers.ts.
    const served = new Set([...sandboxRoutes, ...remoteHandlers.routes()].map((item) => callKey(item.endpoint)));
    const missing = declarations()
      .filter(({ endpoint }) => !served.has(callKey(endpoint)))
      .map(({ owner }) => owner);
    expect(missing).toEqual([]);
  });

  it('answers health', async () => {
    const answer = await fetchJson(`${sandbox.baseUrl}/__sandbox/health`);
    expect(answer).toMatchObject({ status: 200, body: { ok: true } });
  });

  it('answers 404 JSON for an unknown service or call', async () => {
    const unknownService = await fetchJson(`${sandbox.baseUrl}/nope/x`);
    expect(unknownService.status).toBe(404);
    expect(unknownService.headers.get('content-type')).toContain('application/json');

    const unknownCall = await fetchJson(`${serviceUrl(sandbox, 'register')}api/9.9/nothing`);
    expect(unknownCall.status).toBe(404);
    expect(unknownCall.body).toEqual({ validations: [{ message: expect.any(String) }] });

    const cardCall = await fetchJson(`${serviceUrl(sandbox, 'card')}anything`);
    expect(cardCall.status).toBe(404);
  });

  it('matches paths case-insensitively and ignores a trailing slash', async () => {
    const answer = await fetchJson(`${serviceUrl(sandbox, 'core')}Notificacoes/Lista/`, { headers: withToken() });
    expect(answer.status).toBe(200);
  });

  it('rejects a body that is not JSON with 400', async () => {
    const answer = await fetchJson(endpointUrl(sandbox, api.insurance.renew, { requestId: 'x' }), {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: '{not json',
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ validations: [{ message: expect.any(String) }] });
  });
});

describe('CORS', () => {
  it('answers a preflight with 204 and the allowed headers and methods', async () => {
    const response = await fetch(endpointUrl(sandbox, api.core.notifications), {
      method: 'OPTIONS',
      headers: { Origin: PORTAL_ORIGIN, 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'authorization' },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe(PORTAL_ORIGIN);
    expect(response.headers.get('access-control-allow-headers')).toMatch(/Authorization/);
    expect(response.headers.get('access-control-allow-headers')).toMatch(/Content-Type/);
    for (const method of ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS']) {
      expect(response.headers.get('access-control-allow-methods')).toContain(method);
    }
  });

  it('puts CORS and no-store on answers, errors included', async () => {
    const ok = await fetch(endpointUrl(sandbox, api.core.notifications), { headers: { ...withToken(), Origin: PORTAL_ORIGIN } });
    const unauthorized = await fetch(endpointUrl(sandbox, api.core.notifications), { headers: { Origin: PORTAL_ORIGIN } });
    const withoutOrigin = await fetch(endpointUrl(sandbox, api.register.policies));
    for (const response of [ok, unauthorized]) {
      expect(response.headers.get('access-control-allow-origin')).toBe(PORTAL_ORIGIN);
      expect(response.headers.get('cache-control')).toBe('no-store');
    }
    expect(withoutOrigin.headers.get('access-control-allow-origin')).toBe('*');
  });
});

describe('test hooks', () => {
  it('forces a status with failWith, in the shape of the service', async () => {
    const core = await call(sandbox, api.core.notifications, { headers: withToken(), query: { failWith: '503' } });
    expect(core.status).toBe(503);
    expect(core.body).toEqual({ Message: expect.any(String) });

    const register = await call(sandbox, api.register.policies, { query: { failWith: '500' } });
    expect(register.status).toBe(500);
    expect(register.body).toEqual({ validations: [{ message: expect.any(String) }] });
  });

  it('delays the answer with delayMs', async () => {
    const started = Date.now();
    const answer = await call(sandbox, api.register.policies, { query: { delayMs: '250' } });
    expect(answer.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(240);
  });

  it('serves the terms pages it links to', async () => {
    const page = await fetch(`${sandbox.baseUrl}/static/terms-1.html`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toContain('Política de privacidade');
    expect((await fetch(`${sandbox.baseUrl}/static/terms-7.html`)).status).toBe(404);
  });
});
