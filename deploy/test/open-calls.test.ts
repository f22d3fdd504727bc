import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { TEXT_LIMITS, TEXT_MESSAGES } from '@driver-portal/shared/validation';
import openCalls from '../nginx/portal-open-calls.mjs';

// Issue 30: what the driver-data proxy's open calls answer and accept (docs/security.md, "What each
// open call answers"), the one file nginx (njs) and the Node proxy both run.

const NOW = Date.UTC(2026, 10, 26, 15, 0, 0);
const DRIVER = {
  id: '3f6c2d1e-8a4b-4c9d-9e2f-1a2b3c4d5e6f',
  name: 'Maria',
  cpf: '52998224725',
  email: 'm@example.com',
  mobile: '11987654321',
};

it("holds the forms' limits and words (shared/src/validation)", () => {
  expect(openCalls.TEXT).toEqual(TEXT_LIMITS);
  expect(openCalls.MESSAGES.tooLong(100)).toBe(TEXT_MESSAGES.tooLong(100));
  expect(openCalls.MESSAGES.dateOutOfRange).toBe(TEXT_MESSAGES.dateOutOfRange);
  expect(openCalls.MESSAGES.controlCharacter).toBe(TEXT_MESSAGES.controlCharacter);
});

describe('the phone look-up answers whether a driver has the number, and its id', () => {
  it.each([
    [{ response: DRIVER }, { response: { id: DRIVER.id } }],
    [{ response: null }, { response: null }],
    [{ response: { name: 'no id' } }, { response: null }],
  ])('%j becomes %j', (answer, cut) => {
    const result = openCalls.cutAnswer('driver-exists', 200, JSON.stringify(answer), '');
    expect(result.status).toBe(200);
    expect(JSON.parse(result.text)).toEqual(cut);
  });

  it("passes the service's errors on, and a broken answer is a 502", () => {
    expect(openCalls.cutAnswer('driver-exists', 404, '{"validations":[]}', '')).toEqual({ status: 404, text: '{"validations":[]}' });
    expect(openCalls.cutAnswer('driver-exists', 200, '<html>', '').status).toBe(502);
  });
});

describe('the forgot-password look-up answers match or no match', () => {
  const answer = JSON.stringify({ id: DRIVER.id, driver: DRIVER });
  it('a match: the id and the CPF typed', () => {
    expect(JSON.parse(openCalls.cutAnswer('password-match', 200, answer, DRIVER.cpf).text)).toEqual({
      id: DRIVER.id,
      driver: { cpf: DRIVER.cpf },
      match: true,
    });
  });
  it('no match: neither the id nor the real CPF', () => {
    const text = openCalls.cutAnswer('password-match', 200, answer, '11144477735').text;
    expect(JSON.parse(text)).toEqual({ id: null, driver: null, match: false });
    expect(text).not.toContain(DRIVER.cpf);
  });
  it('no driver: as the service says (the legacy reminder)', () => {
    expect(JSON.parse(openCalls.cutAnswer('password-match', 200, '{"id":null,"driver":null}', DRIVER.cpf).text)).toEqual({
      id: null,
      driver: null,
    });
  });
});

describe('bodies are held to the forms’ limits', () => {
  it('dates in range (Brazil’s day), lengths, control characters, JSON', () => {
    expect(openCalls.bodyProblems('licence', JSON.stringify({ BirthDate: '2008-11-26', MotherName: 'a'.repeat(100) }), NOW)).toEqual([]);
    expect(openCalls.bodyProblems('licence', JSON.stringify({ BirthDate: '2008-11-27' }), NOW)).toEqual([
      { field: 'BirthDate', message: TEXT_MESSAGES.dateOutOfRange },
    ]);
    expect(openCalls.bodyProblems('licence', JSON.stringify({ ExpirationDate: '2026-02-30' }), NOW)).toHaveLength(1);
    expect(openCalls.bodyProblems('vehicle', JSON.stringify({ EmissionDate: '1949-12-31', Chassis: 'x'.repeat(18) }), NOW)).toHaveLength(2);
    expect(openCalls.bodyProblems('location', JSON.stringify({ city: 'São\u202EPaulo' }), NOW)).toEqual([
      { field: 'city', message: TEXT_MESSAGES.controlCharacter },
    ]);
    expect(openCalls.bodyProblems('create-driver', JSON.stringify({ deviceInfo: { userAgent: 'u'.repeat(600) } }), NOW)).toEqual([
      { field: 'deviceInfo.userAgent', message: TEXT_MESSAGES.tooLong(512) },
    ]);
    expect(openCalls.bodyProblems('create-driver', '[1]', NOW)).toHaveLength(1);
    expect(openCalls.bodyProblems('create-driver', 'x', NOW)).toHaveLength(1);
  });
});

describe('nginx routes every open call to the script, and rate limits the same calls', () => {
  const template = (name: string) => readFileSync(join(__dirname, '..', 'nginx', name), 'utf8');
  const location = /location ~ "([^"]+)" \{[^}]*js_content portal_open_calls\.handle;/.exec(template('portal-driver-api.conf.template'));
  const limited = [...template('portal-maps.conf.template').matchAll(/"~\^(GET|PUT|POST) ([^"]+)"\s+\$\{PORTAL_RATE_LIMIT_KEY\}/g)];

  it.each(openCalls.CALLS.map((call) => [call.method, call.pattern, call.limited === true] as const))(
    '%s %s',
    (method, pattern, isLimited) => {
      const sample = `/driver-api/register/${pattern
        .replace(/^\^|\$$/g, '')
        .replace(/\\\./g, '.')
        .replace('[0-9A-Fa-f-]{36}', DRIVER.id)
        .replace(/\(\?:\/\[\^\/\]\+\)\?/g, '')
        .replace(/\[\^\/\]\+|\(\[\^\/\]\+\)/g, '123')}`;
      expect(new RegExp(location?.[1] ?? 'x^').test(sample)).toBe(true);
      const matchesLimit = limited.some(
        ([, verb, regex]) => verb === method && new RegExp(`^${regex}`.replace(/\\\\/g, '\\')).test(sample),
      );
      expect(matchesLimit).toBe(isLimited);
    },
  );
});
