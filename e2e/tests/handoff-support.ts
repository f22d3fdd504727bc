import type { Page } from '@playwright/test';
import { SESSION_KEYS } from '../../shared/src/session/keys';

/**
 * What the portal's own page does before a journey to another origin
 * (shared/src/session/handoff.ts): POST its session to `/session-handoff/mint` on its own origin,
 * for the origin `to`. Run in the page, so the browser sets `Origin` and `Sec-Fetch-Site` and keeps
 * the binding cookie. Free of the sandbox fixtures: the compose smoke uses it too.
 */
export function mintFromPage(page: Page, to: string): Promise<{ status: number; code: string; error: string }> {
  return page.evaluate(
    async ({ to, keys }) => {
      const answer = await fetch('/session-handoff/mint', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ to, token: sessionStorage.getItem(keys.token), driverId: sessionStorage.getItem(keys.driverId) }),
      });
      const body = (await answer.json().catch(() => ({}))) as { code?: string; error?: string };
      return { status: answer.status, code: body.code ?? '', error: body.error ?? '' };
    },
    { to, keys: SESSION_KEYS },
  );
}
