import { callApi } from '@driver-portal/shared/http';
import { api, type PolicyUpdateItem } from '../../contract';

export const POLICY_TEXTS = {
  none: 'Nenhum termo atualizado no momento',
  accepted: 'Termos Atualizados com Sucesso.',
  noToken: 'Não foi possível abrir os termos. Abra-os novamente pelo aplicativo.',
} as const;

/**
 * GET eula with the bearer token the route carries (docs/product-rules.md, "Calls": the
 * policy-update service may use it instead of the session's). The token goes only to that
 * service's origin, in the Authorization header, never into another address.
 */
export const fetchPendingPolicies = (token: string, signal: AbortSignal): Promise<PolicyUpdateItem[]> =>
  callApi(api.eula.pendingPolicies, { token, signal });

/** POST eula `{ politicas: [Id, ...] }`; a failure is alerted in error style (the server's message) and rejects. */
export const acceptPolicies = (token: string, ids: number[]) =>
  callApi(api.eula.acceptPolicies, { token, body: { politicas: ids }, overlay: true, alertOnError: true });
