// @ts-check
/**
 * The path of a request as a log may hold it (docs/security.md, "Access logs"; decision 0023): the
 * rule of nginx's `$portal_log_path` (deploy/nginx/portal-log.conf), for the Node servers that log
 * a request (the sandbox's request lines, sandbox-api/src/server.ts). deploy/test/log-privacy.test.ts
 * sends the same targets to nginx and to this and compares.
 *
 * - never the query: `/App?token=<token>&driverId=7` is `/App`;
 * - cut at the first `#`, `%` or `;`, marked `-`: `/%70olicies/<token>` is `/%-` (a router may
 *   read an escape, or a segment the path rule refuses, as a route);
 * - cut after the first `policies` or `token`, any case, wherever it is: `//POLICIES/<policy
 *   token>` is `//POLICIES/-`, `/App&token=x` is `/App&token/-`;
 * - an absolute-form target (`GET http://host/App?...`) is read from its path, as nginx's
 *   `$request_uri` is.
 */

/** `scheme://authority` of an absolute-form request target (RFC 9112, 3.2.2). */
const ABSOLUTE_FORM = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#]*/;
const WORD = /^([^?#%;]*?)(policies|token)/i;
const CUT = /^([^?#%;]*)([#%;])/;

/**
 * @param {string | undefined} target the request target as the client sent it (Node's `request.url`)
 * @returns {string} the path a log may hold; '' for no target
 */
function logPath(target) {
  if (typeof target !== 'string') return '';
  const absolute = ABSOLUTE_FORM.exec(target);
  const path = absolute ? target.slice(absolute[0].length) || '/' : target;
  const word = WORD.exec(path);
  if (word) return `${word[1]}${word[2]}/-`;
  const cut = CUT.exec(path);
  if (cut) return `${cut[1]}${cut[2]}-`;
  const query = path.indexOf('?');
  return query < 0 ? path : path.slice(0, query);
}

module.exports = { logPath };
