// The portal's driver-data proxy (docs/security.md): the register, insurance and card services
// take no token, so the portal's pages call them at /driver-api/register/, /driver-api/insurance/
// and /driver-api/card/ on their own origin, and the server in front (nginx in deployment, `npm start`'s Node server here)
// decides per call who may make it. One table for both: the Node server reads it,
// deploy/nginx/portal-driver-api.conf.template says the same in nginx's words, and
// e2e/tests/driver-api-proxy.spec.ts sends the same calls to both.
'use strict';

/** Where the proxy answers on every app's origin (not a page route prefix: /register/... are pages). */
const PROXY_PREFIX = '/driver-api/';

/** The services behind the proxy, each at /driver-api/<service>/. */
const PROXIED_SERVICES = ['register', 'insurance', 'card'];

const UUID = '[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}';
/**
 * An insurance request id (the sandbox's insurer issues UUIDs; the provider's format is not
 * specified): letters, digits, '-' and '_', so what reaches the token check's header is plain.
 */
const REQUEST_ID = '[0-9A-Za-z_-]{1,64}';

/**
 * The parts of a path template: `{driver}` is the driver the path names (captured: a `driver`
 * call's token must be that driver's), `{request}` an insurance request (captured: its owner's
 * token), `{n}` a number, `{any}` one segment of anything but a slash.
 */
const PARAMS = { driver: `(${UUID})`, request: `(${REQUEST_ID})`, n: '[0-9]+', any: '[^/]+' };

/**
 * One call of the table: its service, the methods the portal uses on this very path (a method
 * it never uses is refused like an unknown call, 404), the path after /driver-api/<service>/
 * as a template, and who may make it.
 */
function rule(access, service, methods, path) {
  const pattern = `^${path.replace(/\./g, '\\.').replace(/\{(\w+)\}/g, (_all, name) => PARAMS[name])}$`;
  return { service, methods, path, access, pattern, regex: new RegExp(pattern) };
}

/**
 * Who may make a call:
 * - `open`: no driver exists yet, or nothing of one is touched (mobile confirmation, create
 *   account, the mobile lookup of the onboarding router, the forgot-password lookup, terms, vehicle
 *   and bank lists);
 * - `onboarding`: a step of the onboarding for a driver id (modality, predicates, address,
 *   licence, vehicle, documents, review). The driver has no provider token yet (the registration
 *   calls send none), so the proxy cannot tell who calls: let through, the residual risk
 *   docs/security.md states;
 * - `driver`: a signed-in driver's own data: the token must be the driver's named in the path;
 * - `request-owner`: a call naming an insurance request (renew, cancel): the token must be that
 *   of the driver whose policy the request is (the provider's token check is asked with the
 *   request id);
 * - `signed-in`: the insurance contract, whose driver travels in the body (which the proxy does
 *   not read): any signed-in driver's token (docs/security.md, "What is left").
 * Anything not listed is refused (404): the proxy is no open door to the services. Each line
 * names exactly the methods the remotes declare on its path (deploy/test/driver-api.test.ts
 * holds the two together both ways): the rules that need no token forward nothing more.
 */
const RULES = [
  // register: before any driver exists, or touching none.
  rule('open', 'register', ['GET'], 'api/1.0/driver/mobile/{any}'),
  rule('open', 'register', ['PUT'], 'api/1.0/driver/mobile-number/{any}/verification-code'),
  rule('open', 'register', ['PUT'], 'api/1.0/driver/mobile-number/{any}/verification-code/{any}'),
  rule('open', 'register', ['POST'], 'api/1.0/driver'),
  rule('open', 'register', ['GET'], 'api/2.0/driver/eula'),
  rule('open', 'register', ['GET'], 'api/1.0/driver/eula/{any}'),
  rule('open', 'register', ['GET'], 'api/1.0/vehicleinfo/carbrand'),
  rule('open', 'register', ['GET'], 'api/1.0/vehicleinfo/{any}/carmodel'),
  rule('open', 'register', ['GET'], 'api/1.0/banks'),
  rule('open', 'register', ['GET'], 'api/1.0/driver/forgetpassword/mobile/{any}/personalregistrationnumber/{any}'),
  // register: the onboarding's steps for a driver without a token yet: reads...
  rule('onboarding', 'register', ['GET'], 'api/1.0/driver/{driver}/states'),
  rule('onboarding', 'register', ['GET', 'POST'], 'api/1.0/driver/{driver}/location'),
  rule('onboarding', 'register', ['GET'], 'api/1.0/driver/{driver}/get-modality-workflow'),
  rule('onboarding', 'register', ['GET'], 'api/1.0/driver/{driver}/modality'),
  rule('onboarding', 'register', ['GET', 'POST'], 'api/1.0/driver/{driver}/modality/{n}/predicates'),
  rule('onboarding', 'register', ['GET'], 'api/1.0/driver/{driver}/modality/{n}/vehicle'),
  rule('onboarding', 'register', ['GET'], 'api/1.0/driver/{driver}/modality/{n}/documents'),
  rule('onboarding', 'register', ['GET', 'POST'], 'api/1.0/driver/{driver}/license'),
  rule('onboarding', 'register', ['GET'], 'api/1.0/driver/{driver}/documents'),
  rule('onboarding', 'register', ['GET'], 'api/1.0/driver/{driver}/documents/1'),
  // ... and writes: the modality chosen, the vehicle, document photos, sending to review.
  rule('onboarding', 'register', ['PUT'], 'api/1.0/driver/{driver}/modality/{n}/'),
  rule('onboarding', 'register', ['POST'], 'api/1.0/driver/{driver}/vehicle'),
  rule('onboarding', 'register', ['POST'], 'api/1.0/driver/{driver}/documents/{n}'),
  rule('onboarding', 'register', ['POST'], 'api/2.0/driver/{driver}/documents/{n}'),
  rule('onboarding', 'register', ['POST'], 'api/2.0/driver/{driver}/modality/{n}/documents/{n}'),
  rule('onboarding', 'register', ['PUT'], 'api/2.0/driver/{driver}/modality/{n}/send-queue-workflow'),
  // register: a signed-in driver's own data (profile, bank account, contact changes, attributes).
  rule('driver', 'register', ['GET'], 'api/1.0/driver/{driver}'),
  rule('driver', 'register', ['GET', 'POST'], 'api/1.0/driver/{driver}/bankaccount'),
  rule('driver', 'register', ['POST'], 'api/1.0/driver/{driver}/email-address/{any}/send-code'),
  rule('driver', 'register', ['POST'], 'api/1.0/driver/{driver}/mobile-number/{any}/send-code'),
  rule('driver', 'register', ['POST'], 'api/1.0/driver/{driver}/password/{any}/send-code'),
  rule('driver', 'register', ['PUT'], 'api/1.0/driver/{driver}/email-address'),
  rule('driver', 'register', ['PUT'], 'api/1.0/driver/{driver}/mobile-number'),
  rule('driver', 'register', ['PUT'], 'api/1.0/driver/{driver}/password'),
  rule('driver', 'register', ['GET', 'POST'], 'api/1.0/driver/driverPredicate/{driver}'),
  rule('driver', 'register', ['GET', 'POST'], 'api/1.0/driver/{driver}/modality/{n}/vehicle/{any}'),
  // insurance and card.
  rule('driver', 'insurance', ['GET'], 'api/1.0/insurance/{driver}/active-policy'),
  rule('request-owner', 'insurance', ['PUT'], 'api/1.0/insurance/{request}/renew'),
  rule('request-owner', 'insurance', ['PUT'], 'api/1.0/insurance/{request}/cancel'),
  rule('signed-in', 'insurance', ['POST'], 'api/1.0/insurance'),
  rule('driver', 'card', ['GET', 'POST'], 'api/1.0/card/{driver}'),
];

/**
 * The rule of one call: `path` is what follows /driver-api/<service>/ (no query). `driverId` is the driver
 * the path names, for `driver` rules; `requestId` the insurance request, for `request-owner` rules.
 * Undefined: not a call the portal makes (refused).
 * @param {string} service
 * @param {string} method
 * @param {string} path
 * @returns {{ access: 'open' | 'onboarding' | 'driver' | 'request-owner' | 'signed-in', driverId?: string, requestId?: string } | undefined}
 */
function ruleOf(service, method, path) {
  for (const rule of RULES) {
    if (rule.service !== service || !rule.methods.includes(method)) continue;
    const match = rule.regex.exec(path);
    if (match) {
      return {
        access: rule.access,
        driverId: rule.access === 'driver' ? match[1] : undefined,
        requestId: rule.access === 'request-owner' ? match[1] : undefined,
      };
    }
  }
  return undefined;
}

/** Whether a call of this access needs the driver's token checked with the provider. */
function needsToken(access) {
  return access === 'driver' || access === 'request-owner' || access === 'signed-in';
}

/**
 * The one path rule of both servers (issue 37, item 1), read before anything else of a request
 * (every request, not only the proxies': a page route never needs any of these either): a path
 * (the request target before `?`, as the client sent it) matching one of these is refused with
 * 400 before any access rule, proxy, redirect or file is looked at. Why each: the access rules
 * judge the path as the server normalizes it, and the services behind the proxies may read the
 * same bytes differently (IIS and many frameworks, and the sandbox, read `\` as `/`; some decode
 * twice, or take overlong UTF-8 for `/`, or cut a path at `;`): any spelling two readers could
 * disagree on is refused instead of forwarded, so an `open` rule cannot be bent into a closed one.
 * The patterns are written once, in the syntax JavaScript and PCRE share, matched case-blind:
 * `npm start`'s server runs them here (`oddPathReason`), nginx as the map `$portal_odd_path`
 * rendered from them (`nginxDriverApiMaps`, used at server level by portal-common.conf).
 */
const ODD_PATHS = [
  // A raw backslash: nginx keeps it inside a segment, the service may read it as a slash.
  { reason: 'backslash', pattern: '\\x5c' },
  // Encoded slash or backslash: nginx decodes %2f into a separator the access rule never saw as one.
  { reason: 'encoded-separator', pattern: '%2f|%5c' },
  // A `.` or `..` segment in any spelling (`..`, `%2e%2e`, `.%2E`, `%2e.`): the path would name another path.
  { reason: 'dot-segment', pattern: '/(?:\\.|%2e){1,2}(?:/|$)' },
  // Path parameters: Java and others cut a segment at `;`, nginx does not.
  { reason: 'path-parameter', pattern: ';|%3b' },
  // NUL and control characters, raw or encoded: a log line, a header or a C string ends there.
  { reason: 'control-character', pattern: '[\\x00-\\x1f\\x7f]|%[01][0-9a-f]|%7f' },
  // Double encoding (`%255c` is `%5c` once decoded): a service that decodes again reads `\`.
  { reason: 'double-encoding', pattern: '%25' },
  // A `%` without two hex digits (`%u002f`, IIS's form, `%zz`, a trailing `%`).
  { reason: 'malformed-escape', pattern: '%(?![0-9a-f]{2})' },
  // Overlong or impossible UTF-8 (`%c0%af` is `/` to a lenient decoder).
  { reason: 'overlong-utf8', pattern: '%c[01]|%e0%[89]|%f0%8|%f[5-9a-f]' },
  // A raw byte outside ASCII (browsers encode them; Node's parser refuses them before us).
  { reason: 'raw-non-ascii', pattern: '[\\x80-\\xff]' },
].map((odd) => ({ ...odd, regex: new RegExp(odd.pattern, 'i') }));

/**
 * Why the path of this request target is refused (400), or undefined when it is fine.
 * @param {string} target the request target as received (`req.url`: path and query, nothing decoded)
 */
function oddPathReason(target) {
  const path = target.split('?', 1)[0] ?? '';
  return ODD_PATHS.find((odd) => odd.regex.test(path))?.reason;
}

/** Bytes a canonical path keeps as they are; every other byte is written `%XX`. */
const KEPT = /[A-Za-z0-9\-._~!$&'()*+,=:@/]/;

/**
 * The path as nginx reads it (`$uri`: escapes decoded, runs of `/` merged), written back in one
 * spelling: what the access rules judge and, with the service's prefix, what the service gets
 * (nginx's proxy_pass with a URI part forwards the same normalized path). Only for a path the
 * rule above let through: it has no dot segment, encoded separator or `%25` left to decode into one.
 * @param {string} path the path of the request target, as received
 */
function canonicalPath(path) {
  const bytes = Buffer.from(
    path.replace(/%([0-9a-f]{2})/gi, (_all, hex) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  );
  let out = '';
  for (const byte of bytes) {
    const char = String.fromCharCode(byte);
    out += KEPT.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out.replace(/\/{2,}/g, '/');
}

/**
 * The paths a proxy answers (driver data, statement, session handoff, telemetry), on the
 * normalized path: their answers are same-origin, so no CORS header is ever granted there, and
 * always `Cache-Control: no-store`, once.
 */
const PROXY_PATHS = '^/(?:driver-api|statement|session-handoff|telemetry)/';
const PROXY_PATH = new RegExp(PROXY_PATHS);

/**
 * The table in nginx's words (http-level maps over the method and the normalized path): the
 * access of the call, and the driver its path names; and the path rule and the proxies' paths
 * above, which portal-common.conf and remote.conf read at server level. The image's build stage
 * and the local renderer write it as portal/portal-driver-api-maps.conf.
 */
function nginxDriverApiMaps() {
  const keyOf = (rule) =>
    `"~^(?:${rule.methods.join('|')}) ${PROXY_PREFIX}${rule.service}/${rule.pattern.replace(/^\^/, '').replace(/\$$/, '')}$"`;
  const access = RULES.map((rule) => `    ${keyOf(rule)} ${rule.access};`);
  const driver = RULES.filter((rule) => rule.access === 'driver').map((rule) => `    ${keyOf(rule)} $1;`);
  const request = RULES.filter((rule) => rule.access === 'request-owner').map((rule) => `    ${keyOf(rule)} $1;`);
  return [
    '# Generated from deploy/driver-api.cjs (the one table of the driver-data proxy); do not edit.',
    '',
    '# The path rule of every request (ODD_PATHS): the path as the client sent it, before `?`.',
    'map $request_uri $portal_path_as_sent {',
    '    "~^(?<portal_path_as_sent_only>[^?]*)" $portal_path_as_sent_only;',
    '}',
    '# Why the path is refused (400, portal-common.conf), empty when it is fine; the first that matches.',
    'map $portal_path_as_sent $portal_odd_path {',
    '    default "";',
    ...ODD_PATHS.map((odd) => `    "~*${odd.pattern}" ${odd.reason};`),
    '}',
    '# The proxies (PROXY_PATHS): no CORS (remote.conf), and no-store once (portal-common.conf).',
    'map $uri $portal_proxy_path {',
    '    default "";',
    `    "~${PROXY_PATHS}" 1;`,
    '}',
    '# Exactly one Cache-Control: the one an answer already has (a service nginx does not hide, the',
    "# telemetry receiver), else no-store on a proxy (whose service's own is hidden) and the caching",
    "# rules elsewhere. (A header njs sets is not $sent_http_cache_control: the open calls' script sets none.)",
    'map $portal_proxy_path $portal_cache_control_of_path {',
    '    default $portal_cache_control;',
    '    1       "no-store";',
    '}',
    'map $sent_http_cache_control $portal_cache_control_once {',
    '    ""      $portal_cache_control_of_path;',
    '    default "";',
    '}',
    '',
    '# Who may make each call, by method and normalized path; empty: not a call the portal makes.',
    'map "$request_method $uri" $portal_driver_api_access_of_uri {',
    '    default "";',
    ...access,
    '}',
    "# The driver a `driver` call names in its path (the token must be that driver's).",
    'map "$request_method $uri" $portal_driver_api_driver_of_uri {',
    '    default "";',
    ...driver,
    '}',
    "# The insurance request a `request-owner` call names in its path (the token's driver must own it).",
    'map "$request_method $uri" $portal_driver_api_request_of_uri {',
    '    default "";',
    ...request,
    '}',
    '',
  ].join('\n');
}

module.exports = {
  PROXY_PREFIX,
  PROXIED_SERVICES,
  RULES,
  ODD_PATHS,
  PROXY_PATH,
  ruleOf,
  needsToken,
  oddPathReason,
  canonicalPath,
  nginxDriverApiMaps,
};
