/* eslint-disable @typescript-eslint/no-unused-vars -- njs 0.7 has no `catch {` without a binding */
// What the driver-data proxy does with the calls it lets through without a token (docs/security.md,
// "What each open call answers"), in one file both servers run: nginx through its JavaScript
// module (njs: `js_import`, `js_content`), `npm start`'s Node proxy by importing it. So it is
// written in the JavaScript njs 0.7 runs: no destructuring, no optional chaining, no spread, no Intl.
//
// - The answer of a look-up is cut to what the screen that makes it needs: the phone look-up
//   says whether a driver has the number and its id (the onboarding router goes on with it); the
//   forgot-password look-up says match or no match (and the id on a match, for the next step).
// - The body of an open or onboarding call is held to the limits of the form that sends it
//   (lengths, dates in range, no control characters): anything else is a 400 that says which
//   field, before the service sees it.
// - Per-client rate limits: the numbers both servers apply (nginx `limit_req`, the Node proxy's
//   buckets) to the calls that can enumerate drivers or codes.

/** Per client, per minute, with a burst: a driver signs up once; 300 look-ups in 4 s is no driver. */
var RATE_LIMIT = { perMinute: 30, burst: 20 };

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

/** [oldest, latest] ISO dates, as years from today in Brazil (null: a fixed date). */
var LICENCE_DATES = {
  BirthDate: ['1900-01-01', -18],
  FirstLicenseDate: ['1930-01-01', 0],
  EmissionDate: ['1930-01-01', 0],
  ExpirationDate: ['1930-01-01', 10],
};

/** The fields each checked body may have and their limits (a date is [oldest, years from today]). */
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
  },
  location: {
    texts: { zipCode: 9, address: TEXT.text, number: 6, complement: TEXT.text, district: TEXT.text, city: TEXT.city, state: 2 },
    nested: {},
    dates: {},
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

/** Today in Brazil (UTC-3, no daylight saving since 2019), `years` from now, as YYYY-MM-DD. */
function brazilDay(years, now) {
  var day = new Date(now - 3 * 3600 * 1000);
  var shifted = new Date(Date.UTC(day.getUTCFullYear() + years, day.getUTCMonth(), day.getUTCDate()));
  return shifted.toISOString().slice(0, 10);
}

// Control, bidi and zero-width characters: shared/src/validation's `hasControlCharacter`.
// eslint-disable-next-line no-control-regex -- finding exactly these characters is the point
var CONTROL = new RegExp('[\\u0000-\\u001f\\u007f-\\u009f\\u200b-\\u200f\\u202a-\\u202e\\u2060-\\u2069\\ufeff]');

function checkTexts(object, limits, prefix, problems) {
  var names = Object.keys(object);
  for (var i = 0; i < names.length; i++) {
    var name = names[i];
    var value = object[name];
    if (typeof value === 'string') {
      var max = limits[name] !== undefined ? limits[name] : ANY_TEXT;
      if (value.length > max) problems.push({ field: prefix + name, message: MESSAGES.tooLong(max) });
      else if (CONTROL.test(value)) problems.push({ field: prefix + name, message: MESSAGES.controlCharacter });
    } else if (typeof value === 'number') {
      if (!isFinite(value) || Math.abs(value) > 1e12) problems.push({ field: prefix + name, message: MESSAGES.invalid });
    } else if (Array.isArray(value)) {
      if (value.length > 50) problems.push({ field: prefix + name, message: MESSAGES.invalid });
    } else if (value !== null && typeof value === 'object' && prefix === '') {
      continue; // a nested object: checked by its own limits
    } else if (value !== null && typeof value !== 'boolean') {
      problems.push({ field: prefix + name, message: MESSAGES.invalid });
    }
  }
}

/**
 * The problems of a checked body, `{ field, message }` as the services' validation lists, in the
 * forms' words, one a field: empty when it holds. `now` is a
 * time in ms (Date.now()).
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
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return [{ field: '', message: MESSAGES.notJson }];
  var problems = [];
  checkTexts(body, limits.texts, '', problems);
  var nestedNames = Object.keys(body);
  for (var i = 0; i < nestedNames.length; i++) {
    var nested = body[nestedNames[i]];
    if (nested !== null && typeof nested === 'object' && !Array.isArray(nested)) {
      checkTexts(nested, limits.nested[nestedNames[i]] || {}, nestedNames[i] + '.', problems);
    }
  }
  var dates = Object.keys(limits.dates);
  for (var j = 0; j < dates.length; j++) {
    var field = dates[j];
    var value = body[field];
    if (value === undefined || value === '') continue;
    var range = limits.dates[field];
    var latest = brazilDay(range[1], now);
    var real =
      typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) && new Date(value + 'T00:00:00Z').toISOString().slice(0, 10) === value;
    if (!real || value < range[0] || value > latest) problems.push({ field: field, message: MESSAGES.dateOutOfRange });
  }
  return problems;
}

/** The 400 a refused body gets: the services' validation list (the portal shows it as their 400s). */
function refusalText(problems) {
  return JSON.stringify({ validations: problems });
}

/**
 * nginx (js_content of a generated location, portal-open-calls-locations.conf): checks the body,
 * asks the service through the internal location of the register upstream, cuts the answer.
 */
function handle(r) {
  var path = r.uri.replace(/^\/driver-api\/register\//, '');
  // The location also takes the reads of the same paths (GET license, location): passed on as they are.
  var call = openCallOf(r.method, path) || { answer: '', body: '', limited: false, param: '' };
  var body = r.requestText || '';
  var problems = call.body !== '' ? bodyProblems(call.body, body, Date.now()) : [];
  r.headersOut['Cache-Control'] = 'no-store';
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

export default { RATE_LIMIT, TEXT, MESSAGES, BODIES, CALLS, openCallOf, cutAnswer, bodyProblems, refusalText, handle };
