/* eslint-disable @typescript-eslint/no-unused-vars -- njs 0.7 has no `catch {` without a binding */
// What the driver-data proxy does with the calls it lets through without a token (docs/security.md,
// "What each open call answers"), in one file both servers run: nginx through its JavaScript
// module (njs: `js_import`, `js_content`), `npm start`'s Node proxy by importing it. So it is
// written in the JavaScript njs 0.7 runs: no destructuring, no optional chaining, no spread, no Intl.
//
// - The answer of a look-up is cut to what the screen that makes it needs: the phone look-up
//   says whether a driver has the number and its id (the onboarding router goes on with it); the
//   forgot-password look-up says match or no match (and the id on a match, for the next step).
// - The body of an open or onboarding call is held to the form that sends it: only the form's own
//   keys, spelled exactly (a service whose binder ignores case would read `birthdate` as
//   `BirthDate`); lengths in UTF-16 code units (what the forms' maxLength counts, on both
//   runtimes); dates in range; no invisible, format or bidi character (INVISIBLE below); the
//   licence's and the vehicle's document numbers as their issuers define them (DOCUMENTS below:
//   lengths, alphabets, the RENAVAM's, the CNH's, the CPF's and the CNPJ's check digits), and the
//   new account's CPF and mobile (check digits; an area code ANATEL allocated). Anything
//   else is a 400 that says which field, before the service sees it.
// - Per-client rate limits on the calls that can enumerate drivers or codes: one limiter
//   (deploy/store.cjs, in Redis when the deployment has one) that the Node proxy asks in-process
//   and nginx asks through the session-handoff service (`limitThen` below), so with several nginx
//   replicas the limit holds in total, not per replica. Both servers read its answer with
//   `limitOutcome` (decision 0024): only a limiter that cannot be reached lets calls through; any
//   other odd answer refuses them. The client is the address; no header the client sends makes
//   or chooses a bucket (`namespaceScope`: the local test deployment's proven namespaces only).

import crypto from 'crypto';

/**
 * Per client, per minute, with a burst (nginx's limit_req arithmetic: the first and `burst` more at
 * once, then one every 60/perMinute s): a driver signs up once; 300 look-ups in 4 s is no driver.
 * deploy/session-handoff.cjs OPEN_CALL_LIMIT holds the same numbers (a test holds them equal).
 */
var RATE_LIMIT = { perMinute: 30, burst: 20 };
/** What a throttled call answers, on both servers (the services' validation list shape). */
var TOO_MANY = 'Muitas tentativas. Aguarde um minuto e tente de novo.';
/** What a call answers when the limiter gave an answer that is neither yes nor no (503, on both servers). */
var LIMIT_UNAVAILABLE = 'Serviço indisponível. Tente de novo em instantes.';

/**
 * The form limits (shared/src/validation TEXT_LIMITS, held equal by deploy/test/open-calls.test.ts):
 * names 100, free texts 100, remarks 200, cities 60, numbers and codes 20, e-mails 100.
 */
var TEXT = { name: 100, text: 100, remark: 200, city: 60, identifier: 20, email: 100 };
/** The forms' own messages (shared/src/validation TEXT_MESSAGES), so the driver reads the same words. */
var MESSAGES = {
  tooLong: function (max) {
    return 'Use no máximo ' + max + ' caracteres.';
  },
  controlCharacter: 'Há um caractere invisível ou de controle no texto: apague-o.',
  dateOutOfRange: 'Data fora do período possível.',
  invalid: 'Valor inválido.',
  notJson: 'Os dados enviados não são válidos.',
};
/** Any other string of a checked body: the longest form field (the remark). */
var ANY_TEXT = TEXT.remark;

/**
 * The forms' messages for a document number (shared/src/validation/documents.ts, DOCUMENT_RULES;
 * held equal by deploy/test/open-calls.test.ts), by rule and by what is wrong; the owner's CPF or
 * CNPJ in the words of the vehicle form (VALIDATION_MESSAGES.cpf and .cnpj).
 */
var DOCUMENT_MESSAGES = {
  renavam: {
    length: 'RENAVAM inválido: são 11 dígitos.',
    alphabet: 'RENAVAM inválido: use só números.',
    checkDigit: 'RENAVAM inválido: confira o último dígito.',
  },
  cnhRegister: {
    length: 'Nº de registro inválido: são 11 dígitos.',
    alphabet: 'Nº de registro inválido: use só números.',
    checkDigit: 'Nº de registro inválido: confira os dois últimos dígitos.',
  },
  plate: {
    length: 'Placa inválida: são 7 caracteres, como ABC1234 ou ABC1D23.',
    alphabet: 'Placa inválida: use 3 letras e 4 números (ABC1234) ou o padrão Mercosul (ABC1D23).',
  },
  chassis: {
    length: 'Chassi inválido: são 17 caracteres.',
    alphabet: 'Chassi inválido: use só letras e números; o chassi não tem I, O nem Q (confira se é 1 ou 0).',
  },
  renach: {
    length: 'Número RENACH inválido: são 11 caracteres, como SP123456789.',
    alphabet: 'Número RENACH inválido: use só letras e números, como SP123456789.',
    state: 'Número RENACH inválido: ele começa pela sigla do estado, como SP.',
  },
  securityNumber: {
    length: 'Número de segurança inválido: são 11 dígitos.',
    alphabet: 'Número de segurança inválido: use só números.',
  },
  mirrorNumber: {
    length: 'Número do espelho inválido: são 9 ou 10 dígitos.',
    alphabet: 'Número do espelho inválido: use só números.',
  },
  crlvNumber: {
    length: 'Número do CRLV inválido: são no máximo 20 dígitos.',
    alphabet: 'Número do CRLV inválido: use só números.',
  },
  ownerDocument: { cpf: 'CPF invalido', cnpj: 'CNPJ Invalido!' },
  // Create account's CPF and mobile (shared/src/validation cpfSchema and mobileSchema, ./phone.ts).
  cpf: { cpf: 'CPF invalido' },
  mobile: { invalid: 'Celular invalido', areaCode: 'O DDD não existe: confira os dois primeiros números do celular.' },
};

/**
 * The 67 area codes (DDD) ANATEL allocated (@brazilian-utils getAreaCodeInfo, which the form's
 * mobileSchema uses; deploy/test/open-calls.test.ts holds them equal).
 */
var AREA_CODES = (
  '11 12 13 14 15 16 17 18 19 21 22 24 27 28 31 32 33 34 35 37 38 41 42 43 44 45 46 47 48 49 51 53 54 55 ' +
  '61 62 63 64 65 66 67 68 69 71 73 74 75 77 79 81 82 83 84 85 86 87 88 89 91 92 93 94 95 96 97 98 99'
).split(' ');

/** The licence categories the contract has (mfe-onboarding LICENCE_CATEGORIES: as printed, "A/B" for "AB"). */
var LICENCE_CATEGORIES = ['A', 'B', 'C', 'D', 'E', 'A/B', 'A/C', 'A/D', 'A/E'];

/** The 27 state codes (shared/src/validation BRAZIL_STATES): a RENACH number starts with one. */
var BRAZIL_STATES = 'AC AL AP AM BA CE DF ES GO MA MT MS MG PA PB PR PE PI RJ RN RS RO RR SC SP SE TO'.split(' ');

/** [oldest, latest] ISO dates, as years from today in Brazil (null: a fixed date). */
var LICENCE_DATES = {
  BirthDate: ['1900-01-01', -18],
  FirstLicenseDate: ['1930-01-01', 0],
  EmissionDate: ['1930-01-01', 0],
  ExpirationDate: ['1930-01-01', 10],
};

/**
 * The fields each checked body may have, spelled exactly as the form sends them (the onboarding
 * contract's body schemas; deploy/test/open-calls.test.ts holds them equal), and their limits:
 * `texts` a string's length, `dates` [oldest, years from today], `nested` an object's own texts,
 * `others` keys whose value is a number or a list (their strings are held to ANY_TEXT). A key
 * that is none of these, in any spelling, is refused.
 */
var BODIES = {
  'create-driver': {
    texts: {
      name: TEXT.name,
      email: TEXT.email,
      mobile: TEXT.identifier,
      cpf: TEXT.identifier,
      password: TEXT.text,
      gender: TEXT.identifier,
    },
    nested: { deviceInfo: { userAgent: 512, language: TEXT.identifier, screen: TEXT.identifier } },
    dates: {},
    others: ['policies'],
    documents: { cpf: 'cpf', mobile: 'mobile' },
  },
  licence: {
    texts: {
      MotherName: TEXT.name,
      FatherName: TEXT.name,
      Remark: TEXT.remark,
      EmissionCity: TEXT.city,
      DocumentNumber: TEXT.identifier,
      DocumentIssuingAuthority: TEXT.identifier,
      RegisterNumber: TEXT.identifier,
      RenachNumber: TEXT.identifier,
      SecurityNumber: TEXT.identifier,
      MirrorNumber: TEXT.identifier,
      DocumentIssuingState: 2,
      EmissionState: 2,
      Category: 3,
    },
    nested: {},
    dates: LICENCE_DATES,
    others: [],
    documents: { RegisterNumber: 'cnhRegister', RenachNumber: 'renach', SecurityNumber: 'securityNumber', MirrorNumber: 'mirrorNumber' },
    lists: { Category: LICENCE_CATEGORIES },
  },
  location: {
    texts: { zipCode: 9, address: TEXT.text, number: 6, complement: TEXT.text, district: TEXT.text, city: TEXT.city, state: 2 },
    nested: {},
    dates: {},
    others: [],
  },
  vehicle: {
    texts: {
      Chassis: 17,
      CrlvNumber: TEXT.identifier,
      Type: TEXT.text,
      Color: TEXT.text,
      EmissionCity: TEXT.city,
      Remark: TEXT.remark,
      OwnerName: TEXT.name,
      OwnerDocument: TEXT.identifier,
      Renavam: 11,
      Plate: 8,
      Fuel: TEXT.text,
      IssuingState: 2,
    },
    nested: {},
    dates: { EmissionDate: ['1950-01-01', 0] },
    others: ['ModalityType', 'CurrentYear', 'Brand', 'Model', 'ManufactureYear', 'ModelYear'],
    documents: { Renavam: 'renavam', Plate: 'plate', Chassis: 'chassis', CrlvNumber: 'crlvNumber', OwnerDocument: 'ownerDocument' },
    lists: {},
  },
};

/** The open calls whose answer is cut, whose body is checked, and which are rate limited. */
var CALLS = [
  { method: 'GET', pattern: '^api/1\\.0/driver/mobile/[^/]+$', answer: 'driver-exists', limited: true },
  {
    method: 'GET',
    pattern: '^api/1\\.0/driver/forgetpassword/mobile/[^/]+/personalregistrationnumber/([^/]+)$',
    answer: 'password-match',
    limited: true,
  },
  { method: 'PUT', pattern: '^api/1\\.0/driver/mobile-number/[^/]+/verification-code(?:/[^/]+)?$', limited: true },
  { method: 'POST', pattern: '^api/1\\.0/driver$', body: 'create-driver', limited: true },
  { method: 'POST', pattern: '^api/1\\.0/driver/[0-9A-Fa-f-]{36}/license$', body: 'licence' },
  { method: 'PUT', pattern: '^api/1\\.0/driver/[0-9A-Fa-f-]{36}/license$', body: 'licence' },
  { method: 'POST', pattern: '^api/1\\.0/driver/[0-9A-Fa-f-]{36}/location$', body: 'location' },
  { method: 'PUT', pattern: '^api/1\\.0/driver/[0-9A-Fa-f-]{36}/location$', body: 'location' },
  { method: 'POST', pattern: '^api/1\\.0/driver/[0-9A-Fa-f-]{36}/vehicle$', body: 'vehicle' },
];

/** The call of a register path (what follows /driver-api/register/), or null. */
function openCallOf(method, path) {
  for (var i = 0; i < CALLS.length; i++) {
    var call = CALLS[i];
    var match = call.method === method ? new RegExp(call.pattern).exec(path) : null;
    if (match) return { answer: call.answer || '', body: call.body || '', limited: call.limited === true, param: match[1] || '' };
  }
  return null;
}

function digitsOf(text) {
  return String(text === undefined || text === null ? '' : text).replace(/\D/g, '');
}

/**
 * The answer the page gets: `status` and `text` are the service's. Only 200s are cut; an error's
 * body is the service's validation list, passed on. An answer that is not the JSON expected is a 502.
 */
function cutAnswer(kind, status, text, param) {
  if (status !== 200 || kind === '') return { status: status, text: text };
  var answer;
  try {
    answer = JSON.parse(text);
  } catch (error) {
    return { status: 502, text: JSON.stringify({ validations: [{ message: 'Serviço indisponível.' }] }) };
  }
  if (kind === 'driver-exists') {
    var driver = answer && answer.response;
    var id = driver && typeof driver.id === 'string' ? driver.id : null;
    return { status: 200, text: JSON.stringify({ response: id === null ? null : { id: id } }) };
  }
  // password-match: the id only when the CPF typed (the path's) is the driver's; never the real one.
  var found = answer && typeof answer.id === 'string' && answer.id !== '' ? answer.id : null;
  var cpf = answer && answer.driver ? digitsOf(answer.driver.cpf) : '';
  var typed = digitsOf(decodeURIComponent(param));
  if (found === null) return { status: 200, text: JSON.stringify({ id: null, driver: null }) };
  if (cpf !== '' && cpf === typed) return { status: 200, text: JSON.stringify({ id: found, driver: { cpf: typed }, match: true }) };
  return { status: 200, text: JSON.stringify({ id: null, driver: null, match: false }) };
}

/**
 * Today in Brazil (UTC-3, no daylight saving since 2019), `years` from now, as YYYY-MM-DD, counted
 * as the Código Civil counts a period of years (art. 132 § 3º: it ends on the same-numbered day,
 * or the next day when that day does not exist). Back in time (`years` < 0, the latest birth date
 * of an age) the day is the same one N years ago, clamped to the month's last day: on 29/02/2028
 * the latest birth date for 18 is 28/02/2010 (a driver born 01/03/2010 turns 18 only on
 * 01/03/2028). Ahead (`years` > 0, a period's end) a missing 29 February rolls over to 1 March.
 * shared/src/validation/dates.ts isoDateFromToday counts the same way (the forms' rule).
 */
function brazilDay(years, now) {
  var day = new Date(now - 3 * 3600 * 1000);
  var year = day.getUTCFullYear() + years;
  var month = day.getUTCMonth();
  var date = day.getUTCDate();
  if (years < 0) {
    var last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
    if (date > last) date = last;
  }
  return new Date(Date.UTC(year, month, date)).toISOString().slice(0, 10);
}

/** Whether every character of `text` is the same one (no registry issues such a number). */
function repeated(text) {
  for (var i = 1; i < text.length; i++) if (text.charAt(i) !== text.charAt(0)) return false;
  return true;
}

/**
 * RENAVAM's check digit: the first ten digits weighted 2 to 9 and again from the right, times 10,
 * modulo 11 (10 counts as 0): @brazilian-utils calculateRenavamCheckDigit (its sources:
 * validation-br and brutils).
 */
function renavamHolds(digits) {
  var renavam = digits.length === 9 ? '00' + digits : digits;
  if (repeated(renavam)) return false;
  var sum = 0;
  var weight = 2;
  for (var i = 9; i >= 0; i--) {
    sum += Number(renavam.charAt(i)) * weight;
    weight = weight >= 9 ? 2 : weight + 1;
  }
  var check = (sum * 10) % 11;
  return (check === 10 ? 0 : check) === Number(renavam.charAt(10));
}

/**
 * The CNH's Nº de registro: 9 digits and 2 check digits (Resolução CONTRAN nº 886/2021, art. 4º, I),
 * as @brazilian-utils isValidCnh computes them: the first, the nine weighted 9 down to 1, modulo
 * 11 (10 or more: 0, and the second is taken 2 lower); the second, the nine weighted 1 to 9.
 */
function cnhHolds(cnh) {
  if (repeated(cnh)) return false;
  var first = 0;
  var second = 0;
  for (var i = 0; i < 9; i++) {
    first += Number(cnh.charAt(i)) * (9 - i);
    second += Number(cnh.charAt(i)) * (i + 1);
  }
  var decrement = 0;
  first = first % 11;
  if (first >= 10) {
    first = 0;
    decrement = 2;
  }
  second = ((second % 11) - decrement + 11) % 11;
  if (second >= 10) second = 0;
  return first === Number(cnh.charAt(9)) && second === Number(cnh.charAt(10));
}

/**
 * A CPF's or a CNPJ's check digits (shared/src/validation isCpf and isCnpj, @brazilian-utils
 * isValidCPF and isValidCNPJ): each character counts its code minus 48 (so a letter of the
 * alphanumeric CNPJ, valid from July 2026, counts as Receita Federal's IN RFB nº 2.229/2024 says),
 * weighted, 11 minus the sum modulo 11 (10 or more: 0).
 */
function checkDigit(base, weights) {
  var sum = 0;
  for (var i = 0; i < base.length; i++) sum += (base.charCodeAt(i) - 48) * weights[i];
  var rest = 11 - (sum % 11);
  return rest >= 10 ? 0 : rest;
}

function cpfHolds(cpf) {
  if (!/^\d{11}$/.test(cpf) || repeated(cpf)) return false;
  var first = checkDigit(cpf.slice(0, 9), [10, 9, 8, 7, 6, 5, 4, 3, 2]);
  var second = checkDigit(cpf.slice(0, 9) + first, [11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
  return cpf.slice(9) === '' + first + second;
}

function cnpjHolds(cnpj) {
  if (!/^[0-9A-Z]{12}\d{2}$/.test(cnpj) || repeated(cnpj)) return false;
  var first = checkDigit(cnpj.slice(0, 12), [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  var second = checkDigit(cnpj.slice(0, 12) + first, [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  return cnpj.slice(12) === '' + first + second;
}

/**
 * What is wrong with a document number as the form sends it (no separators, upper case), or null:
 * 'length', 'alphabet', 'checkDigit', 'state' (a RENACH without a state code), 'cpf' or 'cnpj'.
 * The rules of shared/src/validation/documents.ts, on the sent form of the value.
 */
function documentProblem(rule, value) {
  if (rule === 'renavam') {
    if (!/^\d*$/.test(value)) return 'alphabet';
    if (value.length !== 11 && value.length !== 9) return 'length';
    return renavamHolds(value) ? null : 'checkDigit';
  }
  if (rule === 'cnhRegister') {
    if (!/^\d*$/.test(value)) return 'alphabet';
    if (value.length !== 11) return 'length';
    return cnhHolds(value) ? null : 'checkDigit';
  }
  if (rule === 'plate') {
    if (!/^[A-Z0-9]*$/.test(value)) return 'alphabet';
    if (value.length !== 7) return 'length';
    return /^[A-Z]{3}[0-9][A-Z0-9][0-9]{2}$/.test(value) ? null : 'alphabet';
  }
  if (rule === 'chassis') {
    if (!/^[A-Z0-9]*$/.test(value) || /[IOQ]/.test(value)) return 'alphabet';
    return value.length === 17 ? null : 'length';
  }
  if (rule === 'renach') {
    if (!/^[A-Z0-9]*$/.test(value)) return 'alphabet';
    if (value.length !== 11) return 'length';
    return BRAZIL_STATES.indexOf(value.slice(0, 2)) === -1 ? 'state' : null;
  }
  if (rule === 'cpf') return cpfHolds(value) ? null : 'cpf';
  if (rule === 'mobile') {
    // 11 digits as the form sends them; Resolução ANATEL 749/2022 art. 12: 7, 8 or 9 first, not the 700 satellite series.
    if (!/^\d{11}$/.test(value)) return 'invalid';
    if (AREA_CODES.indexOf(value.slice(0, 2)) === -1) return 'areaCode';
    return /^[789]/.test(value.slice(2)) && value.slice(2, 5) !== '700' ? null : 'invalid';
  }
  if (rule === 'ownerDocument') {
    if (/^\d{0,11}$/.test(value)) return cpfHolds(value) ? null : 'cpf';
    return cnpjHolds(value) ? null : 'cnpj';
  }
  if (!/^\d*$/.test(value)) return 'alphabet';
  var length = value.length;
  if (rule === 'securityNumber') return length === 11 ? null : 'length';
  if (rule === 'mirrorNumber') return length === 9 || length === 10 ? null : 'length';
  return length >= 1 && length <= TEXT.identifier ? null : 'length'; // crlvNumber
}

/**
 * The characters no form field holds and a driver cannot see, as [first, last] code points,
 * sorted: every one is refused in any checked text. Written out as ranges, not as a regular
 * expression, because njs 0.7 has no `u` flag and no `\p{...}` (its RegExp is PCRE2 over UTF-8,
 * Node's over UTF-16: the same pattern text means different things on the two runtimes), and
 * walked one code point at a time by `textFacts`, which both runtimes run alike.
 * deploy/test/open-calls.test.ts checks every code point against Node's Unicode properties: this
 * is exactly Cc, Cf, Cs, Co, Zl, Zp, Default_Ignorable_Code_Point, Bidi_Control,
 * Variation_Selector and Noncharacter_Code_Point, plus U+FFFC and U+FFFD.
 */
var INVISIBLE = [
  [0x0000, 0x001f], // C0 controls (NUL, TAB, LF, ESC...): no form field holds a line or a tab
  [0x007f, 0x009f], // DEL and C1 controls (NEL U+0085 breaks lines in some readers)
  [0x00ad, 0x00ad], // soft hyphen (Cf): invisible, splits a name in two for a search
  [0x034f, 0x034f], // combining grapheme joiner: invisible, default ignorable
  [0x0600, 0x0605], // Arabic number signs and marks above (Cf, prepended to digits)
  [0x061c, 0x061c], // Arabic letter mark (Cf, bidi control)
  [0x06dd, 0x06dd], // Arabic end of ayah (Cf)
  [0x070f, 0x070f], // Syriac abbreviation mark (Cf)
  [0x0890, 0x0891], // Arabic pound and piastre marks above (Cf)
  [0x08e2, 0x08e2], // Arabic disputed end of ayah (Cf)
  [0x115f, 0x1160], // Hangul choseong and jungseong fillers: blank letters
  [0x17b4, 0x17b5], // Khmer inherent vowels: invisible, default ignorable
  [0x180b, 0x180f], // Mongolian free variation selectors and vowel separator (U+180E)
  [0x200b, 0x200f], // zero-width space, non-joiner, joiner; left-to-right and right-to-left marks
  [0x2028, 0x202e], // line and paragraph separators; bidi embeddings and overrides (U+202E)
  [0x2060, 0x206f], // word joiner, invisible operators, bidi isolates, deprecated format controls
  [0x3164, 0x3164], // Hangul filler: a blank letter
  [0xd800, 0xdfff], // a surrogate on its own (a pair is read as one code point first)
  [0xe000, 0xf8ff], // private use: shows as nothing or as a vendor's glyph
  [0xfdd0, 0xfdef], // noncharacters
  [0xfe00, 0xfe0f], // variation selectors (U+FE0F: emoji style)
  [0xfeff, 0xfeff], // zero-width no-break space (byte order mark)
  [0xffa0, 0xffa0], // halfwidth Hangul filler
  // Specials: default ignorables, interlinear annotations (U+FFF9-FFFB), the object replacement
  // and the replacement character (U+FFFD: what bytes that are not UTF-8 become on both servers,
  // and what njs makes of a lone surrogate escape), noncharacters U+FFFE and U+FFFF.
  [0xfff0, 0xffff],
  [0x110bd, 0x110bd], // Kaithi number sign (Cf)
  [0x110cd, 0x110cd], // Kaithi number sign above (Cf)
  [0x13430, 0x1343f], // Egyptian hieroglyph format controls (Cf)
  [0x1bca0, 0x1bca3], // shorthand format controls (Cf)
  [0x1d173, 0x1d17a], // musical symbol format controls (Cf)
  [0xe0000, 0xe0fff], // tags (U+E0041: an invisible 'A') and variation selectors supplement
  [0xf0000, 0x10ffff], // supplementary private use planes
];

/** Whether a code point is in INVISIBLE or is a noncharacter (the last two of every plane). */
function isInvisible(code) {
  if ((code & 0xfffe) === 0xfffe) return true;
  for (var i = 0; i < INVISIBLE.length; i++) {
    if (code < INVISIBLE[i][0]) return false;
    if (code <= INVISIBLE[i][1]) return true;
  }
  return false;
}

/**
 * A text's length in UTF-16 code units (what a form's maxLength and Node's `length` count: an
 * emoji is 2) and whether it holds an invisible character. One walk for both runtimes: Node's
 * strings are UTF-16 (an emoji is a surrogate pair, joined here), njs's are code points
 * (`charCodeAt` gives the emoji's code point, and `length` counts it once).
 */
function textFacts(text) {
  var units = 0;
  var invisible = false;
  for (var i = 0; i < text.length; i++) {
    var code = text.charCodeAt(i);
    if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      var low = text.charCodeAt(i + 1);
      if (low >= 0xdc00 && low <= 0xdfff) {
        code = (code - 0xd800) * 0x400 + (low - 0xdc00) + 0x10000;
        i++;
      }
    }
    units += code > 0xffff ? 2 : 1;
    if (!invisible && isInvisible(code)) invisible = true;
  }
  return { units: units, invisible: invisible };
}

/** The problem of one text, or null: an invisible character first (its length is moot then), then its length. */
function textProblem(value, max) {
  var facts = textFacts(value);
  if (facts.invisible) return MESSAGES.controlCharacter;
  if (facts.units > max) return MESSAGES.tooLong(max);
  return null;
}

/**
 * The name a refusal gives an unknown key: the key when it is a plain name, else '' (a key made
 * of invisible characters or lone surrogates is not echoed: the two runtimes write those
 * differently in JSON, and the page has no field of that name anyway).
 */
function keyName(prefix, key) {
  return /^[A-Za-z0-9_]{1,64}$/.test(key) ? prefix + key : prefix.replace(/\.$/, '');
}

function isPlainObject(value) {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** A value of an `others` key: a finite number, null, a boolean, a text, or a list of those. */
function checkOther(value, field, problems) {
  if (typeof value === 'string') {
    var problem = textProblem(value, ANY_TEXT);
    if (problem !== null) problems.push({ field: field, message: problem });
  } else if (typeof value === 'number') {
    if (!isFinite(value) || Math.abs(value) > 1e12) problems.push({ field: field, message: MESSAGES.invalid });
  } else if (Array.isArray(value)) {
    if (value.length > 50) {
      problems.push({ field: field, message: MESSAGES.invalid });
      return;
    }
    for (var i = 0; i < value.length; i++) {
      var item = value[i];
      if (Array.isArray(item) || isPlainObject(item)) {
        problems.push({ field: field, message: MESSAGES.invalid });
        return;
      }
      var before = problems.length;
      checkOther(item, field, problems);
      if (problems.length > before) return;
    }
  } else if (value !== null && typeof value !== 'boolean') {
    problems.push({ field: field, message: MESSAGES.invalid });
  }
}

/**
 * The keys of `object` checked against `known` (the texts' limits) and `others`: a key not
 * spelled exactly as the form spells it is refused, whatever its value (`birthdate`,
 * `MOTHERNAME`, `Mother\u00adName`, `__proto__`). Nested objects are the caller's.
 */
function checkKeys(object, known, others, nested, dates, prefix, problems) {
  var names = Object.keys(object);
  for (var i = 0; i < names.length; i++) {
    var name = names[i];
    var value = object[name];
    // hasOwnProperty: `known` is an object literal, and a key such as `constructor` is no field.
    if (Object.prototype.hasOwnProperty.call(known, name) || Object.prototype.hasOwnProperty.call(dates, name)) {
      var max = Object.prototype.hasOwnProperty.call(known, name) ? known[name] : ANY_TEXT;
      if (typeof value === 'string') {
        var problem = textProblem(value, max);
        if (problem !== null) problems.push({ field: prefix + name, message: problem });
      } else if (value !== null) {
        problems.push({ field: prefix + name, message: MESSAGES.invalid });
      }
    } else if (others.indexOf(name) !== -1) {
      checkOther(value, prefix + name, problems);
    } else if (Object.prototype.hasOwnProperty.call(nested, name)) {
      if (value !== null && !isPlainObject(value)) problems.push({ field: prefix + name, message: MESSAGES.invalid });
    } else {
      problems.push({ field: keyName(prefix, name), message: MESSAGES.invalid });
    }
  }
}

/**
 * The problems of a checked body, `{ field, message }` as the services' validation lists, in the
 * forms' words, one a field: empty when it holds. `text` is the body as UTF-8 decoded (bytes
 * that are not UTF-8 as U+FFFD, a byte order mark kept: Node's `toString('utf8')`, njs's
 * `TextDecoder` with `ignoreBOM`). `now` is a time in ms (Date.now()).
 */
function bodyProblems(kind, text, now) {
  var limits = BODIES[kind];
  if (!limits) return [];
  var body;
  try {
    body = JSON.parse(text);
  } catch (error) {
    return [{ field: '', message: MESSAGES.notJson }];
  }
  if (!isPlainObject(body)) return [{ field: '', message: MESSAGES.notJson }];
  var problems = [];
  checkKeys(body, limits.texts, limits.others, limits.nested, limits.dates, '', problems);
  var nestedNames = Object.keys(limits.nested);
  for (var i = 0; i < nestedNames.length; i++) {
    var nested = body[nestedNames[i]];
    if (isPlainObject(nested)) checkKeys(nested, limits.nested[nestedNames[i]], [], {}, {}, nestedNames[i] + '.', problems);
  }
  checkDates(body, limits, now, problems);
  checkDocuments(body, limits, problems);
  return problems;
}

/** Whether a problem already names `field` (one problem a field: a value refused for its characters is not named twice). */
function named(problems, field) {
  for (var k = 0; k < problems.length; k++) if (problems[k].field === field) return true;
  return false;
}

/** The dates of a body in range (today in Brazil, `now` in ms). */
function checkDates(body, limits, now, problems) {
  var dates = Object.keys(limits.dates);
  for (var j = 0; j < dates.length; j++) {
    var field = dates[j];
    var value = body[field];
    if (value === undefined || value === null || value === '') continue;
    var range = limits.dates[field];
    var latest = brazilDay(range[1], now);
    var real =
      typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) && new Date(value + 'T00:00:00Z').toISOString().slice(0, 10) === value;
    if ((!real || value < range[0] || value > latest) && !named(problems, field)) {
      problems.push({ field: field, message: MESSAGES.dateOutOfRange });
    }
  }
}

/**
 * The document numbers of a body as their issuers define them, and its fixed lists: an empty
 * number is the service's to refuse (it says which field is required), as an empty date is.
 */
function checkDocuments(body, limits, problems) {
  var documents = limits.documents || {};
  var fields = Object.keys(documents);
  for (var i = 0; i < fields.length; i++) {
    var field = fields[i];
    var value = body[field];
    if (typeof value !== 'string' || value === '' || named(problems, field)) continue;
    var problem = documentProblem(documents[field], value);
    if (problem !== null) problems.push({ field: field, message: DOCUMENT_MESSAGES[documents[field]][problem] });
  }
  var lists = limits.lists || {};
  var listed = Object.keys(lists);
  for (var j = 0; j < listed.length; j++) {
    var name = listed[j];
    var item = body[name];
    if (typeof item === 'string' && item !== '' && lists[name].indexOf(item) === -1 && !named(problems, name)) {
      problems.push({ field: name, message: MESSAGES.invalid });
    }
  }
}

/** The 400 a refused body gets: the services' validation list (the portal shows it as their 400s). */
function refusalText(problems) {
  return JSON.stringify({ validations: problems });
}

/** The request body as UTF-8 text, '' when there is none (njs only; TextDecoder is njs's and Node's). */
function decodedBody(r) {
  var bytes = r.requestBuffer;
  return bytes ? new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes) : '';
}

/**
 * The local test deployment's namespaces (decision 0024): each end-to-end test is a sandbox
 * namespace of its own (X-Sandbox-Namespace), and counts as a client of its own only when the
 * request proves the namespace with X-Portal-Namespace-Proof, the HMAC-SHA256 (hex) of
 * "portal-test-namespace <namespace>" under the run's PORTAL_TEST_NAMESPACE_SECRET (at least 32
 * characters), which the test runner and its servers hold and no production deployment sets.
 * Returns what qualifies the key (32 hex characters of the proof), or '' (the address alone):
 * without the secret, with no proof or a wrong one, a header changes nothing.
 */
var NAMESPACE_PROOF_LABEL = 'portal-test-namespace ';
function namespaceScope(secret, namespace, proof) {
  if (typeof secret !== 'string' || secret.length < 32) return '';
  if (typeof namespace !== 'string' || !/^[A-Za-z0-9._:-]{1,100}$/.test(namespace) || typeof proof !== 'string') return '';
  var expected = crypto
    .createHmac('sha256', secret)
    .update(NAMESPACE_PROOF_LABEL + namespace)
    .digest('hex');
  return proof === expected ? expected.slice(0, 32) : '';
}

/**
 * What nginx proves a limit question with (the session-handoff service checks it: only the app's
 * nginx, which holds the deployment's PORTAL_COHORT_SECRET, may spend a client's budget):
 * HMAC-SHA256 (hex) of "portal-open-call-limit <client>" (deploy/session-handoff.cjs limitProof).
 */
function limitProof(secret, client) {
  return crypto
    .createHmac('sha256', secret || '')
    .update('portal-open-call-limit ' + client)
    .digest('hex');
}

/**
 * Whether a limit question's answer says the limiter could not be reached (decision 0024): nginx
 * made the answer (502 or 504) and no limiter answered any try, because no connection was made
 * (refused, reset, or none within proxy_connect_timeout: every $upstream_connect_time is "-") or
 * the last one connected gave nothing within proxy_read_timeout ($upstream_status 504). Whatever a
 * limiter did answer (its own 502, a header nginx could not read, a connection closed mid-answer)
 * is not this. Arguments: the subrequest's status and its $upstream_connect_time,
 * $upstream_header_time and $upstream_status ("-, -" when several were tried).
 */
function limitUnreachable(status, connectTimes, headerTimes, upstreamStatuses) {
  if (status !== 502 && status !== 504) return false;
  var none = /^-(?:, -)*$/;
  if (typeof headerTimes !== 'string' || !none.test(headerTimes)) return false;
  if (typeof connectTimes === 'string' && none.test(connectTimes)) return true;
  return typeof upstreamStatuses === 'string' && /(?:^|, )504$/.test(upstreamStatuses);
}

/**
 * What a limited call does with the limiter's answer, on both servers: 204 goes on; 429 is the
 * throttle (with the limiter's Retry-After when it is 1 to 3600 s, else 60); an unreachable
 * limiter lets the call through (logged: the limits fail open only then); anything else (400,
 * 403, 500, a 200, no status) refuses the call with 503.
 * @returns {{ action: 'through' | 'throttle' | 'refuse', retryAfter: string }}
 */
function limitOutcome(status, retryAfter, unreachable) {
  if (unreachable) return { action: 'through', retryAfter: '' };
  if (status === 204) return { action: 'through', retryAfter: '' };
  if (status === 429) {
    var seconds = /^[1-9][0-9]{0,3}$/.test(String(retryAfter)) ? Number(retryAfter) : 0;
    return { action: 'throttle', retryAfter: seconds > 0 && seconds <= 3600 ? String(seconds) : '60' };
  }
  return { action: 'refuse', retryAfter: '5' };
}

/**
 * The client a limit counts: nginx's map ($portal_open_call_client: PORTAL_RATE_LIMIT_KEY,
 * `$binary_remote_addr`), as hex (the variable holds raw address bytes, which no query string may
 * carry as they are), qualified by a proven test namespace on the local test deployment only
 * ($portal_test_namespace_secret, which only its configuration sets).
 */
function limitClient(r) {
  var raw = r.rawVariables.portal_open_call_client || r.rawVariables.binary_remote_addr;
  var key = raw ? raw.toString('hex') : 'unknown';
  var scope = namespaceScope(
    r.variables.portal_test_namespace_secret,
    r.headersIn['X-Sandbox-Namespace'],
    r.headersIn['X-Portal-Namespace-Proof'],
  );
  return scope ? key + '.' + scope : key;
}

/** The answer of a refused or throttled call, on both servers. */
function limitRefusal(r, outcome) {
  r.headersOut['Content-Type'] = 'application/json; charset=utf-8';
  r.headersOut['Retry-After'] = outcome.retryAfter;
  if (outcome.action === 'throttle') r.return(429, refusalText([{ message: TOO_MANY }]));
  else r.return(503, refusalText([{ message: LIMIT_UNAVAILABLE }]));
}

/**
 * Runs `next` when the limit lets the call through: asks /__portal_limits/open-call (the
 * session-handoff service, through the internal location of portal-driver-api.conf) with the
 * client's key and its proof, and reads the answer with limitOutcome.
 */
function limitThen(r, next) {
  var client = limitClient(r);
  var args = 'client=' + client + '&proof=' + limitProof(r.variables.portal_cohort_secret, client);
  r.subrequest('/__portal_limits/open-call', { method: 'GET', args: args, body: '' }).then(
    function (reply) {
      var vars = reply.variables || {};
      var unreachable = limitUnreachable(reply.status, vars.upstream_connect_time, vars.upstream_header_time, vars.upstream_status);
      var outcome = limitOutcome(reply.status, reply.headersOut['Retry-After'], unreachable);
      if (unreachable) r.warn('portal open-call limit unreachable (' + reply.status + '): call let through');
      else if (outcome.action === 'refuse') r.warn('portal open-call limit answered ' + reply.status + ': call refused');
      if (outcome.action === 'through') next();
      else limitRefusal(r, outcome);
    },
    function (error) {
      // The subrequest itself failed (not the limiter): no answer to go on, the call is refused.
      r.warn('portal open-call limit not asked (' + error + '): call refused');
      limitRefusal(r, limitOutcome(0, '', false));
    },
  );
}

/**
 * nginx (js_content of a generated location, portal-open-calls-locations.conf): checks the body,
 * asks the service through the internal location of the register upstream, cuts the answer.
 * A rate-limited call asks the limit first.
 */
function handle(r) {
  var path = r.uri.replace(/^\/driver-api\/register\//, '');
  // The location also takes the reads of the same paths (GET license, location): passed on as they are.
  var call = openCallOf(r.method, path) || { answer: '', body: '', limited: false, param: '' };
  if (call.limited) {
    limitThen(r, function () {
      forward(r, path, call);
    });
    return;
  }
  forward(r, path, call);
}

/** Checks the body, sends the call to the service and cuts its answer (`path` and `call` as handle worked them out, once). */
function forward(r, path, call) {
  // The bytes as received go to the service; the check reads them decoded as the Node proxy does
  // (`toString('utf8')`: bytes that are not UTF-8 become U+FFFD, a byte order mark stays), not as
  // `requestText`, which njs leaves a byte string when the body is not valid UTF-8.
  var body = r.requestText || '';
  var problems = call.body !== '' ? bodyProblems(call.body, decodedBody(r), Date.now()) : [];
  // No Cache-Control here: the server adds exactly one, no-store, to every proxy answer
  // (portal-common.conf); one set here too was sent twice (njs's header is not $sent_http_cache_control).
  if (problems.length > 0) {
    r.headersOut['Content-Type'] = 'application/json; charset=utf-8';
    r.return(400, refusalText(problems));
    return;
  }
  var options = { method: r.method, args: r.variables.args || '' };
  if (r.method !== 'GET' && r.method !== 'HEAD') options.body = body;
  r.subrequest('/__portal_open_upstream/register/' + path, options).then(
    function (reply) {
      var cut = cutAnswer(call.answer, reply.status, reply.responseText || '', call.param);
      var type = call.answer !== '' && cut.status === 200 ? 'application/json; charset=utf-8' : reply.headersOut['Content-Type'];
      if (type) r.headersOut['Content-Type'] = type;
      r.return(cut.status, cut.text);
    },
    function () {
      r.headersOut['Content-Type'] = 'application/json; charset=utf-8';
      r.return(502, refusalText([{ field: '', message: 'Serviço indisponível.' }]));
    },
  );
}

export default {
  RATE_LIMIT,
  TOO_MANY,
  LIMIT_UNAVAILABLE,
  namespaceScope,
  limitProof,
  limitUnreachable,
  limitOutcome,
  TEXT,
  MESSAGES,
  DOCUMENT_MESSAGES,
  AREA_CODES,
  LICENCE_CATEGORIES,
  BODIES,
  CALLS,
  INVISIBLE,
  openCallOf,
  cutAnswer,
  textFacts,
  brazilDay,
  documentProblem,
  bodyProblems,
  refusalText,
  handle,
};
