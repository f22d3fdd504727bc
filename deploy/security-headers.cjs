// @ts-check
/**
 * The security headers of everything the portal serves, defined once for both servers: nginx
 * (deploy/nginx/render.cjs writes portal-headers.conf.template from this, with the deployment's
 * ${PORTAL_*} placeholders as the values; the image's build stage does the same) and the Node
 * static server of `npm start` (scripts/static-server.mjs, with this machine's values).
 *
 * The webview opens the portal as a top-level page: it is never framed (frame-ancestors plus
 * X-Frame-Options for old Android webviews). Inline scripts and styles are refused; scripts and
 * styles come only from the app's origin and the remotes (and loopback where a deployment opts in
 * to the local override), calls go only
 * to those and the configured services.
 */

/**
 * The loopback interface, where a squad serves its local copy of a remote to run it inside a
 * deployed host (docs/local-override.md, host/src/federation/local-override.ts): scripts, styles
 * and the manifest's fetch. Only where a deployment opts in (`PORTAL_LOCAL_OVERRIDE=on`: a staging
 * deployment, a squad's `npm start`), never by default: on a driver's phone, any app listening on
 * a loopback port would otherwise be a script source of every driver's session, one injection
 * away (issue 45, item 6; decision 0026).
 * Browsers resolve `localhost` to the loopback interface themselves, so no IPv4 spelling is
 * needed, and no CSP source can name an IPv6 address (Chromium ignores `http://[::1]:*` with a
 * warning on every page).
 */
const LOOPBACK_SOURCES = 'http://localhost:*';

/** The deployment setting that opts in, and its two values (any other stops the server: a typo must not open it). */
const LOCAL_OVERRIDE_SETTING = 'PORTAL_LOCAL_OVERRIDE';

/**
 * The CSP sources the local override needs under a deployment's setting: `on` gives the loopback
 * source, `off` (and unset) none.
 * @param {string | undefined} setting the value of PORTAL_LOCAL_OVERRIDE
 * @returns {string} '' or LOOPBACK_SOURCES
 * @throws {Error} on any other value, naming it
 */
function localOverrideSources(setting) {
  if (setting === undefined || setting === '' || setting === 'off') return '';
  if (setting === 'on') return LOOPBACK_SOURCES;
  throw new Error(`${LOCAL_OVERRIDE_SETTING} must be "on" or "off", not ${JSON.stringify(setting)}`);
}

/**
 * @typedef {object} HeaderValues
 * @property {string} remoteOrigins  remotes' origins, space-separated ('' on a remote's own server)
 * @property {string} serviceOrigins the services' origins, space-separated
 * @property {string} imgOrigins     where images may come from besides the app, space-separated
 * @property {string} frameAncestors who may frame the portal ("'none'")
 * @property {string} xFrameOptions  the same for browsers without frame-ancestors ('DENY')
 * @property {string} cameraAllowlist who may use the camera: 'self' where document capture screens
 *                                    run (the onboarding and the host that shows them), '' elsewhere
 * @property {string} localOverrideSources '' or LOOPBACK_SOURCES (localOverrideSources of the setting)
 */

/**
 * @param {HeaderValues} values
 * @returns {string}
 */
function contentSecurityPolicy(values) {
  return [
    "default-src 'self'",
    `script-src 'self' ${values.remoteOrigins} ${values.localOverrideSources}`,
    `style-src 'self' ${values.remoteOrigins} ${values.localOverrideSources}`,
    // blob: for the capture screens' preview of a photo taken; the live camera plays a MediaStream
    // (srcObject), which needs no source (docs/product-rules.md, "Documents and capture").
    `img-src 'self' data: blob: ${values.imgOrigins}`,
    `connect-src 'self' ${values.remoteOrigins} ${values.serviceOrigins} ${values.localOverrideSources}`,
    // The CRLV-e reader's worker (pdf.js): a page starts workers from its own origin only, so inside
    // the host's page the onboarding's worker is a one-line blob: module importing its file from the
    // remote; a module worker's imports are checked against worker-src, not script-src, hence the
    // remotes here too (docs/decisions/0029). Not the local override's loopback: its bytes are on
    // every answer, and a squad's local onboarding reads no PDF inside a deployed host (the form
    // still opens, saying the PDF was not read).
    `worker-src 'self' blob: ${values.remoteOrigins}`,
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${values.frameAncestors}`,
  ].join('; ');
}

/**
 * Powerful features: the capture screens need the camera on their own origin; nothing in the
 * portal needs the microphone, the location, payments or devices, so they are off everywhere
 * (an injected script or a framed page cannot ask for them either).
 * @param {HeaderValues} values
 * @returns {string}
 */
function permissionsPolicy(values) {
  return [
    `camera=(${values.cameraAllowlist})`,
    'microphone=()',
    'geolocation=()',
    'payment=()',
    'usb=()',
    'serial=()',
    'bluetooth=()',
    'hid=()',
    'display-capture=()',
  ].join(', ');
}

/**
 * Every security header, in the order they are sent.
 * @param {HeaderValues} values
 * @returns {Array<[string, string]>}
 */
function securityHeaders(values) {
  return [
    ['X-Content-Type-Options', 'nosniff'],
    ['Referrer-Policy', 'no-referrer'],
    ['Content-Security-Policy', contentSecurityPolicy(values)],
    ['X-Frame-Options', values.xFrameOptions],
    ['Permissions-Policy', permissionsPolicy(values)],
    // Another site's page that opened a portal page (a popup, a link with a target) keeps no
    // handle on it, and a portal page keeps none on another site's: neither can navigate, count
    // the frames of or message the other (issue 29). Links out of the portal open with noopener.
    ['Cross-Origin-Opener-Policy', 'same-origin'],
  ];
}

// The proxies' paths (driver data, statement, session handoff, telemetry): nginx names them
// $portal_proxy_path (portal-driver-api-maps.conf, rendered from the same definition).
const { PROXY_PATH } = require('./driver-api.cjs');

/**
 * The files an app's pages are built of (scripts, styles, manifests, images, fonts): the same
 * pattern as nginx's file location (portal-common.conf) and the Node server's STATIC_FILE.
 */
const BUILD_FILE_PATTERN = '\\.(?:js|mjs|css|map|json|svg|png|jpg|ico|txt|woff2?)$';
const BUILD_FILE = new RegExp(BUILD_FILE_PATTERN, 'i');

/**
 * Cross-Origin-Resource-Policy of one response, by its path (nginx's $uri: decoded, one spelling).
 * - A build file: `cross-origin`. The host's page loads each remote's remoteEntry.js, chunks,
 *   styles, images and fonts from the remote's origin with <script>/<link>/<img> (no CORS), and a
 *   deployment may put the remotes on another site than the host (another domain, a CDN), so
 *   `same-site` would break it there; these files are the public build, the same for everyone,
 *   and hold nothing of a driver.
 * - Everything else: `same-origin`. Pages, the proxies' answers (a driver's data, the session
 *   handoff, telemetry) and errors are only ever read by the app's own pages: another site's page
 *   cannot pull them into its process with a <script> or <img> (a Spectre-style read).
 * A proxy path is `same-origin` whatever its ending (`/driver-api/.../x.json`).
 * @param {string} path
 * @returns {'cross-origin' | 'same-origin'}
 */
function resourcePolicy(path) {
  return BUILD_FILE.test(path) && !PROXY_PATH.test(path) ? 'cross-origin' : 'same-origin';
}

/**
 * HSTS: one year, this host name only. No `includeSubDomains` (the portal cannot vouch that every
 * sibling host name serves HTTPS) and no `preload` (a deployment's decision, hard to undo).
 */
const HSTS = 'max-age=31536000';

/**
 * X-Forwarded-Proto saying the client's connection was HTTPS: its first value (a chain of
 * proxies appends), any case. nginx reads the same pattern (nginxHeadersTemplate).
 */
const FORWARDED_HTTPS_PATTERN = '^\\s*https\\s*(?:,|$)';
const FORWARDED_HTTPS = new RegExp(FORWARDED_HTTPS_PATTERN, 'i');

/**
 * Whether the driver's browser reached the portal over TLS: this server's own connection is
 * TLS (nginx `$https`, a Node TLS socket), or the proxy in front ended TLS and says so in
 * `X-Forwarded-Proto: https` (the usual deployment: a load balancer before plain-HTTP containers).
 * A client can send that header itself over plain HTTP; it gains nothing: browsers ignore
 * Strict-Transport-Security received over plain HTTP (RFC 6797 §8.1), so the header only
 * ever takes effect on a connection that really is HTTPS.
 * @param {{ encrypted: boolean, forwardedProto: string | string[] | undefined }} request
 * @returns {boolean}
 */
function viaHttps({ encrypted, forwardedProto }) {
  const first = Array.isArray(forwardedProto) ? forwardedProto[0] : forwardedProto;
  return encrypted || FORWARDED_HTTPS.test(first ?? '');
}

/**
 * The headers that depend on the response: CORP by path, HSTS only where TLS is (the local
 * servers are plain HTTP: an HSTS header there would be ignored, and on localhost would pin every
 * other local server to HTTPS if a browser took it). The Node server sets these per request
 * (scripts/static-server.mjs); nginx computes the same at server level (nginxHeadersTemplate).
 * @param {{ path: string, encrypted: boolean, forwardedProto: string | string[] | undefined }} request
 * @returns {Array<[string, string]>}
 */
function responseHeaders(request) {
  /** @type {Array<[string, string]>} */
  const headers = [['Cross-Origin-Resource-Policy', resourcePolicy(request.path)]];
  if (viaHttps(request)) headers.push(['Strict-Transport-Security', HSTS]);
  return headers;
}

/** The deployment's placeholders (envsubst fills them in the container, render.cjs locally). */
const NGINX_PLACEHOLDERS = /** @type {HeaderValues} */ ({
  remoteOrigins: '${PORTAL_REMOTE_ORIGINS}',
  serviceOrigins: '${PORTAL_SERVICE_ORIGINS}',
  imgOrigins: '${PORTAL_IMG_ORIGINS}',
  frameAncestors: '${PORTAL_FRAME_ANCESTORS}',
  xFrameOptions: '${PORTAL_X_FRAME_OPTIONS}',
  cameraAllowlist: '${PORTAL_CAMERA_ALLOWLIST}',
  // Written by the image's 13-portal-local-override.envsh from PORTAL_LOCAL_OVERRIDE (render.cjs locally).
  localOverrideSources: '${PORTAL_LOCAL_OVERRIDE_SOURCES}',
});

/**
 * The nginx template of these headers: `add_header ... always` at server level (portal-common.conf
 * includes it), so errors carry them too.
 * @returns {string}
 */
function nginxHeadersTemplate() {
  const lines = securityHeaders(NGINX_PLACEHOLDERS).map(([name, value]) => {
    if (/["\\]/.test(value)) throw new Error(`${name} cannot be written as an nginx string: ${value}`);
    return `add_header ${name} "${value}" always;`;
  });
  return [
    '# Written from deploy/security-headers.cjs (the one definition `npm start` serves too): do not edit.',
    ...lines,
    ...nginxResponseHeaderLines(),
    '',
  ].join('\n');
}

/**
 * responseHeaders in nginx: server-level `set`/`if` (rewrite directives, run before a location is
 * chosen, and again on an internal redirect such as the pages' fallback to /index.html) give the
 * values, one `add_header` each sends them. An empty value sends no header: no HSTS on plain HTTP.
 * $portal_proxy_path is the proxies' map (portal-driver-api-maps.conf, from deploy/driver-api.cjs).
 * @returns {string[]}
 */
function nginxResponseHeaderLines() {
  for (const pattern of [BUILD_FILE_PATTERN, FORWARDED_HTTPS_PATTERN]) {
    if (/["{};]/.test(pattern)) throw new Error(`cannot be written as an nginx string: ${pattern}`);
  }
  return [
    "# Cross-Origin-Resource-Policy: cross-origin on build files (the host loads remotes' files from",
    '# their origins), same-origin on pages, proxies and errors (security-headers.cjs, resourcePolicy).',
    'set $portal_resource_policy "same-origin";',
    `if ($uri ~* "${BUILD_FILE_PATTERN}") {`,
    '    set $portal_resource_policy "cross-origin";',
    '}',
    'if ($portal_proxy_path) {',
    '    set $portal_resource_policy "same-origin";',
    '}',
    'add_header Cross-Origin-Resource-Policy $portal_resource_policy always;',
    '# Strict-Transport-Security only where TLS is: this server block ends TLS ($https), or the proxy',
    '# in front did and says so (X-Forwarded-Proto: https); browsers ignore it on plain HTTP anyway.',
    'set $portal_hsts "";',
    'if ($https = on) {',
    `    set $portal_hsts "${HSTS}";`,
    '}',
    `if ($http_x_forwarded_proto ~* "${FORWARDED_HTTPS_PATTERN}") {`,
    `    set $portal_hsts "${HSTS}";`,
    '}',
    'add_header Strict-Transport-Security $portal_hsts always;',
  ];
}

module.exports = {
  LOOPBACK_SOURCES,
  LOCAL_OVERRIDE_SETTING,
  localOverrideSources,
  contentSecurityPolicy,
  permissionsPolicy,
  securityHeaders,
  resourcePolicy,
  responseHeaders,
  HSTS,
  BUILD_FILE,
  nginxHeadersTemplate,
  NGINX_PLACEHOLDERS,
};
