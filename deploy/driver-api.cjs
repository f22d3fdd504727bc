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
 * Anything not listed is refused (404): the proxy is no open door to the services.
 */
const RULES = [
  // register: before any driver exists, or touching none.
  { service: 'register', methods: ['GET'], pattern: `^api/1\\.0/driver/mobile/[^/]+$`, access: 'open' },
  { service: 'register', methods: ['PUT'], pattern: `^api/1\\.0/driver/mobile-number/[^/]+/verification-code(?:/[^/]+)?$`, access: 'open' },
  { service: 'register', methods: ['POST'], pattern: `^api/1\\.0/driver$`, access: 'open' },
  { service: 'register', methods: ['GET'], pattern: `^api/2\\.0/driver/eula$`, access: 'open' },
  { service: 'register', methods: ['GET'], pattern: `^api/1\\.0/driver/eula/[^/]+$`, access: 'open' },
  { service: 'register', methods: ['GET'], pattern: `^api/1\\.0/vehicleinfo/(?:carbrand|[^/]+/carmodel)$`, access: 'open' },
  { service: 'register', methods: ['GET'], pattern: `^api/1\\.0/banks$`, access: 'open' },
  {
    service: 'register',
    methods: ['GET'],
    pattern: `^api/1\\.0/driver/forgetpassword/mobile/[^/]+/personalregistrationnumber/[^/]+$`,
    access: 'open',
  },
  // register: the onboarding's steps for a driver without a token yet.
  {
    service: 'register',
    methods: ['GET', 'PUT'],
    pattern: `^api/1\\.0/driver/(${UUID})/(?:states|location|get-modality-workflow|modality|modality/[0-9]+/|modality/[0-9]+/predicates|modality/[0-9]+/vehicle|modality/[0-9]+/documents|license|documents|documents/1)$`,
    access: 'onboarding',
  },
  {
    service: 'register',
    methods: ['POST'],
    pattern: `^api/1\\.0/driver/(${UUID})/(?:location|license|vehicle|modality/[0-9]+/predicates|documents/[0-9]+)$`,
    access: 'onboarding',
  },
  {
    service: 'register',
    methods: ['POST', 'PUT'],
    pattern: `^api/2\\.0/driver/(${UUID})/(?:documents/[0-9]+|modality/[0-9]+/documents/[0-9]+|modality/[0-9]+/send-queue-workflow)$`,
    access: 'onboarding',
  },
  // register: a signed-in driver's own data (profile, bank account, contact changes, attributes).
  { service: 'register', methods: ['GET'], pattern: `^api/1\\.0/driver/(${UUID})$`, access: 'driver' },
  { service: 'register', methods: ['GET', 'POST'], pattern: `^api/1\\.0/driver/(${UUID})/bankaccount$`, access: 'driver' },
  {
    service: 'register',
    methods: ['POST'],
    pattern: `^api/1\\.0/driver/(${UUID})/(?:email-address/[^/]+|mobile-number/[^/]+|password/[^/]+)/send-code$`,
    access: 'driver',
  },
  {
    service: 'register',
    methods: ['PUT'],
    pattern: `^api/1\\.0/driver/(${UUID})/(?:email-address|mobile-number|password)$`,
    access: 'driver',
  },
  { service: 'register', methods: ['GET', 'POST'], pattern: `^api/1\\.0/driver/driverPredicate/(${UUID})$`, access: 'driver' },
  {
    service: 'register',
    methods: ['GET', 'POST'],
    pattern: `^api/1\\.0/driver/(${UUID})/modality/[0-9]+/vehicle/[^/]+$`,
    access: 'driver',
  },
  // insurance and card.
  { service: 'insurance', methods: ['GET'], pattern: `^api/1\\.0/insurance/(${UUID})/active-policy$`, access: 'driver' },
  { service: 'insurance', methods: ['PUT'], pattern: `^api/1\\.0/insurance/(${REQUEST_ID})/(?:renew|cancel)$`, access: 'request-owner' },
  { service: 'insurance', methods: ['POST'], pattern: `^api/1\\.0/insurance$`, access: 'signed-in' },
  { service: 'card', methods: ['GET', 'POST'], pattern: `^api/1\\.0/card/(${UUID})$`, access: 'driver' },
].map((rule) => ({ ...rule, regex: new RegExp(rule.pattern) }));

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

/** A path the proxy never forwards: an encoded slash or backslash, or a dot segment (no way around the table). */
function isAmbiguousPath(path) {
  return /%2f|%5c|\\|(?:^|\/)\.\.?(?:\/|$)/i.test(path);
}

/**
 * The table in nginx's words (http-level maps over the method and the normalized path): the
 * access of the call, and the driver its path names. The image's build stage and the local
 * renderer write it as portal/portal-driver-api-maps.conf.
 */
function nginxDriverApiMaps() {
  const keyOf = (rule) =>
    `"~^(?:${rule.methods.join('|')}) ${PROXY_PREFIX}${rule.service}/${rule.pattern.replace(/^\^/, '').replace(/\$$/, '')}$"`;
  const access = RULES.map((rule) => `    ${keyOf(rule)} ${rule.access};`);
  const driver = RULES.filter((rule) => rule.access === 'driver').map((rule) => `    ${keyOf(rule)} $1;`);
  const request = RULES.filter((rule) => rule.access === 'request-owner').map((rule) => `    ${keyOf(rule)} $1;`);
  return [
    '# Generated from deploy/driver-api.cjs (the one table of the driver-data proxy); do not edit.',
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

module.exports = { PROXY_PREFIX, PROXIED_SERVICES, RULES, ruleOf, needsToken, isAmbiguousPath, nginxDriverApiMaps };
