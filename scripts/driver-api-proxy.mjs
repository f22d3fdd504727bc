// `npm start`'s driver-data proxy: what deploy/nginx/portal-driver-api.conf.template does in
// deployment, for the Node static server (docs/security.md). The register, insurance and card
// services take no token; the portal's pages call them at /driver-api/<service>/ on their own
// origin and this decides per call (deploy/driver-api.cjs) before anything reaches the service.
import { request as httpRequest } from 'node:http';

import driverApiTable from '../deploy/driver-api.cjs';
import openCalls from '../deploy/nginx/portal-open-calls.mjs';
import store from '../deploy/store.cjs';

const { PROXY_PREFIX, PROXIED_SERVICES, canonicalPath, needsToken, oddPathReason, ruleOf } = driverApiTable;

/** A checked body is a form's: far below this (nginx: client_max_body_size of the open-call locations). */
const CHECKED_BODY_LIMIT = 64 * 1024;

/**
 * The per-client limit of the rate-limited open calls (portal-open-calls.mjs, RATE_LIMIT): the
 * one limiter of deploy/store.cjs that every app's nginx asks too (/__portal_limits/open-call of
 * the session-handoff service), the same arithmetic, in `store` (this process's memory unless
 * PORTAL_REDIS_URL is set). It fails open only while Redis does not answer (counted in memory);
 * its answer is read as nginx reads the service's (openCalls.limitOutcome, decision 0024). The
 * client is the address; a test's sandbox namespace makes it a client of its own only when the
 * request proves it under the run's PORTAL_TEST_NAMESPACE_SECRET (openCalls.namespaceScope).
 */
const openCallLimiter = (shared) => shared.limiter('open-call', store.nginxBucket(openCalls.RATE_LIMIT), { failOpen: true });

function readBody(req, limit) {
  return new Promise((resolve) => {
    const chunks = [];
    let size = 0;
    req.on('data', (chunk) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
    });
    req.on('end', () => resolve(size > limit ? undefined : Buffer.concat(chunks)));
    req.on('error', () => resolve(undefined));
  });
}

/** Headers of the service's answer that never reach the page (the proxy is same-origin: no CORS). */
const DROPPED_ANSWER_HEADERS = new Set([
  'access-control-allow-origin',
  'access-control-allow-credentials',
  'access-control-allow-headers',
  'access-control-allow-methods',
  'access-control-max-age',
  'access-control-expose-headers',
  'www-authenticate',
  'connection',
  'keep-alive',
  'transfer-encoding',
]);

/**
 * The driver the provider's token check says the token is (its answer's header), passed on to the
 * services as SIGNED_IN_DRIVER: the insurer refuses a contract for another driver. Whatever the
 * page sends under that name is dropped: only the proxy vouches.
 */
const TOKEN_DRIVER = 'x-portal-token-driver';
const SIGNED_IN_DRIVER = 'x-portal-signed-in-driver';

/** Headers of the page's request the service gets: never the driver's token, a cookie, or a driver the page claims. */
const DROPPED_REQUEST_HEADERS = new Set([
  'authorization',
  'cookie',
  'host',
  'origin',
  'referer',
  'connection',
  SIGNED_IN_DRIVER,
  'x-portal-namespace-proof',
]);

function refuse(res, status, message) {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(JSON.stringify({ validations: [{ message }] }));
}

/** The sandbox's namespace of a test (one sandbox state per test): the token check reads that state. */
const NAMESPACE_HEADER = 'x-sandbox-namespace';
/** Its proof for the open calls' limit (openCalls.namespaceScope). */
const NAMESPACE_PROOF_HEADER = 'x-portal-namespace-proof';

/**
 * The limiter's answer as the status nginx would get from the session-handoff service: 204 or 429
 * for the two answers a limiter gives, unreachable when the store could not be reached and no
 * fallback counted (StoreUnavailableError), 500 for anything else (a limiter that throws, an
 * answer of another shape).
 * @param {import('../deploy/store.cjs').Limiter} limiter @param {string} client
 * @returns {Promise<{ status: number, retryAfter: string, unreachable: boolean }>}
 */
async function askLimiter(limiter, client) {
  try {
    const admitted = /** @type {unknown} */ (await limiter.admit(client));
    if (admitted && typeof admitted === 'object' && 'ok' in admitted) {
      if (admitted.ok === true) return { status: 204, retryAfter: '', unreachable: false };
      if (admitted.ok === false && 'retryAfterSeconds' in admitted)
        return { status: 429, retryAfter: String(admitted.retryAfterSeconds), unreachable: false };
    }
    return { status: 500, retryAfter: '', unreachable: false };
  } catch (error) {
    return { status: 500, retryAfter: '', unreachable: error instanceof store.StoreUnavailableError };
  }
}

/**
 * Asks the provider whose token this is (GET authUrl), naming the driver of a `driver` call and
 * the insurance request of a `request-owner` call: 204 lets the call on (with the token's
 * driver), 401/403 refuse it.
 */
function checkToken(authUrl, req, { driverId, requestId }) {
  return new Promise((resolve) => {
    const { authorization } = req.headers;
    const namespace = req.headers[NAMESPACE_HEADER];
    const headers = {
      ...(authorization ? { Authorization: authorization } : {}),
      ...(driverId ? { 'X-Portal-Driver-Id': driverId } : {}),
      ...(requestId ? { 'X-Portal-Insurance-Request': requestId } : {}),
      ...(typeof namespace === 'string' ? { [NAMESPACE_HEADER]: namespace } : {}),
    };
    const check = httpRequest(authUrl, { method: 'GET', headers, timeout: 10_000 }, (answer) => {
      answer.resume();
      const status = answer.statusCode ?? 500;
      const tokenDriver = answer.headers[TOKEN_DRIVER];
      resolve({
        status: status >= 200 && status < 300 ? 200 : status === 401 || status === 403 ? status : 500,
        tokenDriver: typeof tokenDriver === 'string' ? tokenDriver : '',
      });
    });
    check.on('timeout', () => check.destroy(new Error('token check timed out')));
    check.on('error', () => resolve({ status: 500, tokenDriver: '' }));
    check.end();
  });
}

/**
 * @param {{ upstream: string, authUrl: string, appOrigins: ReadonlySet<string>, store?: import('../deploy/store.cjs').Store, namespaceSecret?: string, log?: (line: string) => void }} options
 *   `upstream`: where /driver-api/<service>/ goes (the sandbox: http://127.0.0.1:4000, which serves each
 *   service under its name); `authUrl`: the provider's token check; `appOrigins`: the portal's pages;
 *   `namespaceSecret`: the local test run's (PORTAL_TEST_NAMESPACE_SECRET by default; unset in any
 *   deployment); `log`: where a limit let through or refused is said (stderr by default).
 * @returns {(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse, url: URL) => boolean}
 *   handles the request and answers true when it is the proxy's path.
 */
export function driverApiProxy({
  upstream,
  authUrl,
  appOrigins,
  store: shared = store.createMemoryStore(),
  namespaceSecret = process.env.PORTAL_TEST_NAMESPACE_SECRET,
  log = (line) => console.error(line),
}) {
  const limiter = openCallLimiter(shared);
  return (req, res, url) => {
    // The path as nginx's $uri reads it, in one spelling (deploy/driver-api.cjs): what the table
    // judges and what the service gets. scripts/static-server.mjs hands it over already so; the
    // dev servers (build-preset) hand the WHATWG URL, which this makes the same.
    const pathname = canonicalPath(url.pathname);
    if (!pathname.startsWith(PROXY_PREFIX)) return false;
    // The path rule (static-server.mjs ran it already; the dev servers do not): a backslash, a dot
    // segment in any spelling, an encoded slash, `;`, a control character: 400, nothing forwarded.
    if (oddPathReason(req.url ?? '/') !== undefined) {
      refuse(res, 400, 'Endereço inválido.');
      return true;
    }
    const [service = '', ...rest] = pathname.slice(PROXY_PREFIX.length).split('/');
    if (!PROXIED_SERVICES.includes(service)) {
      refuse(res, 404, 'Chamada desconhecida.');
      return true;
    }
    void proxy(req, res, url, service, rest.join('/'));
    return true;
  };

  async function proxy(req, res, url, service, path) {
    const method = req.method ?? 'GET';
    // Another site's page is refused whatever it carries; a same-origin GET sends no Origin.
    const origin = req.headers.origin;
    if (origin !== undefined && !appOrigins.has(origin)) return refuse(res, 403, 'Origem não permitida.');
    const rule = ruleOf(service, method, path);
    if (!rule) return refuse(res, 404, 'Chamada desconhecida.');
    // Open calls: rate limited per client, bodies held to the forms' limits, answers cut to what the screen needs.
    const open = service === 'register' ? openCalls.openCallOf(method, path) : null;
    if (open?.limited) {
      const scope = openCalls.namespaceScope(namespaceSecret, req.headers[NAMESPACE_HEADER], req.headers[NAMESPACE_PROOF_HEADER]);
      const client = `${req.socket.remoteAddress ?? ''}${scope ? `.${scope}` : ''}`;
      const asked = await askLimiter(limiter, client);
      const outcome = openCalls.limitOutcome(asked.status, asked.retryAfter, asked.unreachable);
      if (asked.unreachable) log(`portal open-call limit unreachable: call let through`);
      else if (outcome.action === 'refuse') log(`portal open-call limit answered ${asked.status}: call refused`);
      if (outcome.action !== 'through') {
        res.setHeader('Retry-After', outcome.retryAfter);
        return refuse(
          res,
          outcome.action === 'throttle' ? 429 : 503,
          outcome.action === 'throttle' ? openCalls.TOO_MANY : openCalls.LIMIT_UNAVAILABLE,
        );
      }
    }
    let checkedBody;
    if (open?.body) {
      checkedBody = await readBody(req, CHECKED_BODY_LIMIT);
      if (checkedBody === undefined) return refuse(res, 413, 'Dados grandes demais.');
      const problems = openCalls.bodyProblems(open.body, checkedBody.toString('utf8'), Date.now());
      if (problems.length > 0) {
        res.writeHead(400, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
        return res.end(openCalls.refusalText(problems));
      }
    }
    let signedIn = '';
    if (needsToken(rule.access)) {
      const verdict = await checkToken(authUrl, req, rule);
      if (verdict.status === 401) return refuse(res, 401, 'Sessão expirada. Faça login novamente.');
      if (verdict.status === 403) return refuse(res, 403, 'Estes dados não são do motorista desta sessão.');
      if (verdict.status !== 200) return refuse(res, 502, 'Serviço indisponível.');
      signedIn = verdict.tokenDriver;
    }
    const headers = Object.fromEntries(Object.entries(req.headers).filter(([name]) => !DROPPED_REQUEST_HEADERS.has(name)));
    if (signedIn !== '') headers[SIGNED_IN_DRIVER] = signedIn;
    const target = new URL(`/${service}/${path}${url.search}`, upstream);
    if (checkedBody !== undefined) {
      delete headers['transfer-encoding'];
      headers['content-length'] = String(checkedBody.length);
    }
    // An answer to cut is read here: asked for uncompressed.
    if (open?.answer) delete headers['accept-encoding'];
    const forwarded = httpRequest(target, { method, headers }, (answer) => {
      const answerHeaders = Object.fromEntries(Object.entries(answer.headers).filter(([name]) => !DROPPED_ANSWER_HEADERS.has(name)));
      // Exactly one Cache-Control, no-store, whatever the service says (nginx: proxy_hide_header
      // Cache-Control and portal-common.conf's one).
      answerHeaders['cache-control'] = 'no-store';
      if (!open?.answer) {
        res.writeHead(answer.statusCode ?? 502, answerHeaders);
        answer.pipe(res);
        return;
      }
      void readBody(answer, 1024 * 1024).then((text) => {
        const cut = openCalls.cutAnswer(open.answer, answer.statusCode ?? 502, text?.toString('utf8') ?? '', open.param);
        res.writeHead(cut.status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
        res.end(cut.text);
      });
    });
    forwarded.on('error', () => {
      if (!res.headersSent) refuse(res, 502, 'Serviço indisponível.');
      else res.end();
    });
    if (checkedBody !== undefined) forwarded.end(checkedBody);
    else req.pipe(forwarded);
  }
}
