import { advanceCard } from '../handlers/card';
import { issuePolicyNumber } from '../handlers/insurance';
import type { Reply } from '../respond';
import type { SandboxState } from '../state';
import { seedVehicles } from '../fixtures/vehicles';
import { DEMO_DRIVER_ID } from '../constants';

/**
 * Sandbox-only test hooks of the insurance and card services (under `/__sandbox/`), in the
 * caller's namespace: what the insurer and the card issuer do later, on the tests' command.
 * - `POST insurance/<driverId>/issue-policy`: the policy being processed gets its number.
 * - `POST card/<driverId>/advance`: the card moves to its next stage.
 * - `POST register/<driverId>/taxi`: the driver gets a taxi registered (the demo driver's), the
 *   vehicle the insurer needs before offering a contract.
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
  if (service === 'register' && action === 'taxi') {
    const taxi = seedVehicles()[DEMO_DRIVER_ID];
    if (taxi) state().vehicles[driverId] = { ...taxi };
    return { status: 200, body: state().vehicles[driverId] };
  }
  return undefined;
}
