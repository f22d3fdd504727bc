import { insurance as api, type InsurancePolicy } from '../contracts';
import { NO_POLICY } from '../fixtures/insurance';
import { ok, validationError, type Reply } from '../respond';
import { route, type SandboxRequest } from '../router';
import type { InsuranceAction } from '../state';

/** Insurance service (base path ours, docs/product-rules.md, "Gaps the product defines"): no token; errors carry `validations`. */

function activePolicy({ state, params }: SandboxRequest): Reply<InsurancePolicy> {
  // A driver the insurer does not know simply has no policy: the offer is shown.
  return ok(state.insurance.policiesByDriver[params.driverId ?? ''] ?? { ...NO_POLICY });
}

function recordRequest(action: InsuranceAction['action']) {
  return ({ state, params, now }: SandboxRequest): Reply<Record<string, never>> => {
    const requestId = params.requestId ?? '';
    const known = Object.values(state.insurance.policiesByDriver).some((policy) => policy.requestId === requestId);
    if (!known) return validationError(404, 'Solicitação de seguro não encontrada.', 'requestId');
    state.insurance.actions.push({ requestId, action, at: now.toISOString() });
    return ok({});
  };
}

export const insuranceRoutes = [
  route(api.insurance.activePolicy, activePolicy),
  route(api.insurance.renew, recordRequest('renew')),
  route(api.insurance.cancel, recordRequest('cancel')),
];
