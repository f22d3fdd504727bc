import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ServiceName } from '@driver-portal/shared/config';
import { buildPath, type Endpoint, type PathParams } from '@driver-portal/shared/contract';
import { account, insurance, onboarding, selfService } from '../src/contracts';
import runtimeConfig from '../../config/env.json';
import { DEMO_TOKEN } from '../src/constants';
import { createSandboxServer } from '../src/server';

/** The calls of every remote by service, for the tests (each remote declares its own). */
export const api = {
  core: selfService.core,
  communication: selfService.communication,
  register: { ...onboarding.register, ...account.register },
  insurance: insurance.insurance,
  eula: account.eula,
} as const;

export interface SandboxHandle {
  /** `http://127.0.0.1:<port>` once beforeAll ran. */
  baseUrl: string;
}

/** Starts a sandbox on a free port for the file, and resets its state before every test. */
export function startSandboxForFile(): SandboxHandle {
  const handle: SandboxHandle = { baseUrl: '' };
  let server: Server;
  beforeAll(async () => {
    server = createSandboxServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    handle.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  beforeEach(async () => {
    const response = await fetch(`${handle.baseUrl}/__sandbox/reset`, { method: 'POST' });
    expect(response.status).toBe(200);
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return handle;
}

const SANDBOX_ORIGIN = 'http://localhost:4000';
const DRIVER_API_PREFIX = '/driver-api/';

/** A service's base URL as config/env.json gives it, moved to the test server's port. */
export function serviceUrl(sandbox: SandboxHandle, service: ServiceName): string {
  const configured = runtimeConfig.environments.sandbox.services[service];
  // Behind the portal's driver-data proxy (/driver-api/<service>/ on the page's origin,
  // docs/security.md): the sandbox itself serves the service under its name.
  if (configured.startsWith(DRIVER_API_PREFIX)) return `${sandbox.baseUrl}/${configured.slice(DRIVER_API_PREFIX.length)}`;
  return configured.replace(SANDBOX_ORIGIN, sandbox.baseUrl);
}

/** The URL of one call of the typed table, with its path parameters and query filled in. */
export function endpointUrl<T, B>(
  sandbox: SandboxHandle,
  endpoint: Endpoint<T, B>,
  params: PathParams = {},
  query: Record<string, string> = {},
): string {
  const url = new URL(buildPath(endpoint.path, params), serviceUrl(sandbox, endpoint.service));
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  return url.toString();
}

export const withToken = (token = DEMO_TOKEN): HeadersInit => ({ Authorization: `Bearer ${token}` });

export interface JsonAnswer<T> {
  status: number;
  body: T;
  headers: Headers;
}

/** Calls one endpoint of the typed table with its method; the body is typed by the table. */
export async function call<T, B>(
  sandbox: SandboxHandle,
  endpoint: Endpoint<T, B>,
  options: { params?: PathParams; query?: Record<string, string>; headers?: HeadersInit; body?: string } = {},
): Promise<JsonAnswer<T>> {
  const response = await fetch(endpointUrl(sandbox, endpoint, options.params, options.query), {
    method: endpoint.method,
    headers: options.headers,
    body: options.body,
  });
  return { status: response.status, body: (await response.json()) as T, headers: response.headers };
}

/** Any JSON answer, for error bodies and calls outside the table. */
export async function fetchJson<T = unknown>(url: string, init?: RequestInit): Promise<JsonAnswer<T>> {
  const response = await fetch(url, init);
  return { status: response.status, body: (await response.json()) as T, headers: response.headers };
}
