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
 * store anything but a well-formed token and driver id (checked at mint and again at redeem), or
 * fill the store for everyone (per-client rate and outstanding-code limits, below).
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
const { createCipheriv, createDecipheriv, hkdfSync, randomBytes, timingSafeEqual } = require('node:crypto');
const { createServer } = require('node:http');
const { clientKey, isTrusted, proxiedAddress, trustedProxies } = require('./client-address.cjs');
const { createMemoryStore, nginxBucket, storeFromEnv, StoreUnavailableError } = require('./store.cjs');

const HANDOFF_PATH = '/session-handoff/';
const HANDOFF_TTL_MS = 30_000;
const MAX_BODY_BYTES = 8192;
/** Codes held at once for everyone; with MINT_LIMITS.maxOutstanding per client, filling it takes 334 clients (addresses, IPv6 /64s) within 30 s. */
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
 * Per client (an address; an IPv6 /64, which one subscriber usually holds whole): at most 60 mints
 * a minute in bursts of 30, and 30 codes minted and not yet redeemed or expired. A driver mints one
 * code per journey across origins and redeems it within a second; the margin is for many drivers
 * behind one carrier-grade NAT address, common on Brazilian mobile networks.
 */
const MINT_LIMITS = { perMinute: 60, burst: 30, maxOutstanding: 30 };
/**
 * The open calls' per-client limit (deploy/nginx/portal-open-calls.mjs RATE_LIMIT, held equal by
 * deploy/test/open-calls.test.ts; that file is njs's and ESM, this one is CommonJS): 30 a minute,
 * bursts of 20, nginx's arithmetic. Asked by every app's nginx at /__portal_limits/open-call.
 */
const OPEN_CALL_LIMIT = { perMinute: 30, burst: 20 };
const LIMITS_PATH = '/__portal_limits/';
/**
 * Who may name the client (X-Portal-Client-Address): the proxy in front of the service, never the
 * client. By default loopback and private addresses (the local nginx; Compose's network, where
 * the service is published to no one); PORTAL_HANDOFF_TRUSTED_PROXIES narrows it.
 */
const CLIENT_ADDRESS_HEADER = 'x-portal-client-address';

/**
 * @typedef {{ from: string, to: string, token?: string, driverId?: string, binding: string }} Entry
 * @typedef {{ perMinute: number, burst: number, maxOutstanding: number }} MintLimits
 * @typedef {{ origins: ReadonlySet<string> | readonly string[], ttlMs?: number, now?: () => number, cookieDomain?: string, store?: import('./store.cjs').Store, limits?: MintLimits, clientAddress?: (req: import('node:http').IncomingMessage) => string | undefined, maxEntries?: number }} Options
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
  ttlMs = HANDOFF_TTL_MS,
  now = Date.now,
  cookieDomain,
  store = createMemoryStore({ now }),
  limits = MINT_LIMITS,
  clientAddress = (req) => req.socket.remoteAddress,
  maxEntries = MAX_ENTRIES,
}) {
  const portal = new Set(origins);
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
    const client = clientKey(clientAddress(req));
    const code = random();
    const binding = random();
    const { id, key } = codeKeys(code);
    let kept;
    try {
      const admitted = await mintRate.admit(client);
      if (!admitted.ok) return answer(res, 429, { error: 'too many handoffs' }, [], { 'Retry-After': String(admitted.retryAfterSeconds) });
      kept = await store.putCode(id, seal(key, { from, to, token, driverId, binding }), {
        ttlMs,
        client,
        slot: random(),
        maxOutstanding: limits.maxOutstanding,
        maxEntries,
      });
    } catch (error) {
      return storeDown(res, error);
    }
    if (kept === 'outstanding')
      return answer(res, 429, { error: 'too many handoffs' }, [], { 'Retry-After': String(Math.ceil(ttlMs / 1000)) });
    if (kept === 'full') return answer(res, 503, { error: 'busy' });
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
 * /__portal_limits/open-call?client=<the client's key, as nginx's PORTAL_RATE_LIMIT_KEY makes it>,
 * answered 204 (go on) or 429 with Retry-After. Only its proxies may ask (403 otherwise): a client
 * asking for itself could spend another's bucket. It fails open: while the store does not answer,
 * each instance counts in its own memory.
 * @param {import('./store.cjs').Store} store
 * @param {import('./client-address.cjs').Network[]} proxies
 */
function openCallLimits(store, proxies) {
  const limiter = store.limiter('open-call', nginxBucket(OPEN_CALL_LIMIT), { failOpen: true });
  /** @param {import('node:http').IncomingMessage} req @param {import('node:http').ServerResponse} res @param {URL} url */
  return async (req, res, url) => {
    res.setHeader('Cache-Control', 'no-store');
    const client = url.searchParams.get('client') ?? '';
    if (!isTrusted(req.socket.remoteAddress, proxies)) return void res.writeHead(403).end();
    if (req.method !== 'GET' || url.pathname !== `${LIMITS_PATH}open-call` || !/^[\x21-\x7e]{1,200}$/.test(client))
      return void res.writeHead(400).end();
    const admitted = await limiter.admit(client);
    if (admitted.ok) return void res.writeHead(204).end();
    res.writeHead(429, { 'Retry-After': String(admitted.retryAfterSeconds) }).end();
  };
}

/**
 * Runs the exchange as its own small service (what nginx proxies /session-handoff/ to):
 * PORTAL_HANDOFF_LISTEN (host:port), PORTAL_HANDOFF_ORIGINS (the portal's origins, space-separated),
 * PORTAL_HANDOFF_COOKIE_DOMAIN (the parent domain the origins share, when they are on sibling
 * host names; unset when they share one host name), PORTAL_HANDOFF_TRUSTED_PROXIES (who may name
 * the client in X-Portal-Client-Address: addresses, CIDR networks, `loopback`, `private`, `any`;
 * `loopback private` unless set; deploy/client-address.cjs).
 * @param {NodeJS.ProcessEnv} env
 */
function startService(env = process.env) {
  const [host = '127.0.0.1', port = '4011'] = String(env.PORTAL_HANDOFF_LISTEN ?? '127.0.0.1:4011').split(/:(?=\d+$)/);
  const origins = String(env.PORTAL_HANDOFF_ORIGINS ?? '')
    .split(/\s+/)
    .filter(Boolean);
  if (origins.length === 0) throw new Error('PORTAL_HANDOFF_ORIGINS is empty');
  // PORTAL_HANDOFF_TTL_MS: shorter in the end-to-end runs (the expiry probe), never longer than 30 s.
  const ttlMs = Math.min(Number(env.PORTAL_HANDOFF_TTL_MS) || HANDOFF_TTL_MS, HANDOFF_TTL_MS);
  const proxies = trustedProxies(env.PORTAL_HANDOFF_TRUSTED_PROXIES || 'loopback private', 'PORTAL_HANDOFF_TRUSTED_PROXIES');
  // PORTAL_REDIS_URL: every instance shares Redis; unset, this one instance keeps all in memory.
  const store = storeFromEnv(env);
  const limits = openCallLimits(store, proxies);
  const exchange = sessionHandoff({
    origins,
    ttlMs,
    store,
    cookieDomain: env.PORTAL_HANDOFF_COOKIE_DOMAIN || undefined,
    // Behind nginx every request comes from nginx: the client is the address nginx names
    // (portal-handoff.conf), believed only from a trusted proxy; anyone else is their own address.
    clientAddress: (req) => proxiedAddress(req.socket.remoteAddress, req.headers[CLIENT_ADDRESS_HEADER], proxies),
  });
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (exchange.handle(req, res, url)) return;
    if (url.pathname.startsWith(LIMITS_PATH)) {
      void limits(req, res, url).catch(() => {
        if (!res.headersSent) res.writeHead(500).end();
      });
      return;
    }
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
  OPEN_CALL_LIMIT,
  DRIVER_ID,
  TOKEN,
  MAX_TOKEN_LENGTH,
};
