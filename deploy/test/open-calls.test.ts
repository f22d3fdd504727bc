import { createHmac } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getAreaCodeInfo, isValidCnh, isValidRenavam } from '@brazilian-utils/brazilian-utils';
import {
  LICENCE_CATEGORIES,
  LicenceBodySchema,
  LocationBodySchema,
  RegistrationSchema,
  VehicleBodySchema,
} from '@driver-portal/mfe-onboarding/contract';
import {
  DOCUMENT_RULES,
  documentMessage,
  isCnpj,
  isCpf,
  TEXT_LIMITS,
  TEXT_MESSAGES,
  mobileSchema,
  VALIDATION_MESSAGES,
  type DocumentKind,
} from '@driver-portal/shared/validation';
import openCalls from '../nginx/portal-open-calls.mjs';
import { bodyBytes, OPEN_CALL_BODIES, type OpenCallBody } from './open-call-bodies';
import { LICENCE, VEHICLE } from '../../sandbox-api/test/onboarding-bodies';
import { driverApiProxy } from '../../scripts/driver-api-proxy.mjs';
import { limitProof, OPEN_CALL_LIMIT } from '../session-handoff.cjs';
import { createMemoryStore, StoreUnavailableError, type Admission, type Store } from '../store.cjs';
import { freePort, runNginx, type RunningNginx } from './nginx-harness';

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

describe("issue 44: create account's CPF and mobile, the same rule as the form", () => {
  const DRIVER_BODY = {
    name: 'Ana Souza',
    email: 'ana@example.com',
    cpf: '39053344705',
    mobile: '11987654321',
    password: 'abcd1234',
    gender: 'F',
  };
  const created = (change: Record<string, unknown>) =>
    openCalls.bodyProblems('create-driver', JSON.stringify({ ...DRIVER_BODY, ...change }), NOW);

  it('lets the form’s body through: a valid CPF, a mobile of an allocated DDD (also 55, and one starting with 8)', () => {
    expect(created({})).toEqual([]);
    expect(created({ mobile: '55991234567' })).toEqual([]);
    expect(created({ mobile: '21881234567' })).toEqual([]);
  });

  it.each([
    ['cpf', '39053344706', VALIDATION_MESSAGES.cpf],
    ['cpf', '11111111111', VALIDATION_MESSAGES.cpf],
    ['mobile', '20987654321', 'O DDD não existe: confira os dois primeiros números do celular.'],
    ['mobile', '1198765432', VALIDATION_MESSAGES.mobile],
    ['mobile', '11700123456', VALIDATION_MESSAGES.mobile],
    ['mobile', '11387654321', VALIDATION_MESSAGES.mobile],
  ])('%s %j: %s', (field, value, message) => expect(created({ [field]: value })).toEqual([{ field, message }]));

  it("knows the same 67 area codes as the form's rule (@brazilian-utils getAreaCodeInfo)", () => {
    const allocated = Array.from({ length: 90 }, (_, index) => String(index + 10)).filter((ddd) => getAreaCodeInfo(ddd) !== null);
    expect(openCalls.AREA_CODES).toEqual(allocated);
    expect(allocated).toHaveLength(67);
  });

  it('agrees with the form’s mobileSchema on every DDD and first digit', () => {
    const differ: string[] = [];
    for (let ddd = 10; ddd <= 99; ddd += 1) {
      for (const rest of ['987654321', '887654321', '787654321', '700123456', '687654321', '387654321']) {
        const mobile = `${ddd}${rest}`;
        if ((openCalls.documentProblem('mobile', mobile) === null) !== mobileSchema().isValidSync(mobile)) differ.push(mobile);
      }
    }
    expect(differ).toEqual([]);
  });
});

describe('issue 44: document numbers as their issuers define them, the same rule as the forms', () => {
  // The licence and vehicle the register service accepts (the sandbox's and the e2e's own).
  const licence = (change: Record<string, unknown>) => openCalls.bodyProblems('licence', JSON.stringify({ ...LICENCE, ...change }), NOW);
  const vehicle = (change: Record<string, unknown>) => openCalls.bodyProblems('vehicle', JSON.stringify({ ...VEHICLE, ...change }), NOW);

  it("speaks the forms' words and knows the contract's categories", () => {
    const { ownerDocument, cpf: _cpf, mobile: _mobile, ...numbers } = openCalls.DOCUMENT_MESSAGES;
    expect(numbers).toEqual(Object.fromEntries(Object.entries(DOCUMENT_RULES).map(([kind, rule]) => [kind, rule.messages])));
    expect(ownerDocument).toEqual({ cpf: VALIDATION_MESSAGES.cpf, cnpj: VALIDATION_MESSAGES.cnpj });
    expect(openCalls.LICENCE_CATEGORIES).toEqual([...LICENCE_CATEGORIES]);
  });

  it('lets the bodies the forms send through: every category, the old 9-digit RENAVAM and mirror number, a CPF and a CNPJ of each kind', () => {
    expect(licence({})).toEqual([]);
    for (const Category of LICENCE_CATEGORIES) expect(licence({ Category })).toEqual([]);
    expect(licence({ MirrorNumber: '987654321', RegisterNumber: '00000000119' })).toEqual([]);
    expect(vehicle({})).toEqual([]);
    for (const OwnerDocument of ['52998224725', '11222333000181', '12ABC34501DE35']) expect(vehicle({ OwnerDocument })).toEqual([]);
    expect(vehicle({ Renavam: '639884962', Plate: 'BRA2E19', Chassis: '1HGCM82633A004352' })).toEqual([]);
  });

  it.each([
    ['Renavam', '12345678901', 'RENAVAM inválido: confira o último dígito.'],
    ['Renavam', '1234567890', 'RENAVAM inválido: são 11 dígitos.'],
    ['Renavam', '1234567890O', 'RENAVAM inválido: use só números.'],
    ['Plate', 'ABC12D3', 'Placa inválida: use 3 letras e 4 números (ABC1234) ou o padrão Mercosul (ABC1D23).'],
    ['Plate', 'ABC123', 'Placa inválida: são 7 caracteres, como ABC1234 ou ABC1D23.'],
    ['Chassis', '9BWZZZ377VTO04251', 'Chassi inválido: use só letras e números; o chassi não tem I, O nem Q (confira se é 1 ou 0).'],
    ['Chassis', '9BWZZZ377VT00425', 'Chassi inválido: são 17 caracteres.'],
    ['CrlvNumber', '12345678901A', 'Número do CRLV inválido: use só números.'],
    ['OwnerDocument', '11144477734', 'CPF invalido'],
    ['OwnerDocument', '11111111111', 'CPF invalido'],
    ['OwnerDocument', '12ABC34501DE36', 'CNPJ Invalido!'],
  ])('vehicle %s %j: %s', (field, value, message) => expect(vehicle({ [field]: value })).toEqual([{ field, message }]));

  it.each([
    ['RegisterNumber', '01234567808', 'Nº de registro inválido: confira os dois últimos dígitos.'],
    ['RegisterNumber', '11111111111', 'Nº de registro inválido: confira os dois últimos dígitos.'],
    ['RegisterNumber', '0123456780', 'Nº de registro inválido: são 11 dígitos.'],
    ['RenachNumber', 'XX123456789', 'Número RENACH inválido: ele começa pela sigla do estado, como SP.'],
    ['RenachNumber', 'SP-12345678', 'Número RENACH inválido: use só letras e números, como SP123456789.'],
    ['SecurityNumber', '123456789012', 'Número de segurança inválido: são 11 dígitos.'],
    ['MirrorNumber', '98765432', 'Número do espelho inválido: são 9 ou 10 dígitos.'],
    ['Category', 'AB', openCalls.MESSAGES.invalid],
  ])('licence %s %j: %s', (field, value, message) => expect(licence({ [field]: value })).toEqual([{ field, message }]));

  it("an empty number is the service's to refuse (required); one refused for its characters is named once", () => {
    expect(licence({ RegisterNumber: '' })).toEqual([]);
    expect(vehicle({ Renavam: '1234567890\u200b' })).toEqual([{ field: 'Renavam', message: TEXT_MESSAGES.controlCharacter }]);
  });

  it("agrees with @brazilian-utils' check digits on 20,000 numbers and with the forms' rules on the sent forms", () => {
    const differ: string[] = [];
    for (let index = 0; index < 10_000; index += 1) {
      const number = String(Math.floor(Math.random() * 1e11)).padStart(11, '0');
      const cnh = index % 2 === 0 ? number : `${number.slice(0, 9)}${String(index % 100).padStart(2, '0')}`;
      if ((openCalls.documentProblem('cnhRegister', cnh) === null) !== isValidCnh(cnh)) differ.push(`cnh ${cnh}`);
      const renavam = index % 3 === 0 ? number.slice(2) : number;
      if ((openCalls.documentProblem('renavam', renavam) === null) !== isValidRenavam(renavam)) differ.push(`renavam ${renavam}`);
    }
    const sent: Array<[DocumentKind, string]> = [
      ['plate', 'ABC1234'],
      ['plate', 'ABC1D23'],
      ['plate', 'AB1D234'],
      ['chassis', '9BWZZZ377VT004251'],
      ['chassis', '9BWZZZ377VTQ04251'],
      ['renach', 'SP123456789'],
      ['renach', 'PR12345678X'],
      ['renach', '11123456789'],
      ['securityNumber', '12345678901'],
      ['securityNumber', '1234567890A'],
      ['mirrorNumber', '987654321'],
      ['mirrorNumber', '98765432100'],
      ['crlvNumber', '123456789012'],
      ['crlvNumber', '1'.repeat(21)],
    ];
    for (const [kind, value] of sent) {
      const problem = openCalls.documentProblem(kind, value);
      const wire = problem === null ? null : (openCalls.DOCUMENT_MESSAGES[kind] as Record<string, string>)[problem];
      if (wire !== documentMessage(kind, value))
        differ.push(`${kind} ${value}: ${wire} on the wire, ${documentMessage(kind, value)} in the form`);
    }
    for (const owner of [
      '52998224725',
      '52998224724',
      '11222333000181',
      '11222333000182',
      '12ABC34501DE35',
      '12ABC34501DE36',
      '00000000000',
    ]) {
      const holds = openCalls.documentProblem('ownerDocument', owner) === null;
      if (holds !== (isCpf(owner) || isCnpj(owner))) differ.push(`owner ${owner}`);
    }
    expect(differ).toEqual([]);
  });
});

describe('issue 44: ages and periods on 29 February (Código Civil, art. 132 § 3º)', () => {
  // Noon in Brazil (UTC-3) on 29/02/2028; 23:59 and 00:00 there, on each side of the day.
  const LEAP_NOON = Date.UTC(2028, 1, 29, 15, 0, 0);
  const LEAP_LAST_MINUTE = Date.UTC(2028, 2, 1, 2, 59, 0);
  const MARCH_FIRST_MIDNIGHT = Date.UTC(2028, 2, 1, 3, 0, 0);
  const birth = (BirthDate: string, now: number) => openCalls.bodyProblems('licence', JSON.stringify({ BirthDate }), now);
  const OUT = [{ field: 'BirthDate', message: TEXT_MESSAGES.dateOutOfRange }];

  it('18 years back from a 29 February is 28/02: born 01/03/2010 is refused that day, born 28/02/2010 is not', () => {
    expect(openCalls.brazilDay(-18, LEAP_NOON)).toBe('2010-02-28');
    for (const now of [LEAP_NOON, LEAP_LAST_MINUTE]) {
      expect(birth('2010-03-01', now)).toEqual(OUT);
      expect(birth('2010-02-28', now)).toEqual([]);
    }
    // Midnight in Brazil: 01/03/2028, the day the driver born 01/03/2010 turns 18.
    expect(birth('2010-03-01', MARCH_FIRST_MIDNIGHT)).toEqual([]);
    expect(birth('2010-03-02', MARCH_FIRST_MIDNIGHT)).toEqual(OUT);
  });

  it('a leap day N years back that exists stays itself; a period ahead from 29 February ends on 1 March', () => {
    expect(openCalls.brazilDay(-4, LEAP_NOON)).toBe('2024-02-29');
    expect(openCalls.brazilDay(0, LEAP_NOON)).toBe('2028-02-29');
    expect(openCalls.brazilDay(10, LEAP_NOON)).toBe('2038-03-01');
    const expiry = (ExpirationDate: string) => openCalls.bodyProblems('licence', JSON.stringify({ ExpirationDate }), LEAP_NOON);
    expect(expiry('2038-03-01')).toEqual([]);
    expect(expiry('2038-03-02')).toEqual([{ field: 'ExpirationDate', message: TEXT_MESSAGES.dateOutOfRange }]);
  });

  it('the last day of a month and a day that exists every year are the same day N years back', () => {
    expect(openCalls.brazilDay(-18, Date.UTC(2026, 3, 30, 15))).toBe('2008-04-30');
    expect(openCalls.brazilDay(-18, Date.UTC(2027, 1, 28, 15))).toBe('2009-02-28');
    // 00:30 UTC on 1 May is still 30 April in Brazil.
    expect(openCalls.brazilDay(-18, Date.UTC(2026, 4, 1, 0, 30))).toBe('2008-04-30');
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

const CORPUS = OPEN_CALL_BODIES;
const pathOf = (entry: OpenCallBody) => entry.path.replace('{driverId}', DRIVER.id);
const bytesOf = bodyBytes;
/** What the Node proxy gives the script (scripts/driver-api-proxy.mjs: the body's bytes as UTF-8). */
const nodeProblems = (entry: OpenCallBody) => {
  const call = openCalls.openCallOf(entry.method, pathOf(entry));
  return openCalls.bodyProblems(call?.body ?? 'none', bytesOf(entry).toString('utf8'), Date.now());
};

describe('issue 37, item 8: the corpus of bodies (open-call-bodies.json)', () => {
  it('holds every bypass kind the probe found accepted, and bodies the forms send', () => {
    expect(CORPUS.filter((entry) => entry.issue)).toHaveLength(15);
    expect(CORPUS.filter((entry) => entry.status === 400).length).toBeGreaterThanOrEqual(58);
    expect(CORPUS.filter((entry) => entry.status === 200).length).toBeGreaterThanOrEqual(3);
    expect(CORPUS.filter((entry) => !openCalls.openCallOf(entry.method, pathOf(entry))?.body).map((entry) => entry.name)).toEqual([]);
  });

  it.each(CORPUS.map((entry) => [entry.kind, entry.name, entry] as const))('%s: %s', (_kind, _name, entry) => {
    expect(nodeProblems(entry)).toEqual(entry.validations);
  });
});

describe('keys: only the form’s own, spelled exactly', () => {
  const keysOf = (kind: keyof typeof openCalls.BODIES) => {
    const limits = openCalls.BODIES[kind];
    return [...Object.keys(limits.texts), ...Object.keys(limits.dates), ...Object.keys(limits.nested), ...limits.others].sort();
  };
  it("are the onboarding contract's body schemas, no more and no fewer", () => {
    expect(keysOf('licence')).toEqual(Object.keys(LicenceBodySchema.entries).sort());
    expect(keysOf('vehicle')).toEqual(Object.keys(VehicleBodySchema.entries).sort());
    expect(keysOf('location')).toEqual(Object.keys(LocationBodySchema.entries).sort());
    expect(keysOf('create-driver')).toEqual(Object.keys(RegistrationSchema.entries).sort());
    expect(Object.keys(openCalls.BODIES['create-driver'].nested.deviceInfo ?? {}).sort()).toEqual(
      Object.keys(RegistrationSchema.entries.deviceInfo.entries).sort(),
    );
  });
  it('refuse every other spelling of every known key', () => {
    let tried = 0;
    for (const kind of ['licence', 'vehicle', 'location', 'create-driver'] as const) {
      for (const key of keysOf(kind)) {
        const spellings = [key.toLowerCase(), key.toUpperCase(), `${key.charAt(0).toUpperCase()}${key.slice(1)}`].filter(
          (other) => other !== key,
        );
        for (const spelling of new Set(spellings)) {
          expect({ spelling, problems: openCalls.bodyProblems(kind, JSON.stringify({ [spelling]: 'x' }), NOW) }).toEqual({
            spelling,
            problems: [{ field: spelling, message: openCalls.MESSAGES.invalid }],
          });
          tried += 1;
        }
      }
    }
    expect(tried).toBeGreaterThan(90);
  });
});

describe('invisible characters: one explicit set, the same on both runtimes', () => {
  // Node's Unicode data is the reference: the set is exactly these properties, and the two
  // characters that stand for something lost (the object and the replacement character).
  const REFERENCE =
    /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}\p{Bidi_Control}\p{Variation_Selector}\p{Noncharacter_Code_Point}\uFFFC\uFFFD]/u;
  // A lone surrogate as text: what JSON's \\uD800 makes in Node.
  const textOf = (code: number) => (code >= 0xd800 && code <= 0xdfff ? String.fromCharCode(code) : String.fromCodePoint(code));

  it('refuses exactly the code points of the reference, all 1,114,112 of them', () => {
    const differ: string[] = [];
    for (let code = 0; code <= 0x10ffff; code += 1) {
      const text = textOf(code);
      if (openCalls.textFacts(text).invisible !== REFERENCE.test(text)) differ.push(code.toString(16));
    }
    expect(differ).toEqual([]);
  });

  it('is written as sorted ranges that do not overlap', () => {
    for (const [index, [first, last]] of openCalls.INVISIBLE.entries()) {
      expect(first).toBeLessThanOrEqual(last);
      if (index > 0) expect(first).toBeGreaterThan(openCalls.INVISIBLE[index - 1]?.[1] ?? -1);
    }
  });

  it('lets letters, accents, emoji and a no-break space through', () => {
    const texts = ['Conceição', "D'Ávila", 'e\u0301', '😀', '🇧🇷', 'Ana\u00a0Maria', 'Łódź', '東京'];
    expect(texts.filter((text) => openCalls.textFacts(text).invisible)).toEqual([]);
  });
});

describe('lengths: UTF-16 code units, as the forms count', () => {
  it.each(['', 'abc', 'São Paulo', '😀', '😀'.repeat(60), 'a😀b', 'e\u0301', '\u{e0041}', '\ud800', '\udc00x'])('%j', (text) => {
    expect(openCalls.textFacts(text).units).toBe(text.length);
  });
});

// The same script in nginx's JavaScript module (njs 0.7: code points, PCRE, byte strings), through
// `handle`, with a stand-in for the service: every body gets the answer Node gives.
/** Listening on a free loopback port; its origin. */
async function listening(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/**
 * The Node proxy in front of a service answering every look-up 200 `{"response":null}`, its
 * limiter's clock frozen (however long a busy machine makes a run, no token comes back: the
 * arithmetic holds exactly); `run` gets the portal's base URL. Both servers closed whatever the outcome.
 */
async function withFrozenProxy(options: { namespaceSecret?: string }, run: (base: string) => Promise<void>) {
  const service = createHttpServer((_req, res) => res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"response":null}'));
  const upstream = await listening(service);
  const frozen = Date.now();
  const proxy = driverApiProxy({
    upstream,
    authUrl: `${upstream}/auth`,
    appOrigins: new Set(),
    store: createMemoryStore({ now: () => frozen }),
    ...options,
  });
  const portal = createHttpServer((req, res) => void proxy(req, res, new URL(req.url ?? '/', 'http://localhost')));
  try {
    await run(await listening(portal));
  } finally {
    // Closed whatever the outcome: a failed assertion must not leave Jest waiting on open servers.
    for (const server of [portal, service]) {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  }
}

describe('issue 38: one open-call limit for every server and replica', () => {
  it('the session-handoff service (which nginx asks) counts the same numbers as the script', () => {
    expect(OPEN_CALL_LIMIT).toEqual(openCalls.RATE_LIMIT);
  });

  it("nginx no longer counts per nginx (limit_req): the script asks the service's shared limit", () => {
    const template = readFileSync(join(__dirname, '..', 'nginx', 'portal-driver-api.conf.template'), 'utf8');
    expect(template).not.toMatch(/^\s*limit_req\b/m);
    expect(template).toMatch(/location = \/__portal_limits\/open-call \{\s*internal;\s*proxy_pass \$\{PORTAL_HANDOFF_UPSTREAM\};/);
  });

  it('the Node proxy: 300 look-ups from one client give 21, then 429 with the refusal both servers send and a Retry-After', async () => {
    // The store's clock stands still: the 300 take as long as a busy machine makes them, and the
    // bucket would refill one every 2 s meanwhile (the e2e probe allows for that; this holds the
    // arithmetic exactly).
    await withFrozenProxy({}, async (base) => {
      const statuses: number[] = [];
      let last: Response | undefined;
      for (let index = 0; index < 300; index += 1) {
        last = await fetch(`${base}/driver-api/register/api/1.0/driver/mobile/119${String(index).padStart(8, '0')}`);
        statuses.push(last.status);
        if (index < 299) await last.arrayBuffer();
      }
      expect(statuses.filter((status) => status === 200)).toHaveLength(openCalls.RATE_LIMIT.burst + 1);
      expect(statuses.filter((status) => status === 429)).toHaveLength(300 - openCalls.RATE_LIMIT.burst - 1);
      // The bucket frees one every 2 s: how long until then.
      expect(['1', '2']).toContain(last?.headers.get('retry-after'));
      expect(await last?.text()).toBe(JSON.stringify({ validations: [{ message: openCalls.TOO_MANY }] }));
    });
  });
});

/** What a limited look-up answers: through (the service's 200), throttled (429) or refused (503). */
const OUTCOMES = {
  through: { status: 200, retryAfter: null, text: '{"response":null}' },
  throttled: { status: 429, retryAfter: '7', text: JSON.stringify({ validations: [{ message: openCalls.TOO_MANY }] }) },
  refused: { status: 503, retryAfter: '5', text: JSON.stringify({ validations: [{ message: openCalls.LIMIT_UNAVAILABLE }] }) },
} as const;

/**
 * Issue 45, item 5: each answer the limiter can give, what both servers do with it, and how each
 * server meets it: nginx asks the session-handoff service over HTTP (`answer`, or `down`: nothing
 * listens), the Node proxy asks the store's limiter in-process (`admit`: what it resolves, or
 * throws). Only a limiter that cannot be reached lets the call through.
 */
const LIMITER_ANSWERS: ReadonlyArray<
  readonly [
    string,
    keyof typeof OUTCOMES,
    { answer: { status: number; headers?: Record<string, string>; raw?: string; silent?: boolean }; down?: boolean },
    () => Promise<Admission>,
  ]
> = [
  ['204 (go on)', 'through', { answer: { status: 204 } }, async () => ({ ok: true })],
  [
    '429 with Retry-After',
    'throttled',
    { answer: { status: 429, headers: { 'Retry-After': '7' } } },
    async () => ({ ok: false, retryAfterSeconds: 7 }),
  ],
  ['400', 'refused', { answer: { status: 400 } }, async () => ({ ok: 'yes' }) as unknown as Admission],
  ['403', 'refused', { answer: { status: 403 } }, async () => undefined as unknown as Admission],
  ['500', 'refused', { answer: { status: 500 } }, async () => Promise.reject(new Error('limiter broke'))],
  ['200 (not a limiter answer)', 'refused', { answer: { status: 200 } }, async () => ({}) as unknown as Admission],
  ['its own 502', 'refused', { answer: { status: 502 } }, async () => ({ ok: false }) as unknown as Admission],
  ['garbage bytes', 'refused', { answer: { status: 0, raw: 'garbage\r\n\r\n' } }, async () => 'garbage' as unknown as Admission],
  [
    'a status line nginx cannot read',
    'refused',
    { answer: { status: 0, raw: 'HTTP/1.1 abc\r\n\r\n' } },
    async () => null as unknown as Admission,
  ],
  [
    'unreachable: nothing listens (502 from nginx)',
    'through',
    { answer: { status: 204 }, down: true },
    async () => Promise.reject(new StoreUnavailableError('down')),
  ],
  [
    'unreachable: no answer in 3 s (504 from nginx)',
    'through',
    { answer: { status: 204, silent: true } },
    async () => Promise.reject(new StoreUnavailableError('timeout')),
  ],
];

describe('issue 45, item 5: the Node proxy reads its limiter as nginx reads the service', () => {
  it.each(LIMITER_ANSWERS)('limiter answer %s: %s', async (_name, expected, _njs, admit) => {
    const service = createHttpServer((_req, res) => res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"response":null}'));
    const upstream = await listening(service);
    const memory = createMemoryStore();
    const store: Store = { ...memory, limiter: () => ({ admit }) };
    const said: string[] = [];
    const proxy = driverApiProxy({ upstream, authUrl: `${upstream}/auth`, appOrigins: new Set(), store, log: (line) => said.push(line) });
    const portal = createHttpServer((req, res) => void proxy(req, res, new URL(req.url ?? '/', 'http://localhost')));
    try {
      const base = await listening(portal);
      const response = await fetch(`${base}/driver-api/register/api/1.0/driver/mobile/11987654321`);
      expect({ status: response.status, retryAfter: response.headers.get('retry-after'), text: await response.text() }).toEqual(
        OUTCOMES[expected],
      );
      // Said in the log when let through unreachable or refused, as nginx's error log says it.
      expect(said).toHaveLength(expected === 'throttled' || _name.startsWith('204') ? 0 : 1);
    } finally {
      for (const server of [portal, service]) {
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
      }
    }
  });

  it('the namespace header makes no bucket: 30 look-ups, each in a new namespace, from one address give 21', async () => {
    await withFrozenProxy({ namespaceSecret: undefined }, async (base) => {
      const statuses = [];
      for (let index = 0; index < 30; index += 1) {
        const response = await fetch(`${base}/driver-api/register/api/1.0/driver/mobile/11987654321`, {
          headers: { 'X-Sandbox-Namespace': `forged-${index}-${'x'.repeat(90)}`, 'X-Portal-Namespace-Proof': 'f'.repeat(64) },
        });
        statuses.push(response.status);
        await response.arrayBuffer();
      }
      expect(statuses.filter((status) => status === 200)).toHaveLength(openCalls.RATE_LIMIT.burst + 1);
      expect(statuses.filter((status) => status === 429)).toHaveLength(30 - openCalls.RATE_LIMIT.burst - 1);
    });
  });
});

describe('njs answers every body of the corpus as Node does', () => {
  const prefix = mkdtempSync(join(tmpdir(), 'portal-open-calls-'));
  let nginx: RunningNginx | undefined;
  let origin = '';
  // The shared limit as nginx asks it (the session-handoff service's /__portal_limits/open-call),
  // played here: what it answers (`raw`: bytes written on the socket as they are; `silent`: no
  // answer at all), and what it was asked.
  let limitAnswer: { status: number; headers?: Record<string, string>; raw?: string; silent?: boolean } = { status: 204 };
  const limitAsked: Array<{ method: string; url: string; headers: IncomingHttpHeaders }> = [];
  const limits = createHttpServer((req, res) => {
    limitAsked.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
    if (limitAnswer.silent) return;
    if (limitAnswer.raw !== undefined) return void req.socket.end(limitAnswer.raw);
    res.writeHead(limitAnswer.status, limitAnswer.headers).end();
  });
  let limitsPort = 0;
  const SECRET = 'a-secret-of-this-test-only-0123456789abcdef';
  const NAMESPACE_SECRET = 'a-namespace-secret-of-this-test-0123456789';

  beforeAll(async () => {
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    const limitsOrigin = await listening(limits);
    limitsPort = (limits.address() as AddressInfo).port;
    // The deployment's own location, with its upstream here.
    const limitsLocation = (
      /location = \/__portal_limits\/open-call \{[\s\S]*?\n\}/.exec(
        readFileSync(join(__dirname, '..', 'nginx', 'portal-driver-api.conf.template'), 'utf8'),
      )?.[0] ?? ''
    ).replace('${PORTAL_HANDOFF_UPSTREAM}', limitsOrigin);
    mkdirSync(join(prefix, 'logs'));
    writeFileSync(
      join(prefix, 'nginx.conf'),
      `load_module /usr/lib/nginx/modules/ngx_http_js_module.so;
daemon off; master_process off; pid ${prefix}/logs/nginx.pid; error_log ${prefix}/logs/error.log;
events {}
http {
  access_log off;
  client_body_temp_path ${prefix}/logs;
  js_path ${join(__dirname, '..', 'nginx')};
  js_import portal_open_calls from portal-open-calls.mjs;
  map $host $portal_cohort_secret { default "${SECRET}"; }
  server {
    listen 127.0.0.1:${port};
    set $portal_test_namespace_secret "${NAMESPACE_SECRET}";
    location /driver-api/register/ { client_max_body_size 64k; client_body_buffer_size 64k; js_content portal_open_calls.handle; }
    location /__portal_open_upstream/register/ { internal; return 200 '{"reached":true}'; }
    ${limitsLocation}
  }
}
`,
    );
    nginx = await runNginx({ prefix, conf: join(prefix, 'nginx.conf'), port });
  });

  afterAll(async () => {
    await nginx?.stop();
    rmSync(prefix, { recursive: true, force: true });
    limits.closeAllConnections();
    await new Promise((resolve) => limits.close(resolve));
  });

  const lookUp = () =>
    fetch(`${origin}/driver-api/register/api/1.0/driver/mobile/11987654321`, {
      headers: { Authorization: 'Bearer secret', Cookie: 'portal=secret' },
    });

  it("asks the shared limit before a limited call, with the client's key and nothing of the driver's request; its 429 is the Node proxy's", async () => {
    limitAsked.length = 0;
    limitAnswer = { status: 429, headers: { 'Retry-After': '7' } };
    const refused = await lookUp();
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('7');
    expect(await refused.text()).toBe(JSON.stringify({ validations: [{ message: openCalls.TOO_MANY }] }));
    // No map of PORTAL_RATE_LIMIT_KEY in this test's nginx: the address, 127.0.0.1, as hex, proven
    // with the deployment's secret (issue 45, item 4: the service answers no one else).
    expect(limitAsked).toEqual([
      expect.objectContaining({ method: 'GET', url: `/__portal_limits/open-call?client=7f000001&proof=${limitProof(SECRET, '7f000001')}` }),
    ]);
    expect(limitAsked[0]?.headers).not.toHaveProperty('authorization');
    expect(limitAsked[0]?.headers).not.toHaveProperty('cookie');
    limitAnswer = { status: 204 };
    expect((await lookUp()).status).toBe(200);
  });

  it('a call without a limit does not ask', async () => {
    limitAsked.length = 0;
    limitAnswer = { status: 429 };
    const licence = await fetch(`${origin}/driver-api/register/api/1.0/driver/${DRIVER.id}/license`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(licence.status).toBe(200);
    expect(limitAsked).toEqual([]);
    limitAnswer = { status: 204 };
  });

  // Issue 45, item 5: what each answer of the limiter does, here (njs) and on the Node proxy below.
  const njsOutcome = async (answer: typeof limitAnswer, options: { down?: boolean } = {}) => {
    limitAnswer = answer;
    if (options.down) await new Promise((resolve) => limits.close(resolve));
    try {
      const response = await lookUp();
      return { status: response.status, retryAfter: response.headers.get('retry-after'), text: await response.text() };
    } finally {
      if (options.down) await new Promise<void>((resolve) => limits.listen(limitsPort, '127.0.0.1', resolve));
      limitAnswer = { status: 204 };
    }
  };

  it.each(LIMITER_ANSWERS)('limiter answer %s: %s', async (_name, expected, njs) => {
    limits.closeAllConnections();
    expect(await njsOutcome(njs.answer, njs)).toEqual(OUTCOMES[expected]);
  });

  it("a namespace header changes nothing; a namespace proven under the run's secret is a client of its own", async () => {
    limitAsked.length = 0;
    const namespace = 'e2e-0-' + 'n'.repeat(94);
    await fetch(`${origin}/driver-api/register/api/1.0/driver/mobile/11987654321`, { headers: { 'X-Sandbox-Namespace': namespace } });
    await fetch(`${origin}/driver-api/register/api/1.0/driver/mobile/11987654321`, {
      headers: { 'X-Sandbox-Namespace': namespace, 'X-Portal-Namespace-Proof': 'f'.repeat(64) },
    });
    const proof = createHmac('sha256', NAMESPACE_SECRET).update(`portal-test-namespace ${namespace}`).digest('hex');
    await fetch(`${origin}/driver-api/register/api/1.0/driver/mobile/11987654321`, {
      headers: { 'X-Sandbox-Namespace': namespace, 'X-Portal-Namespace-Proof': proof },
    });
    const clients = limitAsked.map(({ url }) => new URL(url, 'http://x').searchParams.get('client'));
    expect(clients).toEqual(['7f000001', '7f000001', `7f000001.${proof.slice(0, 32)}`]);
  });

  it('the status and the exact answer, entry by entry', async () => {
    const differ: string[] = [];
    for (const entry of CORPUS) {
      const problems = nodeProblems(entry);
      const node = problems.length > 0 ? { status: 400, text: openCalls.refusalText(problems) } : { status: 200, text: '{"reached":true}' };
      const answer = await fetch(`${origin}/driver-api/register/${pathOf(entry)}`, {
        method: entry.method,
        headers: { 'Content-Type': 'application/json' },
        body: bytesOf(entry),
      });
      const njs = { status: answer.status, text: await answer.text() };
      if (njs.status !== node.status || njs.text !== node.text)
        differ.push(`${entry.name}: njs ${njs.status} ${njs.text}, Node ${node.status} ${node.text}`);
      if (node.status !== entry.status) differ.push(`${entry.name}: Node ${node.status}, expected ${entry.status}`);
    }
    expect(differ).toEqual([]);
  });
});
