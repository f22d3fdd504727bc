// A small production static server for the built apps, with the caching rules the deployment
// (nginx, deploy/nginx/portal-maps.conf.template) uses: remotes.json, env.json, manifests and
// navigation files revalidated at every use (no-cache, an ETag of their content, a 304 of headers
// only while nothing changed: issue 39); content-hashed files (remote entries included) cached for
// a year; HTML is no-store; SPA fallback only for page routes, so a missing .js file is a real 404.
// Its security headers are the deployment's, from their one definition
// (deploy/security-headers.cjs), given by the caller.
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';

import driverApi from '../deploy/driver-api.cjs';
import securityHeaders from '../deploy/security-headers.cjs';

const { PROXY_PATH, canonicalPath, oddPathReason } = driverApi;

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
};
/**
 * Revalidated at every use, and kept by no shared cache: the remote list names the driver's cohort
 * (Portal-Cohort), and behind nginx a remote's own files come from the canary of the driver's
 * cohort. An entry without a hash in its name is a build from before issue 39 (or a dev build).
 */
const REVALIDATED_PRIVATE = new Set(['remotes.json', 'mf-manifest.json', 'mf-manifest-stats.json', 'navigation.json', 'remoteEntry.js']);
const HASHED = /\.[0-9a-f]{8,}\.(js|css|mjs|map)$/;
/**
 * Files that are a real 404 when missing, never the page: nginx's own list
 * (deploy/nginx/portal-common.conf). Any other path is a page route, a dot in it or not (a
 * JWT-like `/policies/a.b.c` opens the app on both servers).
 */
export const STATIC_FILE = /\.(?:js|mjs|css|map|json|svg|png|jpg|ico|txt|woff2?)$/i;
/**
 * The path as a file name. An escape that is not UTF-8 (`%C0%AF`) names no file of a build: the
 * path is then a page route like any other (nginx serves the app too), never an exception.
 */
function decodePath(pathname) {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}

/**
 * The encoding to answer with for an Accept-Encoding header: Brotli when the browser takes it
 * (browsers send `br` over HTTPS only), else gzip, else none; `;q=0` refuses one.
 * @param {string | undefined} header
 * @returns {'br' | 'gzip' | undefined}
 */
export function preferredEncoding(header) {
  const accepted = new Set(
    String(header ?? '')
      .split(',')
      .map((part) =>
        part
          .trim()
          .toLowerCase()
          .split(/\s*;\s*/),
      )
      .filter(([, ...params]) => !params.some((param) => /^q=0(?:\.0*)?$/.test(param)))
      .map(([name]) => name),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return undefined;
}

const COMPRESS = {
  gzip: (body) => gzipSync(body, { level: 9 }),
  br: (body) => brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY } }),
};

/**
 * The file compressed: the build's copy beside it (`.br` / `.gz`, build-preset/precompress.cjs)
 * when it is not older than the file, else compressed here once per version of the file.
 */
async function compressed(file, info, encoding, cache) {
  const key = `${file}:${info.mtimeMs}:${encoding}`;
  let body = cache.get(key);
  if (!body) {
    const beside = `${file}.${encoding === 'br' ? 'br' : 'gz'}`;
    const built = await stat(beside).catch(() => undefined);
    body = built && built.mtimeMs >= info.mtimeMs ? await readFile(beside) : COMPRESS[encoding](await readFile(file));
    cache.set(key, body);
  }
  return body;
}

export function cacheControl(fileName) {
  // A page's address carries the native app's token: never stored.
  if (fileName.endsWith('.html')) return 'no-store';
  if (HASHED.test(fileName)) return 'public, max-age=31536000, immutable';
  if (REVALIDATED_PRIVATE.has(fileName)) return 'private, no-cache';
  // The runtime configuration and everything else not named by its content.
  return 'no-cache';
}

/**
 * A validator derived from the file's content (never from its time and size alone: two releases'
 * manifests of one size written within a second are different files), the answer's encoding (each
 * encoding is its own representation) and the cohort the answer names (the remote list's
 * Portal-Cohort: the same list for another cohort is another answer, so a 304 never hands a page
 * the cohort a cookie of earlier named).
 * @param {string} digest the content's
 * @param {string | undefined} encoding
 * @param {string | undefined} cohort
 */
export function entityTag(digest, encoding, cohort) {
  return `"${[digest, encoding, cohort].filter(Boolean).join('-')}"`;
}

/**
 * Whether an If-None-Match header names `etag` (a list, `*`, weak or strong: RFC 9110's weak
 * comparison, as nginx and browsers use for GET).
 * @param {string | string[] | undefined} header
 * @param {string} etag
 */
export function noneMatchNames(header, etag) {
  const value = Array.isArray(header) ? header.join(',') : String(header ?? '');
  if (value.trim() === '*') return true;
  return (value.match(/(?:W\/)?"[^"]*"/g) ?? []).some((tag) => tag.replace(/^W\//, '') === etag);
}

/** The headers a 304 carries (RFC 9110, 15.4.5): what updates the copy the browser kept, nothing else. */
const NOT_MODIFIED_HEADERS = new Set(['etag', 'cache-control', 'vary', 'access-control-allow-origin', 'portal-cohort', 'set-cookie']);

/** The content's digest of each version of a file (by its time, size and inode), read once. */
async function contentDigest(file, info, cache) {
  const key = `${file}:${info.mtimeMs}:${info.ctimeMs}:${info.size}:${info.ino}`;
  let digest = cache.get(key);
  if (!digest) {
    digest = createHash('sha256')
      .update(await readFile(file))
      .digest('base64url')
      .slice(0, 22);
    cache.set(key, digest);
  }
  return digest;
}

/**
 * @param {{ root: string, port: number, corsOrigins?: string[] | '*', host?: string, headers?: Array<[string, string]>, proxy?: (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse, url: URL) => boolean, cohort?: (req: import('node:http').IncomingMessage, url: URL) => Promise<Record<string, string>> }} options
 *   `headers`: sent with every answer (the security headers of deploy/security-headers.cjs);
 *   `proxy`: answers the paths it owns (the driver-data proxy, scripts/driver-api-proxy.mjs) and says so;
 *   `cohort`: the canary cohort's headers of an answer (scripts/page-cohort.mjs)
 * @returns {Promise<import('node:http').Server>}
 */
export function serveStatic({ root, port, corsOrigins, host = '127.0.0.1', headers: everyAnswer = [], proxy, cohort }) {
  const base = resolve(root);
  const compressedCache = new Map();
  const digestCache = new Map();

  const server = createServer(async (req, res) => {
    try {
      for (const [name, value] of everyAnswer) res.setHeader(name, value);
      // The path rule, first (deploy/driver-api.cjs, ODD_PATHS; nginx: portal-common.conf): a
      // backslash, a dot segment in any spelling, an encoded slash, `;`, a control character,
      // double or overlong encoding are refused before any proxy, redirect or file reads the
      // path. Judged on the target as received: `new URL` would resolve `..\` and `%2e%2e`
      // first, so this server would never see what nginx and the services see.
      // (An absolute-form target, `GET http://host/path`, is judged on its path, as nginx does.)
      const target = (req.url ?? '/').replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?]*/i, '');
      if (!target.startsWith('/') || oddPathReason(target) !== undefined) {
        res.writeHead(400, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
        res.end(JSON.stringify({ validations: [{ message: 'Endereço inválido.' }] }));
        return;
      }
      // Everything below reads the path as nginx's $uri does (escapes decoded, `//` merged), in
      // one spelling: the proxies judge and forward that path, never the client's.
      const query = target.indexOf('?');
      const url = new URL(
        canonicalPath(query === -1 ? target : target.slice(0, query)) + (query === -1 ? '' : target.slice(query)),
        'http://localhost',
      );
      // The headers that depend on the response (CORP by path, HSTS only over TLS): deploy/security-headers.cjs.
      const encrypted = 'encrypted' in req.socket && req.socket.encrypted === true;
      const request = { path: url.pathname, encrypted, forwardedProto: req.headers['x-forwarded-proto'] };
      for (const [name, value] of securityHeaders.responseHeaders(request)) res.setHeader(name, value);
      // The proxies' answers are same-origin: no CORS grant (nginx: remote.conf).
      if (proxy?.(req, res, url)) return;
      const origin = req.headers.origin;
      /** What the answer varies by (one Vary header, whatever adds to it). */
      const vary = [];
      if (origin && corsOrigins && !PROXY_PATH.test(url.pathname) && (corsOrigins === '*' || corsOrigins.includes(origin))) {
        res.setHeader('Access-Control-Allow-Origin', corsOrigins === '*' ? '*' : origin);
        vary.push('Origin');
      }
      if (req.method === 'OPTIONS') {
        res.setHeader('Access-Control-Allow-Methods', 'GET, HEAD, OPTIONS');
        res.writeHead(204).end();
        return;
      }
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.writeHead(405).end();
        return;
      }
      // A page address with a token that a page asked for is not the native app's entry: never
      // handed to the page (docs/security.md, "Where a token comes from"; nginx: portal-common.conf).
      const fromAPage =
        req.headers['sec-fetch-mode'] === 'navigate' &&
        /^(?:same-origin|same-site|cross-site)$/.test(String(req.headers['sec-fetch-site']));
      if (fromAPage && [...url.searchParams.keys()].some((name) => name.toLowerCase() === 'token')) {
        for (const name of [...url.searchParams.keys()]) if (name.toLowerCase() === 'token') url.searchParams.delete(name);
        res.writeHead(303, { Location: `${url.pathname}${url.search}`, 'Cache-Control': 'no-store' }).end();
        return;
      }
      // The canary cohort: decided by the server on the native app's entry, signed (docs/security.md).
      for (const [name, value] of Object.entries((await cohort?.(req, url)) ?? {})) res.setHeader(name, value);
      let relative = normalize(decodePath(url.pathname)).replace(/^([/\\])+/, '');
      let file = join(base, relative);
      if (!file.startsWith(base + sep) && file !== base) {
        res.writeHead(403).end();
        return;
      }
      let info = await stat(file).catch(() => undefined);
      if (!info || info.isDirectory()) {
        if (STATIC_FILE.test(relative)) {
          res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' }).end('Not found');
          return;
        }
        relative = 'index.html';
        file = join(base, relative);
        info = await stat(file).catch(() => undefined);
        if (!info) {
          res.writeHead(404).end('Not built');
          return;
        }
      }
      const name = relative.split(/[/\\]/).pop() ?? relative;
      const type = TYPES[extname(name)] ?? 'application/octet-stream';
      const compressible = /text|json|javascript|svg/.test(type) && info.size > 512;
      const encoding = compressible ? preferredEncoding(req.headers['accept-encoding']) : undefined;
      if (compressible) vary.push('Accept-Encoding');
      if (vary.length) res.setHeader('Vary', vary.join(', '));
      res.setHeader('Cache-Control', cacheControl(name));
      // A validator of the content as served, so a repeat open (If-None-Match: the browser's
      // revalidation of a no-cache file, the host's of its remote list) gets a 304 without a body.
      const cohortHeader = res.getHeader('Portal-Cohort');
      const etag = entityTag(
        await contentDigest(file, info, digestCache),
        encoding,
        typeof cohortHeader === 'string' ? cohortHeader : undefined,
      );
      res.setHeader('ETag', etag);
      if (noneMatchNames(req.headers['if-none-match'], etag)) {
        for (const header of res.getHeaderNames()) if (!NOT_MODIFIED_HEADERS.has(header)) res.removeHeader(header);
        res.writeHead(304).end();
        return;
      }
      let body = await readFile(file);
      const headers = { 'Content-Type': type };
      if (encoding) {
        body = await compressed(file, info, encoding, compressedCache);
        headers['Content-Encoding'] = encoding;
      }
      headers['Content-Length'] = String(body.length);
      res.writeHead(200, headers);
      res.end(req.method === 'HEAD' ? undefined : body);
    } catch (error) {
      res.writeHead(500).end(String(error));
    }
  });
  return new Promise((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolvePromise(server));
  });
}
