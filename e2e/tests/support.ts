/* eslint-disable react-hooks/rules-of-hooks -- Playwright fixtures hand their value on with a callback named `use`, not React's hook */
import { createHmac, randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page, type Request, type Route } from '@playwright/test';

import { DEMO_DRIVER_ID, DEMO_TOKEN, driverToken, NAMESPACE_HEADER } from '@driver-portal/sandbox-api/constants';
import { HOST as SUITE_HOST, REMOTES, SANDBOX_PORT } from '../../build-preset/apps.cjs';

// The sandbox's demo data, from the sandbox itself.
export { DEMO_DRIVER_ID, DEMO_TOKEN, driverToken };
const local = (port: number) => `http://localhost:${port}`;

// Ports from the suite's one list of apps (apps.json).
export const SANDBOX = local(SANDBOX_PORT);
export const HOST = local(SUITE_HOST.port);
/** Every remote of apps.json, with its own origin: what a test of "every remote" goes through. */
export const REMOTE_APPS = REMOTES.map((remote) => ({ ...remote, origin: local(remote.port) }));
/** The origin of every remote of apps.json, in its order. */
export const ALL_REMOTE_ORIGINS: readonly string[] = REMOTE_APPS.map((remote) => remote.origin);

/** The remote of apps.json whose prefixes hold `path` (its query left out), or undefined (the host's own pages). */
export function remoteOwning(path: string): (typeof REMOTE_APPS)[number] | undefined {
  const pathname = (path.split('?')[0] ?? '').toLowerCase();
  return REMOTE_APPS.find((remote) =>
    remote.prefixes.some((prefix) => pathname === prefix.toLowerCase() || pathname.startsWith(`${prefix.toLowerCase()}/`)),
  );
}

/** The origin of the remote of apps.json that owns `path` (its prefixes), e.g. '/notifications'. */
export function originOwning(path: string): string {
  const owner = remoteOwning(path);
  if (!owner) throw new Error(`no remote of apps.json owns ${path}`);
  return owner.origin;
}

/**
 * The remotes the feature tests go to by the screens they test (a test of the deposits opens the
 * remote that owns /deposits); tests of every remote use ALL_REMOTE_ORIGINS / REMOTE_APPS.
 */
export const REMOTE_ORIGINS = {
  selfService: originOwning('/notifications'),
  onboarding: originOwning('/register'),
  account: originOwning('/my-account'),
  insurance: originOwning('/car-insurance'),
} as const;

/** The sandbox keeps one state per namespace, named by this request header (sandbox-api/README.md). */
export const SANDBOX_NAMESPACE_HEADER = NAMESPACE_HEADER;
const APP_ORIGINS: ReadonlySet<string> = new Set([HOST, ...ALL_REMOTE_ORIGINS]);

/**
 * A call that reaches the sandbox: directly, or through a proxy on an app's origin: the statement
 * proxy (nginx) or the driver-data proxy (both servers, docs/security.md).
 */
export function isSandboxCall(url: URL | string): boolean {
  const { origin, pathname } = typeof url === 'string' ? new URL(url) : url;
  return origin === SANDBOX || (APP_ORIGINS.has(origin) && (pathname.startsWith('/statement/') || pathname.startsWith('/driver-api/')));
}

/**
 * The namespace of the test running in this worker process (a worker runs one test at a time);
 * undefined outside a test from this file. `null`: the test uses the default namespace.
 */
let currentNamespace: string | null | undefined;

interface SandboxFixtures {
  /** Option: false puts the project's tests on the sandbox's default namespace (the serial deployment project). */
  isolateSandbox: boolean;
  /** The test's own sandbox namespace (null when not isolated). */
  sandboxNamespace: string | null;
  /** Responses of sandbox calls answered from another namespace; must stay empty (checked after the test). */
  sandboxCallsOutsideNamespace: string[];
}

/**
 * Playwright's `test` with the sandbox isolated per test: every test gets a namespace of its own
 * (created from the seed on its first call), sent with every request the test's pages make to the
 * sandbox (added at the network layer, so the page's requests, and what tests read of them, stay
 * as the app sent them) and with the test's own `fetch` calls to it. Tests can then run in
 * parallel. Specs import `test` and `expect` from here, not from '@playwright/test'.
 */
export const test = base.extend<SandboxFixtures>({
  isolateSandbox: [true, { option: true }],

  sandboxNamespace: [
    async ({ isolateSandbox }, use, testInfo) => {
      const namespace = isolateSandbox ? `e2e-${testInfo.workerIndex}-${randomUUID()}` : null;
      if (namespace) testInfo.annotations.push({ type: 'sandbox namespace', description: namespace });
      currentNamespace = namespace;
      const restoreFetch = namespace ? sendNamespaceWithFetch(namespace) : () => undefined;
      try {
        await use(namespace);
      } finally {
        restoreFetch();
        currentNamespace = undefined;
      }
    },
    { auto: true },
  ],

  // Per test (it names the test's namespace so Playwright knows it is test-scoped).
  sandboxCallsOutsideNamespace: async ({ sandboxNamespace: _namespace }, use) => {
    await use([]);
  },

  context: async ({ context, sandboxNamespace, sandboxCallsOutsideNamespace: outside }, use) => {
    if (!sandboxNamespace) return use(context);
    await context.route(isSandboxCall, (route: Route, request: Request) =>
      route.fallback({
        headers: {
          ...request.headers(),
          [SANDBOX_NAMESPACE_HEADER.toLowerCase()]: sandboxNamespace,
          ...lowerCased(namespaceProof(sandboxNamespace)),
        },
      }),
    );
    // The sandbox echoes the namespace it answered from. A page.route handler of the test that
    // ends a sandbox call with route.continue() skips this context's route: it must use
    // route.fallback() (or route.fetch with the header), or the call lands in the default namespace.
    context.on('response', (response) => {
      const answeredFrom = response.headers()[SANDBOX_NAMESPACE_HEADER.toLowerCase()];
      if (answeredFrom !== undefined && answeredFrom !== sandboxNamespace) {
        outside.push(`${response.request().method()} ${response.url()} (namespace ${answeredFrom})`);
      }
    });
    await use(context);
    expect(
      outside,
      `sandbox calls answered outside the test's namespace: a page.route handler for a sandbox URL must end with route.fallback(), not route.continue()`,
    ).toEqual([]);
  },
});

export { expect };
// Playwright's types (Page, Locator, ...), so a spec imports everything from here.
export type * from '@playwright/test';

/**
 * The proof that makes a namespace a client of its own for the open calls' limit (decision 0024;
 * deploy/nginx/portal-open-calls.mjs namespaceScope): the HMAC of the namespace under this run's
 * PORTAL_TEST_NAMESPACE_SECRET (e2e/playwright.config.ts), which the servers of this run hold.
 */
export const NAMESPACE_PROOF_HEADER = 'X-Portal-Namespace-Proof';
export function namespaceProof(namespace: string): Record<string, string> {
  const secret = process.env.PORTAL_TEST_NAMESPACE_SECRET;
  if (!secret) return {};
  return { [NAMESPACE_PROOF_HEADER]: createHmac('sha256', secret).update(`portal-test-namespace ${namespace}`).digest('hex') };
}

/** The headers that put a request in the current test's namespace ({} on the default namespace). */
export function sandboxHeaders(): Record<string, string> {
  if (currentNamespace === undefined) {
    throw new Error(`Sandbox calls need the test from e2e/tests/support.ts: import { expect, test } from './support'.`);
  }
  return currentNamespace ? { [SANDBOX_NAMESPACE_HEADER]: currentNamespace, ...namespaceProof(currentNamespace) } : {};
}

const lowerCased = (headers: Record<string, string>) =>
  Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));

/** Makes the worker's global fetch add the namespace to calls to the sandbox; returns the undo. */
function sendNamespaceWithFetch(namespace: string): () => void {
  const originalFetch = globalThis.fetch;
  globalThis.fetch = (input: string | URL | globalThis.Request, init?: RequestInit) => {
    const url = input instanceof globalThis.Request ? input.url : String(input);
    if (!isSandboxCall(url)) return originalFetch(input, init);
    const headers = new Headers(init?.headers ?? (input instanceof globalThis.Request ? input.headers : undefined));
    // A namespace the test names itself (another test's, the default one) wins.
    if (!headers.has(SANDBOX_NAMESPACE_HEADER)) {
      headers.set(SANDBOX_NAMESPACE_HEADER, namespace);
      for (const [name, value] of Object.entries(namespaceProof(namespace))) headers.set(name, value);
    }
    return originalFetch(input, { ...init, headers });
  };
  return () => {
    globalThis.fetch = originalFetch;
  };
}

/** Back to the seed, in the current test's namespace only. */
export async function resetSandbox(): Promise<void> {
  const response = await fetch(`${SANDBOX}/__sandbox/reset`, { method: 'POST', headers: sandboxHeaders() });
  expect(response.ok).toBe(true);
}

/** No WCAG A/AA violation on the page as it is now. */
export async function expectAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(
    results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

/** Every request the page makes, for assertions on where the token went. */
export function recordRequests(page: Page): Request[] {
  const requests: Request[] = [];
  page.on('request', (request) => requests.push(request));
  return requests;
}

/** A page opened as the native app opens it: with a driver's token (the demo driver's unless told). */
export const withToken = (path: string, origin = HOST, token = DEMO_TOKEN) =>
  `${origin}${path}${path.includes('?') ? '&' : '?'}token=${token}`;

/**
 * Where the pages of `origin` call a service behind the driver-data proxy (register, insurance,
 * card: /driver-api/<service>/ on the page's own origin, docs/security.md).
 */
export const proxiedService = (service: 'register' | 'insurance' | 'card', origin = HOST) => `${origin}/driver-api/${service}/`;

/** The draft a form of the page keeps under `name` for the session's driver ('' when none). */
export function savedDraft(page: Page, name: string): Promise<string> {
  return page.evaluate((key) => {
    const driver = encodeURIComponent(window.sessionStorage.getItem('driver-portal:driverId') ?? '-');
    return window.sessionStorage.getItem(`driver-portal:draft:${driver}:${key}`) ?? '';
  }, name);
}
