import { CARD_STAGES, type CardStatus, type CardStage } from '@driver-portal/mfe-insurance/contract';
import { insurance as api, type CardAddress } from '../contracts';
import { ok, type Reply } from '../respond';
import { route, type SandboxRequest } from '../router';
import type { CardRecord, SandboxState } from '../state';

/**
 * Card service (calls ours, docs/product-rules.md, "Card service (no token)"): no token; errors
 * carry `validations`. A request moves through the four stages only through the sandbox hook
 * `POST /__sandbox/card/<driverId>/advance`.
 */

const NO_CARD: CardStatus = { stage: null, requestedAt: null, address: null };

const statusOf = (record: CardRecord | undefined): CardStatus =>
  record ? { stage: record.stage, requestedAt: record.requestedAt, address: { ...record.address } } : { ...NO_CARD };

function status({ state, params }: SandboxRequest): Reply<CardStatus> {
  return ok(statusOf(state.card.byDriver[params.driverId ?? '']));
}

const REQUIRED: ReadonlyArray<[keyof CardAddress, string]> = [
  ['cep', 'Informe um CEP com 8 dígitos.'],
  ['address', 'Informe o endereço.'],
  ['number', 'Informe o número.'],
  ['neighborhood', 'Informe o bairro.'],
  ['state', 'Informe o estado.'],
  ['city', 'Informe a cidade.'],
];

function request({ state, params, body, now }: SandboxRequest): Reply<CardStatus> {
  const driverId = params.driverId ?? '';
  if (state.card.byDriver[driverId]) {
    return { status: 400, body: { validations: [{ field: 'driverId', message: 'Você já pediu o seu cartão.' }] } };
  }
  const { address } = body as { address: CardAddress };
  const problems = REQUIRED.filter(([field]) => (field === 'cep' ? !/^\d{8}$/.test(address.cep) : address[field].trim() === '')).map(
    ([field, message]) => ({ field, message }),
  );
  if (problems.length > 0) return { status: 400, body: { validations: problems } };
  const record: CardRecord = { stage: 'REQUESTED', requestedAt: now.toISOString(), address: { ...address } };
  state.card.byDriver[driverId] = record;
  return ok(statusOf(record));
}

/** Sandbox-only: the card moves to its next stage (and stays at the last one). */
export function advanceCard(state: SandboxState, driverId: string): Reply<CardStatus> {
  const record = state.card.byDriver[driverId];
  if (!record) return { status: 404, body: { validations: [{ message: 'Nenhum cartão pedido por este motorista.' }] } };
  const next: CardStage | undefined = CARD_STAGES[CARD_STAGES.indexOf(record.stage) + 1];
  if (next) record.stage = next;
  return ok(statusOf(record));
}

export const cardRoutes = [route(api.card.status, status), route(api.card.request, request)];
