/**
 * Test doubles of the platform, so each remote's screens are tested without the host: a router
 * with the real platform layout (alert dialog, overlay), the sandbox configuration, and the
 * network mocked with MSW from the typed table of calls.
 */
import { render, type RenderResult } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { http, HttpResponse, type DefaultBodyType, type HttpResponseResolver, type PathParams } from 'msw';
import { setupServer } from 'msw/node';
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router';
import { setActiveConfig, type ActiveConfig } from '@driver-portal/shared/config';
import type { AnyEndpoint, Endpoint } from '@driver-portal/shared/contract';
import { draftStorage, draftStorageKey } from '@driver-portal/shared/forms';
import { driverValue, sessionValue } from '@driver-portal/shared/session';
import { LoadingState } from '@driver-portal/shared/ui';
import { PlatformLayout, remoteRouteTree } from '@driver-portal/shared/shell';
import { newDocument } from './storage-modes';

export const TEST_TOKEN = 'test-token';

export const testConfig: ActiveConfig = {
  environment: 'sandbox',
  portalUrl: 'http://localhost:3000',
  services: {
    core: 'http://localhost:4000/core/',
    register: 'http://localhost:4000/register/',
    communication: 'http://localhost:4000/communication/',
    insurance: 'http://localhost:4000/insurance/',
    card: 'http://localhost:4000/card/',
    statement: 'http://localhost:4000/statement-proxy/',
    eula: 'http://localhost:4000/eula/',
    zipLookup: 'http://localhost:4000/zip/',
  },
};

export const server = setupServer();

/**
 * jest-fixed-jsdom swaps in Node's FormData, which cannot read a <form>. React 19 builds one
 * (`new FormData(form, submitter)`) when a submit handler starts a transition, as a router
 * navigation does; browsers can. This stand-in reads the form's named fields instead.
 */
const NodeFormData = globalThis.FormData;
class FormDataOfForm extends NodeFormData {
  constructor(form?: unknown) {
    super();
    if (!(form instanceof HTMLFormElement)) return;
    for (const field of [...form.elements]) {
      if ((field instanceof HTMLInputElement || field instanceof HTMLSelectElement || field instanceof HTMLTextAreaElement) && field.name) {
        this.append(field.name, field.value);
      }
    }
  }
}

/** Call from a Jest setup file. */
export function installPlatformTestHooks(): void {
  beforeAll(() => {
    globalThis.FormData = FormDataOfForm;
    server.listen({ onUnhandledRequest: 'error' });
  });
  beforeEach(() => {
    setActiveConfig(testConfig);
    window.sessionStorage.clear();
    // Each test a new document: nothing left in the page's memory (the storage layer's).
    newDocument();
  });
  afterEach(() => server.resetHandlers());
  afterAll(() => {
    server.close();
    globalThis.FormData = NodeFormData;
  });
}

export function endpointUrl(endpoint: AnyEndpoint): string {
  return `${testConfig.services[endpoint.service]}${endpoint.path}`;
}

const methods = { GET: http.get, POST: http.post, PUT: http.put, DELETE: http.delete } as const;

/** Answers one endpoint of the typed table for the rest of the test. */
export function mockApi<TResponse, TBody>(
  endpoint: Endpoint<TResponse, TBody>,
  resolver: HttpResponseResolver<PathParams, DefaultBodyType, DefaultBodyType>,
): void {
  server.use(methods[endpoint.method](endpointUrl(endpoint), resolver));
}

/** Answers with JSON of the endpoint's own response type. */
export function mockJson<TResponse, TBody>(endpoint: Endpoint<TResponse, TBody>, data: TResponse, status = 200): void {
  mockApi(endpoint, () => HttpResponse.json(data as DefaultBodyType, { status }));
}

export function mockStatus<TResponse, TBody>(endpoint: Endpoint<TResponse, TBody>, status: number, body: DefaultBodyType = {}): void {
  mockApi(endpoint, () => HttpResponse.json(body, { status }));
}

/** Never answers: the client's own timeout or abort decides. */
export function mockNetworkError<TResponse, TBody>(endpoint: Endpoint<TResponse, TBody>): void {
  mockApi(endpoint, () => HttpResponse.error());
}

export interface RecordedRequest {
  method: string;
  url: URL;
  headers: Headers;
  body: unknown;
}

/** Every request that reached the mocked network, in order. */
export function recordRequests(): RecordedRequest[] {
  const recorded: RecordedRequest[] = [];
  server.events.on('request:start', ({ request }) => {
    const clone = request.clone();
    const entry: RecordedRequest = { method: request.method, url: new URL(request.url), headers: request.headers, body: undefined };
    recorded.push(entry);
    void clone.text().then((text) => {
      try {
        entry.body = text ? JSON.parse(text) : undefined;
      } catch {
        entry.body = text;
      }
    });
  });
  return recorded;
}

function LocationProbe() {
  const location = useLocation();
  return (
    <p data-testid="location">
      {location.pathname}
      {location.search}
    </p>
  );
}

export interface RenderRouteOptions {
  routes: RouteObject[];
  path: string;
  /** Session values by name: the platform's (`token`, `driverId`) or a remote's own. */
  session?: Record<string, string>;
  /** A remote's values kept for the session's driver (`driverValue`), set after `session`. */
  driverValues?: Record<string, string>;
  remoteName?: string;
}

export interface RenderRouteResult extends RenderResult {
  user: UserEvent;
  router: ReturnType<typeof createMemoryRouter>;
}

/**
 * Renders a remote's routes at `path` inside the platform layout, as the host would. Paths the
 * remote does not own render a probe showing the location (`getByTestId('location')`).
 */
export function renderRoute({
  routes,
  path,
  session = { token: TEST_TOKEN },
  driverValues = {},
  remoteName = 'test',
}: RenderRouteOptions): RenderRouteResult {
  for (const [name, value] of Object.entries(session)) sessionValue(name).set(value);
  for (const [name, value] of Object.entries(driverValues)) driverValue(name).set(value);
  const router = createMemoryRouter(
    [
      {
        id: 'root',
        element: <PlatformLayout />,
        hydrateFallbackElement: <LoadingState />,
        children: [remoteRouteTree(remoteName, routes), { path: '*', element: <LocationProbe /> }],
      },
    ],
    { initialEntries: [path] },
  );
  const user = userEvent.setup();
  const result = render(<RouterProvider router={router} />);
  return { ...result, user, router };
}

export { HttpResponse, http };

/** The draft a form keeps under `key` for the session's driver (null when there is none). */
export function savedDraft(key: string): string | null {
  return draftStorage().getItem(draftStorageKey(key));
}

/**
 * Fixes "now" for the test while leaving every timer real, so MSW, user-event and React keep
 * working: screens whose texts depend on the day ("Hoje", "Ontem") read the same every day.
 */
export function fixDate(now: Date): void {
  jest.useFakeTimers({
    now,
    doNotFake: [
      'hrtime',
      'nextTick',
      'performance',
      'queueMicrotask',
      'requestAnimationFrame',
      'cancelAnimationFrame',
      'requestIdleCallback',
      'cancelIdleCallback',
      'setImmediate',
      'clearImmediate',
      'setInterval',
      'clearInterval',
      'setTimeout',
      'clearTimeout',
    ],
  });
}
