import { DEFAULT_STATEMENT_BASIC_AUTH } from '../src/constants';
import { startSandboxForFile, withToken } from './helpers';

const sandbox = startSandboxForFile();
const INVOICE_QUERY = 'api/extrato/nf?cpf=52998224725&BirthDate=1985-04-12&startDate=2000-01-01&endDate=2100-12-31';
const PORTAL = 'http://localhost:3000';
const EVIL = 'https://evil.example';
/** What a portal page sends: its origin and the driver's token. */
const driverOnPortal = (origin = PORTAL): HeadersInit => ({ ...withToken(), Origin: origin });
const basic = (credential: string) => `Basic ${Buffer.from(credential).toString('base64')}`;

/** Every form the credential could leak in. */
function secretsOf(credential: string): string[] {
  const [, password = ''] = credential.split(':');
  return [credential, password, Buffer.from(credential).toString('base64')];
}

async function expectNoSecret(response: Response, credential: string): Promise<string> {
  const text = await response.text();
  const headers = [...response.headers].map(([name, value]) => `${name}: ${value}`).join('\n');
  for (const secret of secretsOf(credential)) {
    expect(text).not.toContain(secret);
    expect(headers).not.toContain(secret);
  }
  return text;
}

describe('statement service and its proxy', () => {
  afterEach(() => {
    delete process.env.STATEMENT_BASIC_AUTH;
    delete process.env.PORTAL_ORIGINS;
  });

  it('refuses the real service without the basic credential or with a wrong one', async () => {
    const without = await fetch(`${sandbox.baseUrl}/statement/${INVOICE_QUERY}`);
    expect(without.status).toBe(401);
    await expectNoSecret(without, DEFAULT_STATEMENT_BASIC_AUTH);
    const wrong = await fetch(`${sandbox.baseUrl}/statement/${INVOICE_QUERY}`, { headers: { Authorization: basic('portal:guess') } });
    expect(wrong.status).toBe(401);
  });

  it('serves the real service with the credential', async () => {
    const response = await fetch(`${sandbox.baseUrl}/statement/${INVOICE_QUERY}`, {
      headers: { Authorization: basic(DEFAULT_STATEMENT_BASIC_AUTH) },
    });
    expect(response.status).toBe(200);
  });

  it('adds the credential through the proxy, which never hands it out', async () => {
    const response = await fetch(`${sandbox.baseUrl}/statement-proxy/${INVOICE_QUERY}`, { headers: driverOnPortal() });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe(PORTAL);
    const body = JSON.parse(await expectNoSecret(response, DEFAULT_STATEMENT_BASIC_AUTH)) as { data: unknown[] };
    expect(body.data.length).toBeGreaterThan(0);
    expect(body.data[0]).toEqual({
      dataEmissao: expect.any(String),
      totalLiquido: expect.any(Number),
      linkNF: expect.stringMatching(/^http:/),
    });
  });

  it('reads the credential from STATEMENT_BASIC_AUTH', async () => {
    process.env.STATEMENT_BASIC_AUTH = 'deploy-user:from-the-environment';
    const proxied = await fetch(`${sandbox.baseUrl}/statement-proxy/${INVOICE_QUERY}`, { headers: withToken() });
    expect(proxied.status).toBe(200);
    await expectNoSecret(proxied, process.env.STATEMENT_BASIC_AUTH);
    const oldCredential = await fetch(`${sandbox.baseUrl}/statement/${INVOICE_QUERY}`, {
      headers: { Authorization: basic(DEFAULT_STATEMENT_BASIC_AUTH) },
    });
    expect(oldCredential.status).toBe(401);
  });

  it('answers 400 with an error field when a parameter is missing', async () => {
    const response = await fetch(`${sandbox.baseUrl}/statement-proxy/api/extrato/nf?cpf=52998224725`, { headers: withToken() });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: expect.any(String) });
  });
});

describe('the statement proxy serves only a signed-in driver on a portal page', () => {
  afterEach(() => {
    delete process.env.PORTAL_ORIGINS;
  });

  /** A refusal: 401, nothing of the service's answer, no CORS grant, no credential. */
  async function expectRefused(response: Response): Promise<void> {
    expect(response.status).toBe(401);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    const text = await expectNoSecret(response, DEFAULT_STATEMENT_BASIC_AUTH);
    expect(text).not.toContain('dataEmissao');
  }

  it.each([
    ['no token, from a foreign page', { Origin: EVIL }],
    ['no token, no Origin (a script or curl)', {}],
    ['a token the core service refuses', { Authorization: 'Bearer stolen-or-expired', Origin: PORTAL }],
    ['a basic credential guessed by the caller', { Authorization: basic(DEFAULT_STATEMENT_BASIC_AUTH), Origin: PORTAL }],
  ])('%s: 401', async (_label, headers: Record<string, string>) => {
    const response = await fetch(`${sandbox.baseUrl}/statement-proxy/${INVOICE_QUERY}`, { headers });
    expect(response.status).toBe(401);
    expect(await expectNoSecret(response, DEFAULT_STATEMENT_BASIC_AUTH)).not.toContain('dataEmissao');
  });

  it('a foreign page is refused even with a valid token, and its preflight too', async () => {
    await expectRefused(await fetch(`${sandbox.baseUrl}/statement-proxy/${INVOICE_QUERY}`, { headers: driverOnPortal(EVIL) }));
    const preflight = await fetch(`${sandbox.baseUrl}/statement-proxy/${INVOICE_QUERY}`, {
      method: 'OPTIONS',
      headers: { Origin: EVIL, 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'authorization' },
    });
    expect(preflight.status).toBe(401);
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('answers CORS to every app of the portal (a remote opened at its own address too)', async () => {
    for (const origin of ['http://localhost:3000', 'http://localhost:3003', 'http://127.0.0.1:3001']) {
      const preflight = await fetch(`${sandbox.baseUrl}/statement-proxy/${INVOICE_QUERY}`, {
        method: 'OPTIONS',
        headers: { Origin: origin, 'Access-Control-Request-Method': 'GET' },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-origin')).toBe(origin);
      const response = await fetch(`${sandbox.baseUrl}/statement-proxy/${INVOICE_QUERY}`, { headers: driverOnPortal(origin) });
      expect(response.status).toBe(200);
    }
  });

  it("a 401 for a refused token still reaches the portal's page, which then shows the expired session", async () => {
    const response = await fetch(`${sandbox.baseUrl}/statement-proxy/${INVOICE_QUERY}`, {
      headers: { Authorization: 'Bearer expired', Origin: PORTAL },
    });
    expect(response.status).toBe(401);
    expect(response.headers.get('access-control-allow-origin')).toBe(PORTAL);
  });

  it('takes the portal origins from PORTAL_ORIGINS', async () => {
    process.env.PORTAL_ORIGINS = 'https://motorista.example https://conta.motorista.example';
    const allowed = await fetch(`${sandbox.baseUrl}/statement-proxy/${INVOICE_QUERY}`, {
      headers: driverOnPortal('https://conta.motorista.example'),
    });
    expect(allowed.status).toBe(200);
    await expectRefused(await fetch(`${sandbox.baseUrl}/statement-proxy/${INVOICE_QUERY}`, { headers: driverOnPortal(PORTAL) }));
  });

  it("leaves the other services' CORS as the provider answers it", async () => {
    const response = await fetch(`${sandbox.baseUrl}/core/notificacoes/lista`, { headers: { ...withToken(), Origin: EVIL } });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe(EVIL);
  });
});
