import { account as api, type PolicyUpdateItem } from '../contracts';
import { bearerToken } from '../auth';
import { EULA_UP_TO_DATE_TOKEN } from '../constants';
import { ok, type Reply } from '../respond';
import { route, type SandboxRequest } from '../router';

/** EULA service: any bearer token (checked before this runs); one token has nothing pending. */
function pendingPolicies({ state, headers, origin }: SandboxRequest): Reply<PolicyUpdateItem[]> {
  if (bearerToken(headers) === EULA_UP_TO_DATE_TOKEN) return ok([]);
  return ok(state.eula.pending.map((item) => ({ ...item, UrlDocumento: `${origin}${item.UrlDocumento}` })));
}

export const eulaRoutes = [route(api.eula.pendingPolicies, pendingPolicies)];
