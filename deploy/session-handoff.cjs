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
 * The Node static server (`npm start`) answers these paths in-process; nginx proxies them to this
 * file run as a small service (`node deploy/session-handoff.cjs`, PORTAL_HANDOFF_LISTEN). Every
 * portal origin must reach the same store: one service per deployment (or a shared store).
 */
const { randomBytes, timingSafeEqual } = require('node:crypto');
const { createServer } = require('node:http');

const HANDOFF_PATH = '/session-handoff/';
const HANDOFF_TTL_MS = 30_000;
const MAX_BODY_BYTES = 8192;
const MAX_ENTRIES = 10_000;
const CODE = /^[A-Za-z0-9_-]{43}$/;

/**
 * @typedef {{ from: string, to: string, token?: string, driverId?: string, binding: string, expires: number }} Entry
 * @typedef {{ origins: ReadonlySet<string> | readonly string[], ttlMs?: number, now?: () => number, cookieDomain?: string }} Options
 */

const random = () => randomBytes(32).toString('base64url');
const cookieName = (/** @type {string} */ code) => `portal_handoff_${code.slice(0, 12).replace(/[^A-Za-z0-9]/g, 'x')}`;

/** @param {string | undefined} header @param {string} name */
function readCookie(header, name) {
  for (const part of String(header ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

/** @param {string} a @param {string} b */
function sameSecret(a, b) {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** @param {unknown} value @param {number} max */
const text = (value, max) => (typeof value === 'string' && value.trim() !== '' && value.length <= max ? value.trim() : undefined);

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
function sessionHandoff({ origins, ttlMs = HANDOFF_TTL_MS, now = Date.now, cookieDomain }) {
  const portal = new Set(origins);
  /** @type {Map<string, Entry>} */
  const entries = new Map();

  const sweep = () => {
    const time = now();
    for (const [code, entry] of entries) if (entry.expires <= time) entries.delete(code);
  };

  /**
   * @param {import('node:http').ServerResponse} res
   * @param {number} status
   * @param {object} [body]
   * @param {string[]} [cookies]
   */
  const answer = (res, status, body, cookies = []) => {
    res.statusCode = status;
    res.setHeader('Cache-Control', 'no-store');
    if (cookies.length) res.setHeader('Set-Cookie', cookies);
    if (body === undefined) return void res.end();
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    res.end(JSON.stringify(body));
  };

  /** @param {string} name @param {string} value @param {number} maxAge @param {boolean} secure */
  const cookie = (name, value, maxAge, secure) =>
    `${name}=${value}; Path=${HANDOFF_PATH}; Max-Age=${maxAge}; HttpOnly; SameSite=Strict${cookieDomain ? `; Domain=${cookieDomain}` : ''}${secure ? '; Secure' : ''}`;

  /**
   * What every exchange asks of the request: a POST of JSON (a form or a "simple" request of
   * another page cannot send it without a preflight, which is never granted), from a page whose
   * Origin is the portal's and, where the browser says so, of this very origin.
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
    const token = text(body?.token, 4096);
    const driverId = text(body?.driverId, 128);
    if (!to || !portal.has(to) || to === from || (token === undefined && driverId === undefined))
      return answer(res, 400, { error: 'bad handoff' });
    sweep();
    if (entries.size >= MAX_ENTRIES) return answer(res, 503, { error: 'busy' });
    const code = random();
    const binding = random();
    entries.set(code, { from, to, token, driverId, binding, expires: now() + ttlMs });
    const maxAge = Math.ceil(ttlMs / 1000);
    answer(res, 201, { code, expiresIn: maxAge }, [cookie(cookieName(code), binding, maxAge, from.startsWith('https:'))]);
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
    entries.delete(code);
    const clear = [cookie(cookieName(code), '', 0, origin.startsWith('https:'))];
    const binding = readCookie(req.headers.cookie, cookieName(code));
    if (!entry || entry.expires <= now() || entry.to !== origin || !binding || !sameSecret(binding, entry.binding)) {
      return answer(res, 410, { error: 'no such handoff' }, clear);
    }
    answer(res, 200, { from: entry.from, token: entry.token, driverId: entry.driverId }, clear);
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
 * host names; unset when they share one host name).
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
  const exchange = sessionHandoff({ origins, ttlMs, cookieDomain: env.PORTAL_HANDOFF_COOKIE_DOMAIN || undefined });
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

module.exports = { sessionHandoff, startService, HANDOFF_PATH, HANDOFF_TTL_MS };
