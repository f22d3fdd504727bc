import { advanceCard } from '../handlers/card';
import { issuePolicyNumber } from '../handlers/insurance';
import type { Reply } from '../respond';
import type { SandboxState } from '../state';

/**
 * Sandbox-only test hooks of the insurance and card services (under `/__sandbox/`), in the
 * caller's namespace: what the insurer and the card issuer do later, on the tests' command.
 * - `POST insurance/<driverId>/issue-policy`: the policy being processed gets its number.
 * - `POST card/<driverId>/advance`: the card moves to its next stage.
 * Undefined: not one of these hooks.
 */
export function insuranceCardHook(method: string, path: string, state: () => SandboxState): Reply<unknown> | undefined {
  if (method !== 'POST') return undefined;
  const [service, rawDriverId, action, ...rest] = path.split('/');
  if (rest.length > 0 || !rawDriverId) return undefined;
  let driverId: string;
  try {
    driverId = decodeURIComponent(rawDriverId);
  } catch {
    return undefined;
  }
  if (service === 'insurance' && action === 'issue-policy') return issuePolicyNumber(state(), driverId);
  if (service === 'card' && action === 'advance') return advanceCard(state(), driverId);
  return undefined;
}
