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
 * portal origin must reach the same store: one service per deployment (or a shared store).
 */
const { randomBytes, timingSafeEqual } = require('node:crypto');
const { createServer } = require('node:http');
const { isIP } = require('node:net');

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
 * Who may name the client (X-Portal-Client-Address): the proxy in front of the service, never the
 * client. By default loopback and private addresses (the local nginx; Compose's network, where
 * the service is published to no one); PORTAL_HANDOFF_TRUSTED_PROXIES narrows it.
 */
const CLIENT_ADDRESS_HEADER = 'x-portal-client-address';

/**
 * @typedef {{ from: string, to: string, token?: string, driverId?: string, binding: string, expires: number, client: string }} Entry
 * @typedef {{ ok: true } | { ok: false, retryAfterSeconds: number }} Admission
 * @typedef {{ admit(client: string, nowMs: number): Admission, release(client: string): void, clients(): number }} MintLimiter
 * @typedef {{ origins: ReadonlySet<string> | readonly string[], ttlMs?: number, now?: () => number, cookieDomain?: string, limiter?: MintLimiter, clientAddress?: (req: import('node:http').IncomingMessage) => string | undefined, maxEntries?: number }} Options
 */

const random = () => randomBytes(32).toString('base64url');

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
 * The client a limit counts: an IPv4 address as is (an IPv4-mapped IPv6 one too), an IPv6 address
 * by its /64 (one subscriber's network: a client that changes the rest is still one client).
 * @param {string | undefined} address
 */
function clientKey(address) {
  const text = String(address ?? '').trim();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(text);
  if (mapped) return mapped[1];
  if (isIP(text) === 4) return text;
  if (isIP(text) !== 6) return 'unknown';
  const [head = '', tail = ''] = text.toLowerCase().split('%')[0].split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  // An embedded IPv4 tail counts as two groups; only the first four groups matter here anyway.
  const groups = text.includes('::') ? [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((group) => (parseInt(group, 16) || 0).toString(16))
    .join(':')}::/64`;
}

/**
 * The in-process limiter: a token bucket (perMinute, burst) and a count of outstanding codes per
 * client. Behind this small interface so a later store (Redis, rate-limiter-flexible) can replace
 * it when there are several instances of the exchange. Its memory is bounded: a client whose
 * bucket is full again and who holds no code is forgotten (it is the same as a new client).
 * @param {{ perMinute?: number, burst?: number, maxOutstanding?: number }} [limits]
 * @returns {MintLimiter}
 */
function memoryMintLimiter({
  perMinute = MINT_LIMITS.perMinute,
  burst = MINT_LIMITS.burst,
  maxOutstanding = MINT_LIMITS.maxOutstanding,
} = {}) {
  /** @type {Map<string, { tokens: number, at: number, outstanding: number }>} */
  const clients = new Map();
  const perMs = perMinute / 60_000;
  let sweptAt = 0;
  /** @param {number} nowMs */
  const forgetIdle = (nowMs) => {
    if (clients.size < 1000 || nowMs - sweptAt < 1000) return;
    sweptAt = nowMs;
    for (const [client, state] of clients) {
      if (state.outstanding === 0 && state.tokens + (nowMs - state.at) * perMs >= burst) clients.delete(client);
    }
  };
  return {
    admit(client, nowMs) {
      forgetIdle(nowMs);
      const state = clients.get(client) ?? { tokens: burst, at: nowMs, outstanding: 0 };
      state.tokens = Math.min(burst, state.tokens + Math.max(0, nowMs - state.at) * perMs);
      state.at = nowMs;
      clients.set(client, state);
      if (state.outstanding >= maxOutstanding) return { ok: false, retryAfterSeconds: Math.ceil(HANDOFF_TTL_MS / 1000) };
      if (state.tokens < 1) return { ok: false, retryAfterSeconds: Math.ceil((1 - state.tokens) / perMs / 1000) };
      state.tokens -= 1;
      state.outstanding += 1;
      return { ok: true };
    },
    release(client) {
      const state = clients.get(client);
      if (state && state.outstanding > 0) state.outstanding -= 1;
    },
    clients: () => clients.size,
  };
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

/** @param {string} address */
function ipv4Number(address) {
  return address.split('.').reduce((sum, part) => sum * 256 + Number(part), 0);
}

/**
 * Whether a socket's peer is a proxy allowed to name the client: `loopback`, `private` (RFC 1918,
 * IPv6 unique-local fc00::/7), `any` (the service reachable by its proxies only), or exact addresses.
 * @param {string} list space-separated
 */
function trustedProxies(list) {
  const words = list.split(/\s+/).filter(Boolean);
  return (/** @type {string | undefined} */ peer) => {
    const address = String(peer ?? '').replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
    return words.some((word) => {
      if (word === 'any') return true;
      if (word === 'loopback') return address === '::1' || (isIP(address) === 4 && address.startsWith('127.'));
      if (word === 'private') {
        if (isIP(address) === 4) {
          const n = ipv4Number(address);
          return n >>> 24 === 10 || n >>> 20 === (172 << 4) + 1 || n >>> 16 === (192 << 8) + 168;
        }
        return isIP(address) === 6 && /^f[cd]/i.test(address);
      }
      return word === address;
    });
  };
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
  limiter = memoryMintLimiter(),
  clientAddress = (req) => req.socket.remoteAddress,
  maxEntries = MAX_ENTRIES,
}) {
  const portal = new Set(origins);
  /** @type {Map<string, Entry>} */
  const entries = new Map();

  /** @param {string} code @param {Entry} entry */
  const forget = (code, entry) => {
    entries.delete(code);
    limiter.release(entry.client);
  };

  // Every code lives ttlMs: the Map's order (insertion) is the order of expiry, so the expired
  // ones are at its head and a sweep stops at the first live one (a flood costs no full scans).
  const sweep = () => {
    const time = now();
    for (const [code, entry] of entries) {
      if (entry.expires > time) break;
      forget(code, entry);
    }
  };

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
    sweep();
    const client = clientKey(clientAddress(req));
    const admitted = limiter.admit(client, now());
    if (!admitted.ok) return answer(res, 429, { error: 'too many handoffs' }, [], { 'Retry-After': String(admitted.retryAfterSeconds) });
    if (entries.size >= maxEntries) {
      limiter.release(client);
      return answer(res, 503, { error: 'busy' });
    }
    const code = random();
    const binding = random();
    entries.set(code, { from, to, token, driverId, binding, expires: now() + ttlMs, client });
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
    const entry = entries.get(code);
    // Spent by the first attempt, whatever comes of it.
    if (entry) forget(code, entry);
    const secure = (entry?.from ?? origin).startsWith('https:');
    const clear = [cookie(code, '', 0, secure)];
    // Exactly one binding cookie: a second of the same name (a same-host page's, of a longer path,
    // sent first) makes the request worthless rather than letting either one decide.
    const bindings = readCookies(req.headers.cookie, cookieName(code, secure, cookieDomain));
    const [binding] = bindings;
    if (
      !entry ||
      entry.expires <= now() ||
      entry.to !== origin ||
      bindings.length !== 1 ||
      !binding ||
      !sameSecret(binding, entry.binding)
    ) {
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

  return { handle, size: () => entries.size };
}

/**
 * Runs the exchange as its own small service (what nginx proxies /session-handoff/ to):
 * PORTAL_HANDOFF_LISTEN (host:port), PORTAL_HANDOFF_ORIGINS (the portal's origins, space-separated),
 * PORTAL_HANDOFF_COOKIE_DOMAIN (the parent domain the origins share, when they are on sibling
 * host names; unset when they share one host name), PORTAL_HANDOFF_TRUSTED_PROXIES (who may name
 * the client in X-Portal-Client-Address: `loopback private` unless set; see trustedProxies).
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
  const trusted = trustedProxies(env.PORTAL_HANDOFF_TRUSTED_PROXIES || 'loopback private');
  const exchange = sessionHandoff({
    origins,
    ttlMs,
    cookieDomain: env.PORTAL_HANDOFF_COOKIE_DOMAIN || undefined,
    // Behind nginx every request comes from nginx: the client is the address nginx names
    // (portal-handoff.conf), believed only from a trusted proxy; anyone else is their own address.
    clientAddress: (req) => {
      const named = req.headers[CLIENT_ADDRESS_HEADER];
      const peer = req.socket.remoteAddress;
      return typeof named === 'string' && isIP(named.trim()) && trusted(peer) ? named.trim() : peer;
    },
  });
  const server = createServer((req, res) => {
    if (!exchange.handle(req, res)) {
      res.statusCode = req.url === '/health' ? 200 : 404;
      res.end();
    }
  });
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
  memoryMintLimiter,
  clientKey,
  trustedProxies,
  HANDOFF_PATH,
  HANDOFF_TTL_MS,
  MINT_LIMITS,
  DRIVER_ID,
  TOKEN,
  MAX_TOKEN_LENGTH,
};
