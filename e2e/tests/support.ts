import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, type Request } from '@playwright/test';

import { DEMO_DRIVER_ID, DEMO_TOKEN } from '@driver-portal/sandbox-api/constants';

// The sandbox's demo data, from the sandbox itself.
export { DEMO_DRIVER_ID, DEMO_TOKEN };
export const SANDBOX = 'http://localhost:4000';
export const HOST = 'http://localhost:3000';
export const REMOTE_ORIGINS = {
  selfService: 'http://localhost:3001',
  onboarding: 'http://localhost:3002',
  account: 'http://localhost:3003',
  insurance: 'http://localhost:3004',
} as const;

export async function resetSandbox(): Promise<void> {
  const response = await fetch(`${SANDBOX}/__sandbox/reset`, { method: 'POST' });
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

export const withToken = (path: string, origin = HOST) => `${origin}${path}${path.includes('?') ? '&' : '?'}token=${DEMO_TOKEN}`;
