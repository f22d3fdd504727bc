import { randomUUID } from 'node:crypto';
import { isCpf } from '@driver-portal/shared/validation';
import { insurance as api, type InsurancePolicy, type InsuranceRequest } from '../contracts';
import { NO_POLICY } from '../fixtures/insurance';
import { ok, type Reply } from '../respond';
import { route, type SandboxRequest } from '../router';
import type { InsuranceAction, SandboxState } from '../state';
import { DAY_MS } from '../time';
import { SIGNED_IN_DRIVER_HEADER } from '../auth';

const INSURANCE_TEXTS = {
  notYourContract: 'Este contrato não é do motorista desta sessão.',
} as const;

/** Insurance service (base path ours, docs/product-rules.md, "Gaps the product defines"): no token; errors carry `validations`. */

const YEAR_MS = 365 * DAY_MS;

function activePolicy({ state, params }: SandboxRequest): Reply<InsurancePolicy> {
  // A driver the insurer does not know simply has no policy: the offer is shown.
  return ok(state.insurance.policiesByDriver[params.driverId ?? ''] ?? { ...NO_POLICY });
}

function policyByRequest(state: SandboxState, requestId: string): InsurancePolicy | undefined {
  return Object.values(state.insurance.policiesByDriver).find((policy) => policy.requestId === requestId);
}

const notFound = (): Reply<never> => ({
  status: 404,
  body: { validations: [{ field: 'requestId', message: 'Solicitação de seguro não encontrada.' }] },
});

/**
 * Renew and cancel change the policy: a renewal extends it a year from its expiration (or from
 * today, once expired); a cancellation ends it, so the home shows the offer again.
 */
function changePolicy(action: InsuranceAction['action']) {
  return ({ state, params, now }: SandboxRequest): Reply<Record<string, never>> => {
    const requestId = params.requestId ?? '';
    const policy = policyByRequest(state, requestId);
    if (!policy) return notFound();
    state.insurance.actions.push({ requestId, action, at: now.toISOString() });
    if (action === 'renew') {
      const expiration = Date.parse(policy.expirationDate ?? '');
      const from = Number.isNaN(expiration) ? now.getTime() : Math.max(expiration, now.getTime());
      policy.expirationDate = new Date(from + YEAR_MS).toISOString();
    } else {
      policy.active = false;
    }
    return ok({});
  };
}

/** What the insurer checks beyond the shape (the screen shows the first message of a 400). */
function contractProblems(state: SandboxState, body: InsuranceRequest): Array<{ field: string; message: string }> {
  const problems: Array<{ field: string; message: string }> = [];
  const { Insured, VehicleOwner, AdditionalDrivers, DriverId } = body;
  if (state.insurance.policiesByDriver[DriverId]?.active) {
    problems.push({ field: 'DriverId', message: 'Já existe um seguro ativo para este motorista.' });
  }
  if (Insured.RG.trim() === '') problems.push({ field: 'Insured.RG', message: 'Informe o RG do segurado.' });
  if (Insured.UfRG.trim() === '') problems.push({ field: 'Insured.UfRG', message: 'Informe o estado emissor do RG.' });
  if (!/^\d{4}-\d{2}-\d{2}$/.test(Insured.DocumentIssueDate)) {
    problems.push({ field: 'Insured.DocumentIssueDate', message: 'Data de emissão do RG inválida.' });
  }
  if (VehicleOwner.Name.trim() === '' || !isCpf(VehicleOwner.CPF)) {
    problems.push({ field: 'VehicleOwner', message: 'Informe o nome e um CPF válido do proprietário do veículo.' });
  }
  if (AdditionalDrivers.length > 3) problems.push({ field: 'AdditionalDrivers', message: 'No máximo 3 condutores adicionais.' });
  const cpfs = AdditionalDrivers.map((driver) => driver.CPF);
  if (AdditionalDrivers.some((driver) => !isCpf(driver.CPF))) {
    problems.push({ field: 'AdditionalDrivers', message: 'CPF de condutor adicional inválido.' });
  }
  if (new Set(cpfs).size !== cpfs.length) problems.push({ field: 'AdditionalDrivers', message: 'cpf repetido' });
  return problems;
}

/**
 * A contract: refused (403) when the portal's proxy vouches for another driver than the body's
 * `DriverId`; otherwise the driver's policy becomes active at once, without a number ("being processed"),
 * valid for a year; `POST /__sandbox/insurance/<driverId>/issue-policy` gives it its number.
 */
function contract({ state, body, now, headers }: SandboxRequest): Reply<{ requestId: string }> {
  const request = body as InsuranceRequest;
  // The driver the portal's proxy vouches for (the token's): a contract naming another is refused.
  const signedIn = headers[SIGNED_IN_DRIVER_HEADER.toLowerCase()];
  if (typeof signedIn === 'string' && signedIn !== '' && signedIn.toLowerCase() !== request.DriverId.toLowerCase()) {
    return { status: 403, body: { validations: [{ field: 'DriverId', message: INSURANCE_TEXTS.notYourContract }] } };
  }
  const problems = contractProblems(state, request);
  if (problems.length > 0) return { status: 400, body: { validations: problems } };
  const requestId = randomUUID();
  state.insurance.requests.push({ requestId, at: now.toISOString(), body: request });
  state.insurance.policiesByDriver[request.DriverId] = {
    active: true,
    policyNumber: null,
    expirationDate: new Date(now.getTime() + YEAR_MS).toISOString(),
    bestPaymentDay: 10,
    requestId,
  };
  return ok({ requestId });
}

/** Sandbox-only: the insurer issues the policy number of a driver's policy being processed. */
export function issuePolicyNumber(state: SandboxState, driverId: string): Reply<InsurancePolicy> {
  const policy = state.insurance.policiesByDriver[driverId];
  if (!policy?.active) return { status: 404, body: { validations: [{ message: 'Nenhum seguro ativo para este motorista.' }] } };
  if (policy.policyNumber === null) {
    const sequence = String(1000 + state.insurance.requests.length).padStart(4, '0');
    policy.policyNumber = `1180-${sequence}-${driverId.replace(/\W/g, '').slice(-4).toUpperCase()}`;
  }
  return ok(policy);
}

export const insuranceRoutes = [
  route(api.insurance.activePolicy, activePolicy),
  route(api.insurance.renew, changePolicy('renew')),
  route(api.insurance.cancel, changePolicy('cancel')),
  route(api.insurance.contract, contract),
];
