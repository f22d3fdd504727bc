import { DEFAULT_STATEMENT_BASIC_AUTH } from '../src/constants';
import { startSandboxForFile } from './helpers';

const sandbox = startSandboxForFile();
const INVOICE_QUERY = 'api/extrato/nf?cpf=52998224725&BirthDate=1985-04-12&startDate=2000-01-01&endDate=2100-12-31';
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
    const response = await fetch(`${sandbox.baseUrl}/statement-proxy/${INVOICE_QUERY}`, { headers: { Origin: 'http://localhost:3000' } });
    expect(response.status).toBe(200);
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
    const proxied = await fetch(`${sandbox.baseUrl}/statement-proxy/${INVOICE_QUERY}`);
    expect(proxied.status).toBe(200);
    await expectNoSecret(proxied, process.env.STATEMENT_BASIC_AUTH);
    const oldCredential = await fetch(`${sandbox.baseUrl}/statement/${INVOICE_QUERY}`, {
      headers: { Authorization: basic(DEFAULT_STATEMENT_BASIC_AUTH) },
    });
    expect(oldCredential.status).toBe(401);
  });

  it('answers 400 with an error field when a parameter is missing', async () => {
    const response = await fetch(`${sandbox.baseUrl}/statement-proxy/api/extrato/nf?cpf=52998224725`);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: expect.any(String) });
  });
});
