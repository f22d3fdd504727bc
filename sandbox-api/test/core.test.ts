import type { RideStatus } from '../src/contracts';
import { DEMO_DRIVER, DEMO_PASSWORD } from '../src/constants';
import { MALICIOUS_HTML } from '../src/fixtures/malicious';
import { periodOf } from '../src/time';
import { api, call, startSandboxForFile, withToken } from './helpers';

const sandbox = startSandboxForFile();
const SESSION_EXPIRED = { Message: 'Sessão expirada. Faça login novamente.' };

describe('core authentication', () => {
  it('answers 401 with a Message without the token or with another one', async () => {
    const without = await call(sandbox, api.core.notifications);
    expect(without).toMatchObject({ status: 401, body: SESSION_EXPIRED });
    const wrong = await call(sandbox, api.core.notifications, { headers: withToken('someone-else') });
    expect(wrong).toMatchObject({ status: 401, body: SESSION_EXPIRED });
  });

  it('answers 200 with the demo token', async () => {
    const answer = await call(sandbox, api.core.notifications, { headers: withToken() });
    expect(answer.status).toBe(200);
  });
});

describe('notifications', () => {
  it('lists them without bodies, with null, internal and external links', async () => {
    const { body } = await call(sandbox, api.core.notifications, { headers: withToken() });
    expect(body.length).toBeGreaterThanOrEqual(6);
    expect(body.every((item) => item.Corpo === undefined)).toBe(true);
    expect(body.every((item) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/.test(item.Data))).toBe(true);
    const links = body.map((item) => item.HRef);
    expect(links).toContain(null);
    expect(links.some((href) => href?.startsWith('/register/review-docs/'))).toBe(true);
    expect(links.some((href) => href?.startsWith('https://'))).toBe(true);
  });

  it('returns a body with ordinary HTML next to a script that must not run', async () => {
    const list = await call(sandbox, api.core.notifications, { headers: withToken() });
    const bodies = await Promise.all(
      list.body.map((item) => call(sandbox, api.core.notification, { params: { id: item.Id }, headers: withToken() })),
    );
    const malicious = bodies.find((answer) => answer.body.Corpo.includes(MALICIOUS_HTML));
    expect(malicious?.body.Corpo).toMatch(/<strong>.*<\/strong>/);
    expect(malicious?.body.Corpo).toMatch(/<a href="https:\/\//);
  });

  it('answers 404 with a Message for an unknown notification', async () => {
    const answer = await call(sandbox, api.core.notification, { params: { id: 999_999 }, headers: withToken() });
    expect(answer).toMatchObject({ status: 404, body: { Message: 'Notificação não encontrada.' } });
  });
});

describe('statement', () => {
  it('returns the current Brazil month with every ride status and the missing-field cases', async () => {
    const { status, body } = await call(sandbox, api.core.currentStatement, { headers: withToken() });
    expect(status).toBe(200);
    expect(body.Mes).toBe(periodOf(new Date()));
    expect(body.Periodos[0]).toBe(body.Mes);
    expect(body.Periodos.length).toBeGreaterThanOrEqual(3);
    const statuses = new Set(body.Corridas.map((ride) => ride.Status));
    for (const expected of ['PAGO', 'A RECEBER', 'PROCESSANDO', 'ESTORNADO'] satisfies RideStatus[]) expect(statuses).toContain(expected);
    expect(body.Corridas.some((ride) => ride.Mapa === null)).toBe(true);
    expect(body.Corridas.some((ride) => ride.EnderecoDestino === null)).toBe(true);
    expect(body.Corridas.some((ride) => ride.TransacaoId === null)).toBe(true);
    expect(body.Corridas.some((ride) => ride.Nome.length > 25)).toBe(true);
    expect(body.Corridas.every((ride) => ride.Mapa === null || ride.Mapa.startsWith('data:image/svg+xml'))).toBe(true);
    const total = body.Corridas.reduce((sum, ride) => sum + ride.ValorLiquido, 0);
    expect(body.Valor).toBeCloseTo(total, 2);
  });

  it('returns the month asked for, and 400 for a month it does not offer', async () => {
    const current = await call(sandbox, api.core.currentStatement, { headers: withToken() });
    const older = current.body.Periodos[2] ?? '';
    const answer = await call(sandbox, api.core.statementByMonth, { query: { data: older }, headers: withToken() });
    expect(answer.status).toBe(200);
    expect(answer.body.Mes).toBe(older);
    expect(answer.body.Corridas.every((ride) => ride.Data.slice(0, 7) === `${older.slice(6)}-${older.slice(3, 5)}`)).toBe(true);

    const unknown = await call(sandbox, api.core.statementByMonth, { query: { data: '01/01/1999' }, headers: withToken() });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({ Message: expect.any(String) });
  });

  it('returns a ride by SolicitacaoId, and 404 for an unknown one', async () => {
    const current = await call(sandbox, api.core.currentStatement, { headers: withToken() });
    const ride = current.body.Corridas[0];
    const detail = await call(sandbox, api.core.rideDetail, {
      query: { SolicitacaoId: String(ride?.SolicitacaoId) },
      headers: withToken(),
    });
    expect(detail).toMatchObject({ status: 200, body: ride });
    const unknown = await call(sandbox, api.core.rideDetail, { query: { SolicitacaoId: '1' }, headers: withToken() });
    expect(unknown).toMatchObject({ status: 404, body: { Message: expect.any(String) } });
  });

  it('lists deposits of several months, each net of its service fee', async () => {
    const { body } = await call(sandbox, api.core.deposits, { headers: withToken() });
    expect(new Set(body.map((deposit) => deposit.Data.slice(0, 7))).size).toBeGreaterThanOrEqual(3);
    for (const deposit of body) {
      const rides = deposit.Corridas.reduce((sum, ride) => sum + ride.Valor, 0);
      expect(deposit.Valor).toBeCloseTo(rides - (deposit.Servico?.product ?? Number.NaN), 2);
      expect(deposit.Corridas.every((ride) => ride.TransacaoId !== '')).toBe(true);
    }
  });
});

describe('password', () => {
  const change = (senhaAntiga: string, novaSenha: string) =>
    call(sandbox, api.core.changePassword, { query: { senhaAntiga, novaSenha }, headers: withToken() });

  it('refuses a wrong current password and a new one that is not 8 characters', async () => {
    expect(await change('wrong123', 'novasenh')).toMatchObject({ status: 400, body: { Message: 'Senha atual incorreta.' } });
    expect(await change(DEMO_PASSWORD, 'curta')).toMatchObject({ status: 400, body: { Message: expect.any(String) } });
  });

  it('changes it, and a reset restores the seed password', async () => {
    expect(await change(DEMO_PASSWORD, 'nova1234')).toMatchObject({ status: 200, body: { Message: 'Senha alterada!' } });
    expect((await change(DEMO_PASSWORD, 'outra123')).status).toBe(400);
    expect((await change('nova1234', 'outra123')).status).toBe(200);

    await fetch(`${sandbox.baseUrl}/__sandbox/reset`, { method: 'POST' });
    expect((await change(DEMO_PASSWORD, 'nova1234')).status).toBe(200);
  });

  it('resends it for the demo CPF only, digits only', async () => {
    const resend = (cpf: string) => call(sandbox, api.core.resendPassword, { query: { cpf }, headers: withToken() });
    expect((await resend(DEMO_DRIVER.cpf)).status).toBe(200);
    expect(await resend('11144477735')).toMatchObject({ status: 404, body: { Message: 'CPF não encontrado.' } });
    expect(await resend('529.982.247-25')).toMatchObject({ status: 400, body: { Message: expect.any(String) } });
    expect((await resend('1234')).status).toBe(400);
  });
});
