import { account as api, type PolicyUpdateItem } from '../contracts';
import { bearerToken } from '../auth';
import { EULA_UP_TO_DATE_TOKEN } from '../constants';
import { legacyError, ok, type Reply } from '../respond';
import { route, type SandboxRequest } from '../router';

/** EULA service: any bearer token (checked before this runs); one token has nothing pending. */
function pendingPolicies({ state, headers, origin }: SandboxRequest): Reply<PolicyUpdateItem[]> {
  if (bearerToken(headers) === EULA_UP_TO_DATE_TOKEN) return ok([]);
  return ok(state.eula.pending.map((item) => ({ ...item, UrlDocumento: `${origin}${item.UrlDocumento}` })));
}

/**
 * Accepting: every listed id must be pending; they leave the pending list (so the next GET
 * answers without them) and are recorded. The up-to-date token has nothing to accept.
 */
function acceptPolicies({ state, body }: SandboxRequest): Reply<Record<string, never>> {
  const { politicas } = body as { politicas: number[] };
  const unknown = politicas.filter((id) => !state.eula.pending.some((item) => item.Id === id));
  if (politicas.length === 0 || unknown.length > 0) {
    return legacyError(400, `Termos inválidos: ${unknown.join(', ') || 'nenhum termo informado'}.`);
  }
  state.eula.pending = state.eula.pending.filter((item) => !politicas.includes(item.Id));
  state.account.acceptedPolicies.push(...politicas);
  return ok({});
}

export const eulaRoutes = [route(api.eula.pendingPolicies, pendingPolicies), route(api.eula.acceptPolicies, acceptPolicies)];
