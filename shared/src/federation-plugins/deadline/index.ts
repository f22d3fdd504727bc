import type { PortalFederationPlugin } from '@driver-portal/shared/federation-plugins/plugin';

/**
 * Named runtime plugin "portal-deadline": loading a remote has a deadline, so a manifest or an
 * entry script that never answers (a mobile network that keeps the connection open and sends
 * nothing) ends in the remote's fallback, with its retry, within about 10 s instead of never.
 *
 * - A manifest fetch (every attempt portal-retry makes included) is aborted
 *   {@link MANIFEST_DEADLINE_MS} after it starts, body included.
 * - Each attempt at a remote entry script gives up after {@link ENTRY_ATTEMPT_TIMEOUT_MS}
 *   (the runtime's default is 20 s); with portal-retry's two retries and their pauses that is
 *   about 9 s in all.
 *
 * It must come before portal-retry in the list of runtime plugins: the runtime hands every
 * plugin's `fetch` the same arguments, so this one gives the request its signal and
 * portal-retry's makes the attempts within it.
 * Kept free of React and app code: it sits in every app's initial chunk.
 */
export const MANIFEST_DEADLINE_MS = 8_000;
export const ENTRY_ATTEMPT_TIMEOUT_MS = 2_500;

/** Chromium's reason when a deadline signal fires; portal-retry stops trying on it. */
export function isDeadline(error: unknown): boolean {
  return error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError');
}

/**
 * A signal that fires when either does: `AbortSignal.any` where the webview has it (Safari 17.4,
 * Chrome 116), else the same by hand, for the browser floor (docs/browsers.md, "Browser floor").
 */
export function eitherSignal(first: AbortSignal, second: AbortSignal): AbortSignal {
  if (typeof AbortSignal.any === 'function') return AbortSignal.any([first, second]);
  const controller = new AbortController();
  for (const signal of [first, second]) {
    if (signal.aborted) {
      controller.abort(signal.reason);
      break;
    }
    signal.addEventListener('abort', () => controller.abort(signal.reason), { once: true });
  }
  return controller.signal;
}

export default function portalDeadlinePlugin(): PortalFederationPlugin {
  return {
    name: 'portal-deadline',
    fetch(_url, init) {
      // Shared with the plugins after this one (portal-retry does the fetching); a signal the
      // caller gave is kept, and ours fires too.
      const deadline = AbortSignal.timeout(MANIFEST_DEADLINE_MS);
      init.signal = init.signal ? eitherSignal(init.signal, deadline) : deadline;
      return undefined;
    },
    createScript() {
      return { timeout: ENTRY_ATTEMPT_TIMEOUT_MS };
    },
  };
}
