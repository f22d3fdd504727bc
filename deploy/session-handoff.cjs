// @ts-check
/**
 * The session handoff's exchange (docs/security.md, "Session handoff"): how a portal page on one
 * origin hands the driver's session to a page of another portal origin in the same tab, without
 * the token ever being in an address, a window's name, a Referer, a log or another site's reach.
 *
 * - mint: a portal page POSTs the session, as JSON, to its own origin. The browser's Origin header
 *   (which no page can set) must be one of the portal's origins, and so must the target origin
 *   named in the body. The answer is a random code (256 bits), single use, valid 30 s, bound to
 *   that target origin and to the origin that minted it, plus an HttpOnly cookie holding a second
 *   random value (the binding) only this browser has.
 * - redeem: the target page's boot POSTs the code to its own origin. The Origin header must be the
 *   origin the code was minted for, and the binding cookie must come with it. The code is spent by
 *   the first attempt, whatever its outcome. The answer is the session and the origin that minted
 *   it (proven: the server saw it, the page never names it).
 *
 * What a script can do (docs/security.md, "Session handoff"): the Origin header is the browser's
 * word only; a script outside a browser sends any Origin, so it can mint a code for any session it
 * holds (its own token) and get the binding value. What it cannot do is make a portal page adopt
 * that session over another driver's (the receiving page refuses: shared/src/session/handoff.ts),
 * store anything but a well-formed token and driver id (checked at mint and again at redeem), mint
 * for a token the provider does not accept for that driver (the provider's token check, asked
 * before anything is stored: PORTAL_DRIVER_AUTH_URL), or fill the store for everyone (per-client
 * rate, per-driver and per-network caps, and a ceiling that takes from the largest holder first:
 * decision 0024).
 *
 * The Node static server (`npm start`) answers these paths in-process; nginx proxies them to this
 * file run as a small service (`node deploy/session-handoff.cjs`, PORTAL_HANDOFF_LISTEN). Every
 * portal origin must reach the same codes: in memory, one instance; with PORTAL_REDIS_URL, any
 * number of instances sharing Redis (deploy/store.cjs), where a code minted on one is redeemed on
 * another, single use across all of them (GETDEL), and the limits count in total.
 *
 * What the store holds is neither the code nor the session in clear: the key is an id derived from
 * the code (HKDF), the value is sealed (AES-256-GCM) with a key derived from the code. Reading the
 * store (a dump, a replica, MONITOR) gives nothing that redeems a code or reads a token; the
 * value is gone from it at the code's TTL (Redis's own `PX`) or at its first redeem.
 *
 * The service also answers, for its proxies only: `/__portal_limits/open-call?client=<key>` (204 or
 * 429: the open calls' per-client limit, portal-driver-api.conf.template, counted in the shared
 * store so it holds in total across nginx replicas) and `/healthz` (200 when the store answers,
 * 503 when it does not: what a balancer and an orchestrator read).
 */
const { createCipheriv, createDecipheriv, createHash, createHmac, hkdfSync, randomBytes, timingSafeEqual } = require('node:crypto');
const { createServer, request: httpRequest } = require('node:http');
const { request: httpsRequest } = require('node:https');
const { clientKey, isTrusted, proxiedAddress, trustedProxies } = require('./client-address.cjs');
const { createMemoryStore, nginxBucket, storeFromEnv, StoreUnavailableError } = require('./store.cjs');

const HANDOFF_PATH = '/session-handoff/';
const HANDOFF_TTL_MS = 30_000;
const MAX_BODY_BYTES = 8192;
/**
 * Codes held at once for everyone (a bound on memory: a sealed entry is under 1 KB). Reached, the
 * network holding the most codes gives up its oldest to a network holding fewer (deploy/store.cjs):
 * a flood fills its own share, and a driver's mint from any other network still succeeds.
 */
const MAX_ENTRIES = 10_000;
const CODE = /^[A-Za-z0-9_-]{43}$/;
/** A driver id: the provider's ids are GUIDs (sandbox-api/src/constants.ts; the spec's `driverGuid`). */
const DRIVER_ID = /^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$/;
/**
 * A bearer token: RFC 6750's b64token characters (letters, digits, `-._~+/`, then `=` padding), in
 * dot-separated segments none of them empty (a JWT's three; no `..`, no leading or trailing dot:
 * `../../../admin` is none), at most 4096 characters.
 */
const TOKEN = /^[A-Za-z0-9_~+/-]+(?:\.[A-Za-z0-9_~+/-]+)*=*$/;
const MAX_TOKEN_LENGTH = 4096;
/**
 * The mint's limits (decision 0024). Per client (an address; an IPv6 /64, which one subscriber
 * usually holds whole): at most 60 mints a minute in bursts of 30; the margin is for many drivers
 * behind one carrier-grade NAT address, common on Brazilian mobile networks. Per driver (the one
 * the provider's token check named): 5 codes not yet redeemed or expired, its oldest making room
 * for its newest (a driver mints one code per journey across origins and redeems it within a
 * second; its own codes never refuse it). Per network (an IPv4 /24, an IPv6 /48: the smallest
 * blocks routed on the Internet, RFC 7454 § 6.1.3, and an IPv6 site's allocation, RFC 6177): 200
 * codes, then 429; one carrier's NAT pool in a /24 still makes 400 journeys a minute.
 */
const MINT_LIMITS = { perMinute: 60, burst: 30, perDriver: 5, perNetwork: 200 };
/** How long the provider's token check may take at mint before the answer is 503 (the page waits at most 5 s for the exchange). */
const AUTH_TIMEOUT_MS = 3000;
/**
 * The open calls' per-client limit (deploy/nginx/portal-open-calls.mjs RATE_LIMIT, held equal by
 * deploy/test/open-calls.test.ts; that file is njs's and ESM, this one is CommonJS): 30 a minute,
 * bursts of 20, nginx's arithmetic. Asked by every app's nginx at /__portal_limits/open-call.
 */
const OPEN_CALL_LIMIT = { perMinute: 30, burst: 20 };
const LIMITS_PATH = '/__portal_limits/';
/**
 * Who may name the client (X-Portal-Client-Address): the proxy in front of the service, never the
 * client. By default loopback (the local nginx of a one-machine run); every deployment names its
 * one proxy in PORTAL_HANDOFF_TRUSTED_PROXIES (Compose: the handoff network's subnet; a cluster:
 * the pods' network; decision 0025), never every private range.
 */
const CLIENT_ADDRESS_HEADER = 'x-portal-client-address';
/** The proof nginx sends with a limit's question (portal-open-calls.mjs limitProof): HMAC-SHA256 under the deployment's PORTAL_COHORT_SECRET. */
const LIMIT_PROOF_LABEL = 'portal-open-call-limit ';

/**
 * The network a client's key belongs to (MINT_LIMITS.perNetwork): `203.0.113.7` → `203.0.113.0/24`,
 * `2001:db8:1:2::/64` → `2001:db8:1::/48`, anything else as it is (`unknown`).
 * @param {string} client a key of client-address.cjs clientKey
 */
function networkOf(client) {
  const v4 = /^(\d+\.\d+\.\d+)\.\d+$/.exec(client);
  if (v4) return `${v4[1]}.0/24`;
  const v6 = /^([0-9a-f]+:[0-9a-f]+:[0-9a-f]+):[0-9a-f]+::\/64$/.exec(client);
  return v6 ? `${v6[1]}::/48` : client;
}

/**
 * Asks the provider's token check (the driver-data proxy's own: portal-driver-api.conf.template
 * /__portal_driver_auth, scripts/driver-api-proxy.mjs checkToken) whether `token` is the driver's:
 * GET `authUrl` with `Authorization: Bearer <token>` and `X-Portal-Driver-Id` (when the page named
 * one). 2xx: accepted, with the driver the provider names (its `X-Portal-Token-Driver` answer
 * header) when it names a GUID; 401 or 403: refused; anything else, no answer, or none within
 * `timeoutMs`: unavailable.
 * @param {string} authUrl @param {string} token @param {string | undefined} driverId @param {number} timeoutMs
 * @returns {Promise<{ verdict: 'accepted', driver: string | undefined } | { verdict: 401 | 403 | 'unavailable' }>}
 */
function checkToken(authUrl, token, driverId, timeoutMs) {
  return new Promise((resolve) => {
    let target;
    try {
      target = new URL(authUrl);
    } catch {
      return resolve({ verdict: 'unavailable' });
    }
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    const headers = { Authorization: `Bearer ${token}`, ...(driverId ? { 'X-Portal-Driver-Id': driverId } : {}) };
    const check = send(target, { method: 'GET', headers, timeout: timeoutMs }, (answer) => {
      answer.resume();
      const status = answer.statusCode ?? 500;
      const named = answer.headers['x-portal-token-driver'];
      if (status >= 200 && status < 300)
        resolve({ verdict: 'accepted', driver: typeof named === 'string' && DRIVER_ID.test(named) ? named : undefined });
      else resolve({ verdict: status === 401 || status === 403 ? status : 'unavailable' });
    });
    const timer = setTimeout(() => check.destroy(new Error('token check timed out')), timeoutMs);
    check.on('close', () => clearTimeout(timer));
    check.on('timeout', () => check.destroy(new Error('token check timed out')));
    check.on('error', () => resolve({ verdict: 'unavailable' }));
    check.end();
  });
}

/**
 * @typedef {{ from: string, to: string, token?: string, driverId?: string, binding: string }} Entry
 * @typedef {{ perMinute: number, burst: number, perDriver: number, perNetwork: number }} MintLimits
 * @typedef {{ origins: ReadonlySet<string> | readonly string[], authUrl: string, authTimeoutMs?: number, ttlMs?: number, now?: () => number, cookieDomain?: string, store?: import('./store.cjs').Store, limits?: MintLimits, clientAddress?: (req: import('node:http').IncomingMessage) => string | undefined, maxEntries?: number }} Options
 */

const random = () => randomBytes(32).toString('base64url');

/** What the store knows a code by, and the key its entry is sealed with: both derived from the code, neither is it. @param {string} code */
function codeKeys(code) {
  return {
    id: Buffer.from(hkdfSync('sha256', code, '', 'portal-handoff-id', 32)).toString('base64url'),
    key: Buffer.from(hkdfSync('sha256', code, '', 'portal-handoff-key', 32)),
  };
}

/** @param {Buffer} key @param {Entry} entry */
function seal(key, entry) {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const sealed = Buffer.concat([cipher.update(JSON.stringify(entry), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
}

/** The entry, or undefined when the value was not sealed with this key (or was altered). @param {Buffer} key @param {string} value @returns {Entry | undefined} */
function unseal(key, value) {
  try {
    const bytes = Buffer.from(value, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(12, 28));
    return JSON.parse(Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8'));
  } catch {
    return undefined;
  }
}

/** A driver id as given, or undefined when absent; null when malformed (not a GUID). */
function driverIdOf(/** @type {unknown} */ value) {
  if (value === undefined || value === null || value === '') return undefined;
  return typeof value === 'string' && DRIVER_ID.test(value) ? value : null;
}

/** A token as given, or undefined when absent; null when malformed (markup, spaces, a path, too long). */
function tokenOf(/** @type {unknown} */ value) {
  if (value === undefined || value === null || value === '') return undefined;
  return typeof value === 'string' && value.length <= MAX_TOKEN_LENGTH && TOKEN.test(value) ? value : null;
}

/**
 * The binding cookie's name. Over HTTPS `__Host-` (host-only, Path=/, Secure: no other host name
 * under the same parent domain can set one, and no page can add one of a longer path) or, when the
 * apps share a parent domain, `__Secure-`; over plain HTTP (localhost) neither prefix is allowed.
 * @param {string} code @param {boolean} secure @param {string | undefined} domain
 */
function cookieName(code, secure, domain) {
  const name = `portal_handoff_${code.slice(0, 12).replace(/[^A-Za-z0-9]/g, 'x')}`;
  if (!secure) return name;
  return `${domain ? '__Secure-' : '__Host-'}${name}`;
}

/**
 * The values of one cookie name in a Cookie header, every one of them: a page on the same host
 * name can add a cookie of the same name with a longer path, which the browser sends first.
 * @param {string | undefined} header @param {string} name
 */
function readCookies(header, name) {
  /** @type {string[]} */
  const values = [];
  for (const part of String(header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) values.push(part.slice(at + 1).trim());
  }
  return values;
}

/** @param {string} a @param {string} b */
function sameSecret(a, b) {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** @param {import('node:http').IncomingMessage} req @returns {Promise<Record<string, unknown> | undefined>} */
function readJson(req) {
  return new Promise((resolve) => {
    /** @type {Buffer[]} */
    const chunks = [];
    let size = 0;
    req.on('data', (/** @type {Buffer} */ chunk) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        resolve(undefined);
        req.destroy();
      } else chunks.push(chunk);
    });
    req.on('end', () => {
      try {
        const value = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        resolve(value && typeof value === 'object' && !Array.isArray(value) ? value : undefined);
      } catch {
        resolve(undefined);
      }
    });
    req.on('error', () => resolve(undefined));
  });
}

/**
 * The exchange as a request handler: answers the paths under /session-handoff/ (and says so by
 * returning true), leaves every other request alone.
 * @param {Options} options
 */
function sessionHandoff({
  origins,
  authUrl,
  authTimeoutMs = AUTH_TIMEOUT_MS,
  ttlMs = HANDOFF_TTL_MS,
  now = Date.now,
  cookieDomain,
  store = createMemoryStore({ now }),
  limits = MINT_LIMITS,
  clientAddress = (req) => req.socket.remoteAddress,
  maxEntries = MAX_ENTRIES,
}) {
  const portal = new Set(origins);
  if (typeof authUrl !== 'string' || authUrl === '')
    throw new Error("the handoff needs the provider's token check (authUrl, PORTAL_DRIVER_AUTH_URL)");
  // The mint's rate per client, in total across instances; no insurance: without the store no
  // code can be kept anyway, so the mint fails closed (503) rather than open.
  const mintRate = store.limiter('handoff-mint', { capacity: limits.burst, perMinute: limits.perMinute });

  /**
   * @param {import('node:http').ServerResponse} res
   * @param {number} status
   * @param {object} [body]
   * @param {string[]} [cookies]
   * @param {Record<string, string>} [headers]
   */
  const answer = (res, status, body, cookies = [], headers = {}) => {
    res.statusCode = status;
    res.setHeader('Cache-Control', 'no-store');
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    if (cookies.length) res.setHeader('Set-Cookie', cookies);
    if (body === undefined) return void res.end();
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    res.end(JSON.stringify(body));
  };

  /** @param {string} code @param {string} value @param {number} maxAge @param {boolean} secure */
  const cookie = (code, value, maxAge, secure) => {
    // `__Host-` needs Path=/ and no Domain; the other names keep to the exchange's path.
    const path = secure && !cookieDomain ? '/' : HANDOFF_PATH;
    const domain = cookieDomain ? `; Domain=${cookieDomain}` : '';
    return `${cookieName(code, secure, cookieDomain)}=${value}; Path=${path}; Max-Age=${maxAge}; HttpOnly; SameSite=Strict${domain}${secure ? '; Secure' : ''}`;
  };

  /**
   * What every exchange asks of the request: a POST of JSON (a form or a "simple" request of
   * another page cannot send it without a preflight, which is never granted), from a page whose
   * Origin is the portal's and, where the browser says so, of this very origin. A browser's word
   * only: a script outside one sends whatever it likes (see the file's head).
   * @param {import('node:http').IncomingMessage} req
   */
  const callerOrigin = (req) => {
    const origin = req.headers.origin;
    if (typeof origin !== 'string' || !portal.has(origin)) return undefined;
    const site = req.headers['sec-fetch-site'];
    if (site !== undefined && site !== 'same-origin') return undefined;
    if (!/^application\/json\b/i.test(String(req.headers['content-type'] ?? ''))) return undefined;
    return origin;
  };

  /**
   * The store did not answer (Redis down or restarting): 503, at once. The page goes on without
   * the session, as when the exchange is down (shared/src/session/handoff.ts): the target opens
   * as a deep link without a token.
   * @param {import('node:http').ServerResponse} res @param {unknown} error @param {string[]} [cookies]
   */
  const storeDown = (res, error, cookies = []) => {
    if (!(error instanceof StoreUnavailableError)) throw error;
    answer(res, 503, { error: 'store unavailable' }, cookies, { 'Retry-After': '5' });
  };

  /** @param {import('node:http').IncomingMessage} req @param {import('node:http').ServerResponse} res */
  async function mint(req, res) {
    const from = callerOrigin(req);
    if (!from) return answer(res, 403, { error: 'not a portal page' });
    const body = await readJson(req);
    const to = body && typeof body.to === 'string' ? body.to : undefined;
    const token = tokenOf(body?.token);
    const driverId = driverIdOf(body?.driverId);
    if (!to || !portal.has(to) || to === from || token === null || driverId === null || (token === undefined && driverId === undefined))
      return answer(res, 400, { error: 'bad handoff' });
    // A code only for a token the provider accepts: a driver id alone (an onboarding before the
    // sign-in) travels in the journey's address anyway (docs/session.md), so it needs no code.
    if (token === undefined) return answer(res, 401, { error: 'not signed in' });
    const client = clientKey(clientAddress(req));
    const code = random();
    const binding = random();
    const { id, key } = codeKeys(code);
    let kept;
    try {
      // The rate first: a flood's mints never reach the provider beyond each client's burst.
      const admitted = await mintRate.admit(client);
      if (!admitted.ok) return answer(res, 429, { error: 'too many handoffs' }, [], { 'Retry-After': String(admitted.retryAfterSeconds) });
      const checked = await checkToken(authUrl, token, driverId, authTimeoutMs);
      if (checked.verdict === 401 || checked.verdict === 403) return answer(res, checked.verdict, { error: 'not this driver' });
      if (checked.verdict === 'unavailable') return answer(res, 503, { error: 'token check unavailable' }, [], { 'Retry-After': '5' });
      // Whose codes these are: the driver the provider named, else the one the page named (which
      // the provider accepted), else the token itself; hashed, as the store holds no driver id or
      // token in clear.
      const whose = (checked.driver ?? driverId)?.toLowerCase() ?? `token ${token}`;
      const driver = createHash('sha256').update(`portal-handoff-driver ${whose}`).digest('base64url').slice(0, 22);
      kept = await store.putCode(id, seal(key, { from, to, token, driverId, binding }), {
        ttlMs,
        network: networkOf(client),
        driver,
        perDriver: limits.perDriver,
        perNetwork: limits.perNetwork,
        maxEntries,
      });
    } catch (error) {
      return storeDown(res, error);
    }
    if (kept === 'network') return answer(res, 429, { error: 'too many handoffs' }, [], { 'Retry-After': String(Math.ceil(ttlMs / 1000)) });
    if (kept === 'full') return answer(res, 503, { error: 'busy' }, [], { 'Retry-After': '5' });
    const maxAge = Math.ceil(ttlMs / 1000);
    answer(res, 201, { code, expiresIn: maxAge }, [cookie(code, binding, maxAge, from.startsWith('https:'))]);
  }

  /** @param {import('node:http').IncomingMessage} req @param {import('node:http').ServerResponse} res */
  async function redeem(req, res) {
    const origin = callerOrigin(req);
    if (!origin) return answer(res, 403, { error: 'not a portal page' });
    const body = await readJson(req);
    const code = body && typeof body.code === 'string' && CODE.test(body.code) ? body.code : undefined;
    if (!code) return answer(res, 400, { error: 'bad code' });
    const { id, key } = codeKeys(code);
    /** @type {Entry | undefined} */
    let entry;
    try {
      // Spent by the first attempt, whatever comes of it; taken and deleted in one step, so of two
      // redeems at once (on any instances) one at most gets it. Expired: the store has none.
      const value = await store.takeCode(id);
      entry = value === undefined ? undefined : unseal(key, value);
    } catch (error) {
      return storeDown(res, error, [cookie(code, '', 0, origin.startsWith('https:'))]);
    }
    const secure = (entry?.from ?? origin).startsWith('https:');
    const clear = [cookie(code, '', 0, secure)];
    // Exactly one binding cookie: a second of the same name (a same-host page's, of a longer path,
    // sent first) makes the request worthless rather than letting either one decide.
    const bindings = readCookies(req.headers.cookie, cookieName(code, secure, cookieDomain));
    const [binding] = bindings;
    if (!entry || entry.to !== origin || bindings.length !== 1 || !binding || !sameSecret(binding, entry.binding)) {
      return answer(res, 410, { error: 'no such handoff' }, clear);
    }
    // Checked again on the way out: what is handed back is a well-formed token and driver id only.
    const token = tokenOf(entry.token);
    const driverId = driverIdOf(entry.driverId);
    if (token === null || driverId === null) return answer(res, 410, { error: 'no such handoff' }, clear);
    answer(res, 200, { from: entry.from, token, driverId }, clear);
  }

  /**
   * @param {import('node:http').IncomingMessage} req
   * @param {import('node:http').ServerResponse} res
   * @param {URL} [url]
   * @returns {boolean}
   */
  function handle(req, res, url = new URL(req.url ?? '/', 'http://localhost')) {
    if (!url.pathname.startsWith(HANDOFF_PATH)) return false;
    const action = url.pathname.slice(HANDOFF_PATH.length);
    if (req.method !== 'POST' || (action !== 'mint' && action !== 'redeem')) {
      answer(res, req.method === 'POST' ? 404 : 405);
      return true;
    }
    void (action === 'mint' ? mint(req, res) : redeem(req, res)).catch(() => {
      if (!res.headersSent) answer(res, 500);
    });
    return true;
  }

  return { handle, size: () => store.codes() };
}

/**
 * The open calls' limit for every app's nginx (portal-driver-api.conf.template asks it before an
 * open call; npm start's Node proxy uses the same limiter in-process): GET
 * /__portal_limits/open-call?client=<the client's key, as portal-open-calls.mjs limitClient makes
 * it>&proof=<HMAC-SHA256 of "portal-open-call-limit <key>" under the deployment's
 * PORTAL_COHORT_SECRET, hex>, answered 204 (go on) or 429 with Retry-After. Only the app's nginx
 * may ask (decision 0024): it alone holds the secret besides this service, so any other caller
 * (another container, the local machine's other addresses, a public path forwarded here) is 403
 * and spends no one's budget; so is every caller when this service has no secret. It fails open
 * only while the store does not answer (each instance counts in its own memory).
 * @param {import('./store.cjs').Store} store
 * @param {import('./client-address.cjs').Network[]} proxies
 * @param {string | undefined} secret
 */
function openCallLimits(store, proxies, secret) {
  const limiter = store.limiter('open-call', nginxBucket(OPEN_CALL_LIMIT), { failOpen: true });
  /** @param {import('node:http').IncomingMessage} req @param {import('node:http').ServerResponse} res @param {URL} url */
  return async (req, res, url) => {
    res.setHeader('Cache-Control', 'no-store');
    const client = url.searchParams.get('client') ?? '';
    const proof = url.searchParams.get('proof') ?? '';
    if (!isTrusted(req.socket.remoteAddress, proxies) || !secret || !sameSecret(proof, limitProof(secret, client)))
      return void res.writeHead(403).end();
    if (req.method !== 'GET' || url.pathname !== `${LIMITS_PATH}open-call` || !/^[\x21-\x7e]{1,200}$/.test(client))
      return void res.writeHead(400).end();
    const admitted = await limiter.admit(client);
    if (admitted.ok) return void res.writeHead(204).end();
    res.writeHead(429, { 'Retry-After': String(admitted.retryAfterSeconds) }).end();
  };
}

/** What nginx proves a limit's question with (portal-open-calls.mjs limitProof, the same). @param {string} secret @param {string} client */
function limitProof(secret, client) {
  return createHmac('sha256', secret).update(`${LIMIT_PROOF_LABEL}${client}`).digest('hex');
}

/**
 * Runs the exchange as its own small service (what nginx proxies /session-handoff/ to):
 * PORTAL_HANDOFF_LISTEN (host:port), PORTAL_HANDOFF_ORIGINS (the portal's origins, space-separated),
 * PORTAL_DRIVER_AUTH_URL (the provider's token check, the driver-data proxy's; required: no code
 * is minted for a token it does not accept), PORTAL_COHORT_SECRET (the deployment's secret, which
 * the app's nginx proves its limit questions with; unset, every limit question is refused),
 * PORTAL_HANDOFF_COOKIE_DOMAIN (the parent domain the origins share, when they are on sibling
 * host names; unset when they share one host name), PORTAL_HANDOFF_TRUSTED_PROXIES (who may name
 * the client in X-Portal-Client-Address: addresses, CIDR networks, `loopback`, `private`, `any`;
 * `loopback` unless set; deploy/client-address.cjs), PORTAL_HANDOFF_MAX_ENTRIES (a lower
 * ceiling than 10,000 codes). `store`: the store it runs with (storeFromEnv unless a test hands one).
 * @param {NodeJS.ProcessEnv} env
 * @param {{ store?: import('./store.cjs').Store }} [options]
 */
function startService(env = process.env, { store = storeFromEnv(env) } = {}) {
  const [host = '127.0.0.1', port = '4011'] = String(env.PORTAL_HANDOFF_LISTEN ?? '127.0.0.1:4011').split(/:(?=\d+$)/);
  const origins = String(env.PORTAL_HANDOFF_ORIGINS ?? '')
    .split(/\s+/)
    .filter(Boolean);
  if (origins.length === 0) throw new Error('PORTAL_HANDOFF_ORIGINS is empty');
  const authUrl = String(env.PORTAL_DRIVER_AUTH_URL ?? '').trim();
  if (authUrl === '')
    throw new Error("PORTAL_DRIVER_AUTH_URL is empty: the handoff mints codes only for tokens the provider's check accepts");
  // PORTAL_HANDOFF_TTL_MS: shorter in the end-to-end runs (the expiry probe), never longer than 30 s.
  const ttlMs = Math.min(Number(env.PORTAL_HANDOFF_TTL_MS) || HANDOFF_TTL_MS, HANDOFF_TTL_MS);
  const proxies = trustedProxies(env.PORTAL_HANDOFF_TRUSTED_PROXIES || 'loopback', 'PORTAL_HANDOFF_TRUSTED_PROXIES');
  // PORTAL_HANDOFF_MAX_ENTRIES: a smaller ceiling (a small machine; the flood test), never a larger one.
  const maxEntries = Math.min(Number(env.PORTAL_HANDOFF_MAX_ENTRIES) || MAX_ENTRIES, MAX_ENTRIES);
  // PORTAL_REDIS_URL (storeFromEnv, unless a test hands its own): every instance shares Redis; unset, this one instance keeps all in memory.
  const limits = openCallLimits(store, proxies, env.PORTAL_COHORT_SECRET || undefined);
  const exchange = sessionHandoff({
    origins,
    authUrl,
    ttlMs,
    store,
    maxEntries,
    cookieDomain: env.PORTAL_HANDOFF_COOKIE_DOMAIN || undefined,
    // Behind nginx every request comes from nginx: the client is the address nginx names
    // (portal-handoff.conf), believed only from a trusted proxy; anyone else is their own address.
    clientAddress: (req) => proxiedAddress(req.socket.remoteAddress, req.headers[CLIENT_ADDRESS_HEADER], proxies),
  });
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    // The limit is asked at its path as sent, never at one the URL parser resolves to it
    // (`/session-handoff/..\__portal_limits/…`, which nginx's public location would forward as it is).
    const rawPath = (req.url ?? '/').split('?')[0] ?? '/';
    if (rawPath.startsWith(LIMITS_PATH) || url.pathname.startsWith(LIMITS_PATH)) {
      if (rawPath !== url.pathname) return void res.writeHead(404, { 'Cache-Control': 'no-store' }).end();
      void limits(req, res, url).catch(() => {
        if (!res.headersSent) res.writeHead(500).end();
      });
      return;
    }
    if (exchange.handle(req, res, url)) return;
    // /healthz: ready only when the store answers (a balancer takes the instance out, an
    // orchestrator does not restart it: the store is what is down). /health: the process answers.
    if (url.pathname === '/healthz') {
      void store.ping().then((up) => {
        res.writeHead(up ? 200 : 503, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
        res.end(JSON.stringify({ status: up ? 'ok' : 'store unavailable', store: store.kind }));
      });
      return;
    }
    res.statusCode = url.pathname === '/health' ? 200 : 404;
    res.end();
  });
  server.on('close', () => void store.close());
  server.listen(Number(port), host);
  return server;
}

if (require.main === module) {
  const server = startService();
  const stop = () => server.close(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

module.exports = {
  sessionHandoff,
  startService,
  HANDOFF_PATH,
  HANDOFF_TTL_MS,
  MINT_LIMITS,
  MAX_ENTRIES,
  OPEN_CALL_LIMIT,
  networkOf,
  limitProof,
  DRIVER_ID,
  TOKEN,
  MAX_TOKEN_LENGTH,
};
