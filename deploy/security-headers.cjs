// @ts-check
/**
 * The security headers of everything the portal serves, defined once for both servers: nginx
 * (deploy/nginx/render.cjs writes portal-headers.conf.template from this, with the deployment's
 * ${PORTAL_*} placeholders as the values; the image's build stage does the same) and the Node
 * static server of `npm start` (scripts/static-server.mjs, with this machine's values).
 *
 * The webview opens the portal as a top-level page: it is never framed (frame-ancestors plus
 * X-Frame-Options for old Android webviews). Inline scripts and styles are refused; scripts and
 * styles come only from the app's origin and the remotes, calls go only to those and the
 * configured services.
 */

/**
 * @typedef {object} HeaderValues
 * @property {string} remoteOrigins  remotes' origins, space-separated ('' on a remote's own server)
 * @property {string} serviceOrigins the services' origins, space-separated
 * @property {string} imgOrigins     where images may come from besides the app, space-separated
 * @property {string} frameAncestors who may frame the portal ("'none'")
 * @property {string} xFrameOptions  the same for browsers without frame-ancestors ('DENY')
 * @property {string} cameraAllowlist who may use the camera: 'self' where document capture screens
 *                                    run (the onboarding and the host that shows them), '' elsewhere
 */

/**
 * @param {HeaderValues} values
 * @returns {string}
 */
function contentSecurityPolicy(values) {
  return [
    "default-src 'self'",
    `script-src 'self' ${values.remoteOrigins}`,
    `style-src 'self' ${values.remoteOrigins}`,
    // blob: for the capture screens' preview of a photo taken; the live camera plays a MediaStream
    // (srcObject), which needs no source (docs/product-rules.md, "Documents and capture").
    `img-src 'self' data: blob: ${values.imgOrigins}`,
    `connect-src 'self' ${values.remoteOrigins} ${values.serviceOrigins}`,
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

/** The deployment's placeholders (envsubst fills them in the container, render.cjs locally). */
const NGINX_PLACEHOLDERS = /** @type {HeaderValues} */ ({
  remoteOrigins: '${PORTAL_REMOTE_ORIGINS}',
  serviceOrigins: '${PORTAL_SERVICE_ORIGINS}',
  imgOrigins: '${PORTAL_IMG_ORIGINS}',
  frameAncestors: '${PORTAL_FRAME_ANCESTORS}',
  xFrameOptions: '${PORTAL_X_FRAME_OPTIONS}',
  cameraAllowlist: '${PORTAL_CAMERA_ALLOWLIST}',
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
  return ['# Written from deploy/security-headers.cjs (the one definition `npm start` serves too): do not edit.', ...lines, ''].join('\n');
}

module.exports = { contentSecurityPolicy, permissionsPolicy, securityHeaders, nginxHeadersTemplate, NGINX_PLACEHOLDERS };
