import type { IncomingHttpHeaders } from 'node:http';
import type { ServiceName } from '@driver-portal/shared/config';
import { matchPath, type AnyEndpoint, type Endpoint } from '@driver-portal/shared/contract';
import type { Reply } from './respond';
import type { SandboxState } from './state';

/** What a handler gets: the matched path parameters, the parsed request and the live state. */
export interface SandboxRequest {
  params: Record<string, string>;
  query: URLSearchParams;
  /** Parsed JSON body, undefined when there was none. */
  body: unknown;
  headers: IncomingHttpHeaders;
  state: SandboxState;
  now: Date;
  /** `http://localhost:<port>`: the sandbox's own address, for links to its static pages. */
  origin: string;
}

export type Handler<TResponse> = (request: SandboxRequest) => Reply<TResponse> | Promise<Reply<TResponse>>;

export interface Route {
  readonly endpoint: AnyEndpoint;
  readonly handle: Handler<unknown>;
}

/**
 * Registers a handler for one call of the typed table. The handler must answer the endpoint's
 * response type, so the sandbox cannot drift from what the clients expect.
 */
export function route<TResponse, TBody>(endpoint: Endpoint<TResponse, TBody>, handle: Handler<TResponse>): Route {
  return { endpoint, handle };
}

const literalSegments = (path: string) => path.split('/').filter((part) => part !== '' && !part.startsWith(':')).length;

export interface RouteMatch {
  route: Route;
  params: Record<string, string>;
}

/**
 * The route of `service` whose method and path match. When several patterns match (a
 * `notificacoes/:id` also matches `notificacoes/lista`), the one with most fixed segments wins.
 */
export function findRoute(routes: readonly Route[], service: ServiceName, method: string, path: string): RouteMatch | undefined {
  let best: (RouteMatch & { score: number }) | undefined;
  for (const candidate of routes) {
    const { endpoint } = candidate;
    if (endpoint.service !== service || endpoint.method !== method) continue;
    const params = matchPath(endpoint.path, path);
    if (!params) continue;
    const score = literalSegments(endpoint.path);
    if (!best || score > best.score) {
      best = { route: candidate, params: Object.fromEntries(Object.entries(params).map(([key, value]) => [key, String(value)])), score };
    }
  }
  return best && { route: best.route, params: best.params };
}

/** Query values by name, ignoring case as the provider's legacy (ASP.NET) services do. */
export function queryValue(query: URLSearchParams, name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of query) if (key.toLowerCase() === wanted) return value;
  return undefined;
}
