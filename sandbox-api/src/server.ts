import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { ServiceName } from '@driver-portal/shared/config';
import { logPath } from '../../deploy/log-path.cjs';
import { bearerToken, checkDriverToken, driverOfToken, isAuthorized, statementAuthorization, TOKEN_DRIVER_HEADER } from './auth';
import { portalOrigins } from './portal-origins';
import { NAMESPACE_HEADER } from './constants';
import { sandboxRoutes } from './handlers';
import { documentsHook } from './handlers/documents';
import { insuranceCardHook } from './hooks/insurance-card';
import { documentsReviewHook } from './hooks/documents-review';
import { SERVER_TEXTS, serviceError, type Reply } from './respond';
import { remoteHandlers, type RemoteHandlers } from './remote-handlers';
import { findRoute, type RouteMatch } from './router';
import { createSeed } from './seed';
import { DEFAULT_NAMESPACE, DEFAULT_NAMESPACE_LIMITS, SandboxStates, type NamespaceLimits } from './state';
import { staticPage } from './static-pages';

/** First path segment -> service, as config/env.json lays the services out on one port. */
const SERVICE_BY_PREFIX: ReadonlyMap<string, ServiceName> = new Map<string, ServiceName>([
  ['core', 'core'],
  ['register', 'register'],
  ['communication', 'communication'],
  ['insurance', 'insurance'],
  ['card', 'card'],
  ['statement', 'statement'],
  ['eula', 'eula'],
  ['zip', 'zipLookup'],
]);

/**
 * What browsers call for the statement service: the sandbox adds the credential, as the reverse
 * proxy does, and only for a signed-in driver on one of the portal's own pages (docs/product-rules.md,
 * "Environments and configuration").
 */
const STATEMENT_PROXY_PREFIX = 'statement-proxy';
const SANDBOX_PREFIX = '__sandbox';
/** The provider's token check (`GET /auth/driver`) the portal's driver-data proxy asks (auth.ts). */
const AUTH_PREFIX = 'auth';
const STATIC_PREFIX = 'static';

const NAMESPACE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,99}$/;

const MAX_DELAY_MS = 30_000;
/** Document photos travel as base64 JSON. */
const MAX_BODY_BYTES = 20 * 1024 * 1024;

export interface SandboxServerOptions {
  /** One line per answered request (main.ts logs to the console; tests stay quiet). */
  log?: (line: string) => void;
  /** The clock the seed and handlers use; tests may fix it. */
  now?: () => Date;
  /** How many namespaces are kept, and for how long unused (memory stays bounded). */
  namespaces?: NamespaceLimits;
  /** The remotes' own endpoints (`<remote>/sandbox/handlers.ts`); tests give their own lists. */
  remotes?: RemoteHandlers;
}

class HttpFailure extends Error {
  constructor(readonly reply: Reply<never>) {
    super(`HTTP ${reply.status}`);
  }
}

/** CORS for any page, as the provider's services answer; none at all when `allowOrigin` is false. */
function corsHeaders(request: IncomingMessage, allowOrigin = true): Record<string, string> {
  if (!allowOrigin) return { Vary: 'Origin' };
  return {
    'Access-Control-Allow-Origin': request.headers.origin ?? '*',
    'Access-Control-Allow-Headers': `Authorization, Content-Type, ${NAMESPACE_HEADER}`,
    'Access-Control-Allow-Methods': 'GET, POST, PUT, DELETE, OPTIONS',
    'Access-Control-Max-Age': '600',
    Vary: 'Origin',
  };
}

/** The caller's namespace; undefined when the header is not a valid name. */
function namespaceOf(request: IncomingMessage): string | undefined {
  const value = request.headers[NAMESPACE_HEADER.toLowerCase()];
  if (value === undefined || value === '') return DEFAULT_NAMESPACE;
  return typeof value === 'string' && NAMESPACE_PATTERN.test(value) ? value : undefined;
}

function isStatementProxy(request: IncomingMessage): boolean {
  return (request.url ?? '').startsWith(`/${STATEMENT_PROXY_PREFIX}/`);
}

/** Whether the answer grants CORS: the provider's services to any page, the statement proxy to the portal's pages only. */
function corsAllowed(request: IncomingMessage, origins: ReadonlySet<string>): boolean {
  const origin = request.headers.origin;
  return !isStatementProxy(request) || (origin !== undefined && origins.has(origin));
}

/** A page of another origin calling the statement proxy (no Origin at all is not a page's cross-origin call). */
function isForeignPage(request: IncomingMessage, origins: ReadonlySet<string>): boolean {
  const origin = request.headers.origin;
  return isStatementProxy(request) && origin !== undefined && !origins.has(origin);
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** `?delayMs=` on any request: answer late (loading overlays in tests). */
async function applyDelay(query: URLSearchParams): Promise<void> {
  const delay = Number(query.get('delayMs') ?? '0');
  if (Number.isFinite(delay) && delay > 0) await sleep(Math.min(delay, MAX_DELAY_MS));
}

/** `?failWith=<status>` on a service call: answer that error status instead (error screens in tests). */
function forcedFailure(service: ServiceName, query: URLSearchParams): Reply<never> | undefined {
  const value = query.get('failWith');
  if (value === null) return undefined;
  const status = Number(value);
  if (!Number.isInteger(status) || status < 400 || status > 599) {
    return serviceError(service, 400, 'failWith deve ser um status HTTP entre 400 e 599.');
  }
  return serviceError(service, status, SERVER_TEXTS.forced(status));
}

async function readJsonBody(request: IncomingMessage, service: ServiceName): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += buffer.length;
    if (size > MAX_BODY_BYTES) throw new HttpFailure(serviceError(service, 413, 'Arquivo grande demais.'));
    chunks.push(buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new HttpFailure(serviceError(service, 400, SERVER_TEXTS.badJson));
  }
}

/** Creates the sandbox server with a fresh seed; the caller decides where it listens. */
export function createSandboxServer(options: SandboxServerOptions = {}): http.Server {
  const now = options.now ?? (() => new Date());
  const states = new SandboxStates(() => createSeed(now()), options.namespaces ?? DEFAULT_NAMESPACE_LIMITS);
  states.get(DEFAULT_NAMESPACE);
  const remotes = options.remotes ?? remoteHandlers;
  /** The handlers of src/handlers/ first, then the remotes' own ones. */
  const find = (service: ServiceName, method: string, path: string) =>
    findRoute(sandboxRoutes, service, method, path) ?? findRoute(remotes.routes(), service, method, path);
  // The CORS list is this server's remotes' (options.remotes), as the preflight's in handle().
  function send(request: IncomingMessage, response: ServerResponse, status: number, contentType: string, text: string): void {
    const namespace = namespaceOf(request);
    response.writeHead(status, {
      ...corsHeaders(request, corsAllowed(request, portalOrigins(remotes.appPorts()))),
      // Which state answered: lets a test check its calls reached its namespace (through proxies too).
      ...(namespace ? { [NAMESPACE_HEADER]: namespace } : {}),
      'Content-Type': contentType,
      'Content-Length': String(Buffer.byteLength(text)),
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    });
    response.end(text);
  }

  function sendJson(request: IncomingMessage, response: ServerResponse, status: number, body: unknown): void {
    send(request, response, status, 'application/json; charset=utf-8', JSON.stringify(body));
  }

  /** Test hooks under /__sandbox/: health, and the caller's namespace reset or shown. */
  function sandboxHook(method: string, path: string, namespace: string): Reply<unknown> {
    if (method === 'GET' && path === 'health') return { status: 200, body: { ok: true } };
    if (method === 'POST' && path === 'reset') {
      states.reset(namespace);
      return { status: 200, body: { ok: true } };
    }
    if (method === 'GET' && path === 'state') return { status: 200, body: states.get(namespace) };
    const hook = insuranceCardHook(method, path, () => states.get(namespace)) ?? documentsHook(method, path, () => states.get(namespace));
    if (hook) return hook;
    const reviewHook = documentsReviewHook(method, path, () => states.get(namespace), now);
    if (reviewHook) return reviewHook;
    return { status: 404, body: { Message: SERVER_TEXTS.notFound } };
  }

  async function serviceCall(
    request: IncomingMessage,
    service: ServiceName,
    headers: IncomingHttpHeaders,
    path: string,
    url: URL,
    namespace: string,
  ): Promise<Reply<unknown>> {
    const forced = forcedFailure(service, url.searchParams);
    if (forced) return forced;
    if (!isAuthorized(service, headers)) {
      return serviceError(service, 401, service === 'statement' ? SERVER_TEXTS.statementUnauthorized : SERVER_TEXTS.sessionExpired);
    }
    let match: RouteMatch | undefined;
    try {
      match = find(service, request.method ?? 'GET', path);
      // Unanswered: maybe a remote added since (release:remote --new): read the lists again, once a second at most.
      if (!match && remotes.refresh()) match = find(service, request.method ?? 'GET', path);
    } catch {
      // A malformed %-escape in the path.
      return serviceError(service, 400, SERVER_TEXTS.notFound);
    }
    if (!match) return serviceError(service, 404, SERVER_TEXTS.notFound);
    const body = await readJsonBody(request, service);
    return match.route.handle({
      params: match.params,
      query: url.searchParams,
      body,
      headers,
      state: states.get(namespace),
      now: now(),
      origin: `http://localhost:${request.socket.localPort ?? 4000}`,
    });
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const method = request.method ?? 'GET';
    let origins = portalOrigins(remotes.appPorts());
    // An origin not known yet may be a remote added since: the lists are read again (once a second at most).
    if (isForeignPage(request, origins)) {
      remotes.refresh();
      origins = portalOrigins(remotes.appPorts());
    }
    const foreignPage = isForeignPage(request, origins);
    if (method === 'OPTIONS') {
      response.writeHead(foreignPage ? 401 : 204, corsHeaders(request, corsAllowed(request, origins)));
      response.end();
      return;
    }
    // Concatenated, not resolved: a request for "//host/x" must stay a path on this server.
    const url = new URL(`http://sandbox.local${request.url ?? '/'}`);
    await applyDelay(url.searchParams);
    const [, prefix = '', ...restSegments] = url.pathname.split('/');
    const rest = restSegments.join('/');
    const namespace = namespaceOf(request);
    if (namespace === undefined) {
      return sendJson(request, response, 400, {
        Message: `${NAMESPACE_HEADER} deve ter de 1 a 100 letras, dígitos, ".", "_", ":" ou "-".`,
      });
    }

    if (prefix === SANDBOX_PREFIX) {
      const reply = sandboxHook(method, rest, namespace);
      return sendJson(request, response, reply.status, reply.body);
    }
    if (prefix === AUTH_PREFIX && rest === 'driver' && method === 'GET') {
      const status = checkDriverToken(request.headers, states.get(namespace));
      if (status === 204) {
        // Whose token it is: the proxy vouches for that driver to the services (SIGNED_IN_DRIVER_HEADER).
        const tokenDriver = driverOfToken(bearerToken(request.headers)) ?? '';
        response.writeHead(204, { 'Cache-Control': 'no-store', [TOKEN_DRIVER_HEADER]: tokenDriver }).end();
        return;
      }
      return sendJson(request, response, status, { Message: SERVER_TEXTS.sessionExpired });
    }
    if (prefix === STATIC_PREFIX && method === 'GET') {
      const page = staticPage(url.pathname, url.searchParams);
      if (page) return send(request, response, 200, page.contentType, page.body);
      return sendJson(request, response, 404, { Message: SERVER_TEXTS.notFound });
    }

    const isProxy = prefix === STATEMENT_PROXY_PREFIX;
    const service = isProxy ? 'statement' : SERVICE_BY_PREFIX.get(prefix);
    if (!service) return sendJson(request, response, 404, { Message: SERVER_TEXTS.notFound });
    // The proxy lends its credential only to a signed-in driver on a portal page: a foreign page,
    // or a caller without a token the core service accepts, gets 401 and the service is not called.
    if (isProxy && (foreignPage || !isAuthorized('core', request.headers))) {
      return sendJson(request, response, 401, { error: SERVER_TEXTS.sessionExpired });
    }
    // The proxy replaces whatever the browser sent (the driver's token) with the server-side credential.
    const headers = isProxy ? { ...request.headers, authorization: statementAuthorization() } : request.headers;
    const reply = await serviceCall(request, service, headers, rest, url, namespace);
    sendJson(request, response, reply.status, reply.body);
  }

  return http.createServer((request, response) => {
    if (options.log) {
      const started = Date.now();
      response.on('finish', () => {
        const namespace = namespaceOf(request);
        const where = namespace === DEFAULT_NAMESPACE ? '' : ` [${namespace ?? 'invalid namespace'}]`;
        // The path only, as every log of the portal holds it (deploy/log-path.cjs): never a query's token, a policy token.
        options.log?.(`${request.method} ${logPath(request.url)} -> ${response.statusCode} (${Date.now() - started} ms)${where}`);
      });
    }
    handle(request, response).catch((error: unknown) => {
      const reply = error instanceof HttpFailure ? error.reply : { status: 500, body: { Message: SERVER_TEXTS.internal } };
      if (!(error instanceof HttpFailure)) console.error('[sandbox-api]', error);
      if (!response.headersSent) sendJson(request, response, reply.status, reply.body);
      else response.end();
    });
  });
}
