/* eslint-disable @typescript-eslint/no-unused-vars -- njs 0.7 has no `catch {` without a binding */
// The canary cohort a driver's pages are served for (docs/security.md, "Canary cohorts"), in one
// file both servers run: nginx through its JavaScript module (njs: `js_set`, `js_content`),
// `npm start`'s static server by importing it. Written in the JavaScript njs 0.7 runs.
//
// The cohort comes only from the driver the provider's token check names for the token of the
// native app's entry (the page load whose address carries `token=`): one of 100 cohorts of 1 %
// by MurmurHash2 of that driver id, as nginx's split_clients cuts the 32-bit range (c00 is the
// first 1 %). The server keeps it in a cookie it signs (HMAC-SHA256 with a secret of the
// deployment, PORTAL_COHORT_SECRET, which never reaches a page), with an expiry. Nothing the page
// sends chooses it: the address's driverId is not read, a cookie that fails its signature or has
// expired is no cohort (the live release), a token the provider refuses clears it, and a request
// carrying more than one cookie of that name (a page on the same host name, another port, can add
// its own with a longer path, which the browser sends first) has no cohort either. Over HTTPS the
// cookie is `__Host-portal_cohort` (Secure, Path=/, host-only: no longer path, no parent domain).
//
// The same entry also keeps, in a second cookie, the proof of a real driver's session that the
// field telemetry counts beacons by (docs/telemetry.md, "Forged beacons"; decision 0022):
// `portal_driver=<driver key>.<expiry>.<MAC>`, set only when the provider's token check named the
// driver. The driver key is a pseudonym (an HMAC of the lower-cased driver id under a key derived
// from the deployment's secret: the id itself never leaves the server), the expiry the cohort's
// (a shift, whatever the release), the MAC under another key derived from that secret. The
// telemetry path forwards this value alone (X-Portal-Driver-Proof); the receiver checks it.
import crypto from 'crypto';
import fs from 'fs';

var COOKIE_NAME = 'portal_cohort';
/** Its name over HTTPS: the browser refuses a `__Host-` cookie with a Path other than / or a Domain. */
var SECURE_COOKIE_NAME = '__Host-' + COOKIE_NAME;
/** A signed cohort holds for a shift: the same release at every load of a working day. */
var COOKIE_LIFETIME_SECONDS = 12 * 60 * 60;
/** A shorter secret is a configuration error: no cohort at all (every driver on the live release). */
var MIN_SECRET_LENGTH = 32;
/** The answer header naming the token's driver (the sandbox's TOKEN_DRIVER_HEADER). */
var TOKEN_DRIVER_HEADER = 'X-Portal-Token-Driver';
/** The remote list's answer header naming the driver's cohort for the host's choice (host/src/federation/cohort.ts). */
var COHORT_HEADER = 'Portal-Cohort';
/** What the token check may name: a provider's driver id (no separator of the signed text). */
var DRIVER_ID = /^[A-Za-z0-9-]{1,64}$/;
/** What is sent to the token check: a token of URL-safe characters (no header injection). */
var TOKEN = /^[A-Za-z0-9._~+/=-]{1,4096}$/;
var SIGNED = /^(c[0-9][0-9])\.([0-9]{1,12})\.([A-Za-z0-9_-]{43})$/;

/** The driver proof's cookie: the pseudonymous driver key a beacon counts under, signed by the server. */
var PROOF_COOKIE_NAME = 'portal_driver';
var SECURE_PROOF_COOKIE_NAME = '__Host-' + PROOF_COOKIE_NAME;
/** The one header the telemetry path passes the proof to the receiver in (no cookie goes on). */
var PROOF_HEADER = 'X-Portal-Driver-Proof';
/** A driver key: 22 base64url characters, the first 132 bits of an HMAC-SHA256. */
var DRIVER_KEY = /^[A-Za-z0-9_-]{22}$/;
var PROOF = /^([A-Za-z0-9_-]{22})\.([0-9]{1,12})\.([A-Za-z0-9_-]{43})$/;

/** The share of the hash range of one 1 % cohort, as split_clients computes "1%". */
var COHORT_SPAN = Math.floor((100 * 0xffffffff) / 10000);

/** MurmurHash2 of the UTF-8 bytes, seed 0: nginx's ngx_murmur_hash2 (split_clients). */
function murmurHash2(text) {
  var data = new TextEncoder().encode(text);
  var m = 0x5bd1e995;
  var length = data.length;
  var h = length >>> 0;
  var i = 0;
  while (length >= 4) {
    var k = data[i] | (data[i + 1] << 8) | (data[i + 2] << 16) | (data[i + 3] << 24);
    k = Math.imul(k, m);
    k ^= k >>> 24;
    k = Math.imul(k, m);
    h = Math.imul(h, m) ^ k;
    i += 4;
    length -= 4;
  }
  if (length === 3) h ^= data[i + 2] << 16;
  if (length >= 2) h ^= data[i + 1] << 8;
  if (length >= 1) h = Math.imul(h ^ data[i], m);
  h ^= h >>> 13;
  h = Math.imul(h, m);
  h ^= h >>> 15;
  return h >>> 0;
}

/** The cohort of a driver id the token check named: `c00` ... `c99`; '' for anything else. */
function cohortOfDriver(driverId) {
  if (typeof driverId !== 'string' || !DRIVER_ID.test(driverId)) return '';
  var index = Math.min(99, Math.floor(murmurHash2(driverId.toLowerCase()) / COHORT_SPAN));
  return 'c' + (index < 10 ? '0' : '') + index;
}

function usableSecret(secret) {
  return typeof secret === 'string' && secret.length >= MIN_SECRET_LENGTH;
}

function mac(secret, cohort, expires) {
  return crypto
    .createHmac('sha256', secret)
    .update(COOKIE_NAME + '|' + cohort + '|' + expires)
    .digest('base64url');
}

/** Compared in a time that does not depend on where they differ. */
function sameText(a, b) {
  if (a.length !== b.length) return false;
  var difference = 0;
  for (var i = 0; i < a.length; i += 1) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}

/** The cookie's value for a cohort, signed until `nowMs` + the lifetime; '' without a usable secret. */
function signedCohort(cohort, secret, nowMs) {
  if (!usableSecret(secret) || !/^c[0-9][0-9]$/.test(cohort)) return '';
  var expires = Math.floor(nowMs / 1000) + COOKIE_LIFETIME_SECONDS;
  return cohort + '.' + expires + '.' + mac(secret, cohort, expires);
}

/** The cohort a cookie value holds when the server signed it and it has not expired; '' otherwise. */
function verifiedCohort(value, secret, nowMs) {
  if (!usableSecret(secret) || typeof value !== 'string') return '';
  var parts = SIGNED.exec(value);
  if (!parts) return '';
  var expires = Number(parts[2]);
  if (!(expires * 1000 > nowMs)) return '';
  return sameText(parts[3], mac(secret, parts[1], expires)) ? parts[1] : '';
}

/**
 * A key for one use, derived from the deployment's secret (HMAC-SHA256 of the use's name): the
 * driver proof's pseudonyms and MACs never share a key with the cohort cookie's MAC.
 */
function derivedKey(secret, use) {
  return crypto
    .createHmac('sha256', secret)
    .update('portal-cohort-secret|' + use)
    .digest('base64url');
}

/**
 * The pseudonymous key of a driver id the token check named: the first 22 base64url characters
 * of HMAC-SHA256(lower-cased id) under a key derived from the secret; '' for anything else. The
 * same driver has the same key on every app and at every entry; the id cannot be read back from it.
 */
function driverKey(driverId, secret) {
  if (!usableSecret(secret) || typeof driverId !== 'string' || !DRIVER_ID.test(driverId)) return '';
  return crypto.createHmac('sha256', derivedKey(secret, 'driver-key')).update(driverId.toLowerCase()).digest('base64url').slice(0, 22);
}

function proofMac(secret, key, expires) {
  return crypto
    .createHmac('sha256', derivedKey(secret, 'driver-proof'))
    .update(PROOF_COOKIE_NAME + '|' + key + '|' + expires)
    .digest('base64url');
}

/** The proof's value for a driver id the token check named, until `nowMs` + the lifetime; '' without a driver or a usable secret. */
function signedDriverProof(driverId, secret, nowMs) {
  var key = driverKey(driverId, secret);
  if (key === '') return '';
  var expires = Math.floor(nowMs / 1000) + COOKIE_LIFETIME_SECONDS;
  return key + '.' + expires + '.' + proofMac(secret, key, expires);
}

/** The driver key a proof holds when the server signed it and it has not expired; '' otherwise. */
function verifiedDriverKey(value, secret, nowMs) {
  if (!usableSecret(secret) || typeof value !== 'string') return '';
  var parts = PROOF.exec(value);
  if (!parts || !DRIVER_KEY.test(parts[1])) return '';
  var expires = Number(parts[2]);
  if (!(expires * 1000 > nowMs)) return '';
  return sameText(parts[3], proofMac(secret, parts[1], expires)) ? parts[1] : '';
}

/** The proof cookie's name on a request of that scheme. */
function proofCookieName(secure) {
  return secure ? SECURE_PROOF_COOKIE_NAME : PROOF_COOKIE_NAME;
}

/**
 * The Set-Cookie value of the proof after an entry: signed for the token's driver, or cleared (a
 * token the provider refused, no secret), so a previous driver's proof is not kept either.
 */
function entryProofCookie(driverId, secret, nowMs, secure) {
  var signed = signedDriverProof(driverId, secret, nowMs);
  return signed ? namedCookieText(proofCookieName(secure), signed, secure) : clearedNamedCookie(proofCookieName(secure), secure);
}

function clearedProofCookie(secure) {
  return clearedNamedCookie(proofCookieName(secure), secure);
}

/**
 * What the telemetry path forwards: the request's one proof cookie of its scheme's name, as it
 * came ('' when absent or when several are sent). Only its shape is checked here; the receiver
 * checks its MAC and expiry.
 */
function requestProof(header, secure) {
  var value = cookieOf(header, proofCookieName(secure));
  return PROOF.test(value) ? value : '';
}

/** The cookie's name on a request of that scheme. */
function cookieName(secure) {
  return secure ? SECURE_COOKIE_NAME : COOKIE_NAME;
}

/**
 * The value of the one cookie of that name in a Cookie header; '' when absent, and '' when there
 * are several: the browser sends a cookie of a longer path first (nginx's $cookie_ takes it), so a
 * page on the same host name could otherwise put its own in front of the server's.
 */
function cookieOf(header, name) {
  var pairs = typeof header === 'string' ? header.split(/;\s*/) : [];
  var found = [];
  for (var i = 0; i < pairs.length; i += 1) {
    var at = pairs[i].indexOf('=');
    if (at > 0 && pairs[i].slice(0, at).trim() === name) found.push(pairs[i].slice(at + 1).trim());
  }
  return found.length === 1 ? found[0] : '';
}

/** The token of the native app's entry: the query's `token` however spelled; '' when none or not a plain token. */
function entryToken(query) {
  var pairs = typeof query === 'string' ? query.replace(/^\?/, '').split('&') : [];
  for (var i = 0; i < pairs.length; i += 1) {
    var at = pairs[i].indexOf('=');
    var name = at < 0 ? pairs[i] : pairs[i].slice(0, at);
    try {
      if (decodeURIComponent(name).toLowerCase() !== 'token') continue;
      var value = at < 0 ? '' : decodeURIComponent(pairs[i].slice(at + 1).replace(/\+/g, ' '));
      return TOKEN.test(value) ? value : '';
    } catch (error) {
      return '';
    }
  }
  return '';
}

/**
 * The Set-Cookie value after an entry: the signed cohort of the token's driver, or (a token the
 * provider refused, no secret) the cookie cleared, so a previous driver's cohort is not kept.
 */
function entryCookie(cohort, secret, nowMs, secure) {
  var signed = cohort ? signedCohort(cohort, secret, nowMs) : '';
  return signed ? cookieText(signed, secure) : clearedCookie(secure);
}

function cookieText(value, secure) {
  return namedCookieText(cookieName(secure), value, secure);
}

function namedCookieText(name, value, secure) {
  // Host-only (no Domain), HttpOnly (no script reads or writes it), Strict: sent on the native
  // app's own loads and the page's own requests (its beacons included), never on another
  // site's. Over HTTPS, `__Host-`.
  return name + '=' + value + '; Path=/; HttpOnly; SameSite=Strict' + (secure ? '; Secure' : '');
}

function clearedCookie(secure) {
  return clearedNamedCookie(cookieName(secure), secure);
}

function clearedNamedCookie(name, secure) {
  return name + '=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict' + (secure ? '; Secure' : '');
}

/**
 * Whether an entry may leave the cookies the browser already holds: its one cohort cookie names
 * this cohort and its one proof this driver, both signed and valid for at least half a lifetime
 * more. Then the entry sends no Set-Cookie (every native app entry repeats the same driver's
 * token: the same cookies again would be bytes on every entry); otherwise both are set anew.
 */
function keepsCookies(header, cohort, driverId, secret, nowMs, secure) {
  if (!cohort) return false;
  var held = cookieOf(header, cookieName(secure));
  var proofHeld = cookieOf(header, proofCookieName(secure));
  if (verifiedCohort(held, secret, nowMs) !== cohort) return false;
  var key = driverKey(driverId, secret);
  if (key === '' || verifiedDriverKey(proofHeld, secret, nowMs) !== key) return false;
  var halfLife = (COOKIE_LIFETIME_SECONDS * 1000) / 2;
  return Number(SIGNED.exec(held)[2]) * 1000 - nowMs > halfLife && Number(PROOF.exec(proofHeld)[2]) * 1000 - nowMs > halfLife;
}

/** The cohort a request's Cookie header holds: its one cohort cookie, signed and not expired; '' otherwise. */
function cookieCohort(header, secret, nowMs, secure) {
  return verifiedCohort(cookieOf(header, cookieName(secure)), secret, nowMs);
}

// ---- nginx (njs) ----------------------------------------------------------------------------

/** The cohort of this request: the entry's (set by `entry`), else the signed cookie's; '' for none. */
function requestCohort(r) {
  var entry = r.variables.portal_entry_cohort || '';
  if (entry !== '') return entry === '-' ? '' : entry;
  // The whole Cookie header ($http_cookie joins several headers with "; "), not $cookie_portal_cohort:
  // that takes the first of duplicates, which a same-host page can choose.
  return cookieCohort(r.variables.http_cookie || '', r.variables.portal_cohort_secret, Date.now(), isSecure(r));
}

/** Whether the request came over HTTPS (then the cookie is `__Host-portal_cohort`). */
function isSecure(r) {
  return r.variables.scheme === 'https';
}

/** js_set $portal_cohort: the request's cohort (c00-c99) or ''. */
function cohort(r) {
  return requestCohort(r);
}

/**
 * js_set $portal_page_release: the release folder a remote's page is served from, under the app
 * root: `canary/<cohort>` when release:remote linked the driver's cohort, else `current`.
 */
function release(r) {
  var found = requestCohort(r);
  if (found === '') return 'current';
  try {
    fs.accessSync(r.variables.portal_app_root + '/canary/' + found);
    return 'canary/' + found;
  } catch (error) {
    return 'current';
  }
}

/** js_set $portal_cohort_set_cookie: the cookie an answer sets ('' for none). */
function setCookie(r) {
  // /Sair goes through every origin's sign-out page: the driver's cohort is forgotten with the session.
  if (r.uri === '/signout.html') return clearedCookie(isSecure(r));
  var entry = r.variables.portal_entry_cohort || '';
  if (entry === '' || keptCookies(r)) return '';
  return entryCookie(entry === '-' ? '' : entry, r.variables.portal_cohort_secret, Date.now(), isSecure(r));
}

/** keepsCookies for this entry: the cohort and driver the token check named, against the request's cookies. */
function keptCookies(r) {
  var entry = r.variables.portal_entry_cohort || '';
  var driver = r.variables.portal_entry_driver || '';
  if (entry === '' || entry === '-' || driver === '' || driver === '-') return false;
  return keepsCookies(r.variables.http_cookie || '', entry, driver, r.variables.portal_cohort_secret, Date.now(), isSecure(r));
}

/** js_set $portal_driver_set_cookie: the driver proof's cookie an answer sets ('' for none), as setCookie does the cohort's. */
function setProofCookie(r) {
  if (r.uri === '/signout.html') return clearedProofCookie(isSecure(r));
  var entry = r.variables.portal_entry_driver || '';
  if (entry === '' || keptCookies(r)) return '';
  return entryProofCookie(entry === '-' ? '' : entry, r.variables.portal_cohort_secret, Date.now(), isSecure(r));
}

/** js_set $portal_driver_proof: the proof the telemetry path forwards to the receiver ('' for none). */
function proof(r) {
  return requestProof(r.variables.http_cookie || '', isSecure(r));
}

/** The entry's page: the page route's file, or the app's page (as `try_files $uri /index.html`). */
function entryPage(r) {
  var root = r.variables.document_root;
  try {
    if (fs.statSync(root + r.uri).isFile()) return fs.readFileSync(root + r.uri);
  } catch (error) {
    // Not a file: a page route.
  }
  return fs.readFileSync(root + '/index.html');
}

/**
 * js_content of the native app's entry (portal-cohort.conf): asks the provider's token check
 * whose token the address carries, keeps the cohort of that driver for this request (js_var
 * $portal_entry_cohort: '-' for none: the root and the cookie follow it) and serves the page.
 * Served from here: njs 0.7 cannot redirect internally once a subrequest has answered.
 */
function entry(r) {
  var token = entryToken(r.variables.args || '');
  function serve(cohortFound, driverFound) {
    r.variables.portal_entry_cohort = cohortFound || '-';
    // The driver the token check named, for the proof cookie (setProofCookie); '-' for none.
    r.variables.portal_entry_driver = cohortFound && driverFound ? driverFound : '-';
    var page;
    try {
      page = entryPage(r);
    } catch (error) {
      r.return(404, 'Not found');
      return;
    }
    r.headersOut['Content-Type'] = 'text/html';
    r.return(200, page);
  }
  if (token === '') {
    serve('');
    return;
  }
  r.variables.portal_entry_token = token;
  r.subrequest('/__portal_cohort_token_check', { method: 'GET' }).then(
    function (reply) {
      var driver = reply.status >= 200 && reply.status < 300 ? reply.headersOut[TOKEN_DRIVER_HEADER] : '';
      serve(cohortOfDriver(driver), driver);
    },
    function () {
      serve('');
    },
  );
}

export default {
  COOKIE_NAME,
  SECURE_COOKIE_NAME,
  COOKIE_LIFETIME_SECONDS,
  COHORT_HEADER,
  TOKEN_DRIVER_HEADER,
  murmurHash2,
  cohortOfDriver,
  signedCohort,
  verifiedCohort,
  cookieName,
  cookieOf,
  cookieCohort,
  entryToken,
  entryCookie,
  keepsCookies,
  clearedCookie,
  PROOF_COOKIE_NAME,
  SECURE_PROOF_COOKIE_NAME,
  PROOF_HEADER,
  driverKey,
  signedDriverProof,
  verifiedDriverKey,
  proofCookieName,
  entryProofCookie,
  clearedProofCookie,
  requestProof,
  cohort,
  release,
  setCookie,
  setProofCookie,
  proof,
  entry,
};
