import { randomUUID } from 'node:crypto';
import { isBrazilState, isCpf, isEmail, mobileProblem } from '@driver-portal/shared/validation';
import { onboarding as api, type CodeConfirmation, type LocationBody, type Registration } from '../contracts';
import { ONBOARDING_STATES, SMS_CODE } from '../constants';
import { emptyAccount } from '../fixtures/account';
import { ok, validationError, type Reply } from '../respond';
import { route, type SandboxRequest } from '../router';
import type { DriverRecord, SandboxState } from '../state';
import type { ValidationEntry } from '@driver-portal/shared/contract';

/**
 * The onboarding calls of the register service (no token; errors carry `validations`), with
 * state that moves: the SMS code is sent to a mobile and confirmed (always SMS_CODE), only a
 * confirmed mobile creates an account, and the driver created is then found by mobile, gets a
 * modality (the account handler's PUT), predicates and an address, and a driver state for each
 * step (ONBOARDING_STATES).
 */

export const ONBOARDING_TEXTS = {
  invalidMobile: 'Celular inválido.',
  invalidCode: 'Código inválido.',
  codeNotSent: 'Peça um código para este celular antes de confirmar.',
  mobileNotConfirmed: 'Confirme o celular antes de criar a conta.',
  mobileTaken: 'Esse telefone já está associado à um registro.',
  nameRequired: 'Informe o nome.',
  invalidCpf: 'CPF invalido',
  cpfTaken: 'CPF já cadastrado.',
  invalidEmail: 'Email invalido',
  emailTaken: 'E-mail já cadastrado.',
  invalidPassword: 'Senha deve conter 8 dígitos',
  policiesRequired: 'Aceite todos os termos para continuar.',
  driverNotFound: 'Motorista não encontrado.',
  modalityFirst: 'Escolha a modalidade antes de responder as perguntas.',
  invalidPredicates: 'Responda Sim ou Não às duas perguntas.',
  required: (field: string) => `${field} é obrigatório.`,
  numberTooLong: 'Número deve ter no máximo 6 caracteres.',
  invalidZip: 'CEP invalido',
  invalidState: 'Estado inválido.',
} as const;

const digits = (value: string) => value.replace(/\D/g, '');

/** Digits only, without the +55 country code, as the drivers are stored. */
function nationalMobile(value: string): string {
  const all = digits(value);
  return all.length === 13 && all.startsWith('55') ? all.slice(2) : all;
}

// The portal's own rule (ANATEL's area codes and Resolução 749/2022's mobile ranges, shared
// validation/phone.ts), on the 11 digits the forms send: a mobile the form takes is one the
// simulated service takes.
const isMobile = (value: string) => /^\d{11}$/.test(value) && mobileProblem(value) === undefined;

/** 400 with every failed rule, each naming its field. */
const invalid = (entries: ValidationEntry[]): Reply<never> => ({ status: 400, body: { validations: entries } });

/** Appends a state the driver does not have yet (the flow may be walked again). */
export function advanceState(driver: DriverRecord, type: number): void {
  if (!driver.states.includes(type)) driver.states.push(type);
}

function driverOf(state: SandboxState, guid: string | undefined): DriverRecord | undefined {
  const id = (guid ?? '').toLowerCase();
  return state.register.drivers.find((driver) => driver.id.toLowerCase() === id);
}

const notFound = () => validationError(404, ONBOARDING_TEXTS.driverNotFound);

function requestCode({ state, params }: SandboxRequest): Reply<Record<string, never>> {
  const mobile = nationalMobile(params.phone ?? '');
  if (!isMobile(mobile)) return invalid([{ field: 'mobile', message: ONBOARDING_TEXTS.invalidMobile }]);
  if (!state.register.codesSent.includes(mobile)) state.register.codesSent.push(mobile);
  return ok({});
}

function confirmCode({ state, params }: SandboxRequest): Reply<CodeConfirmation> {
  const mobile = nationalMobile(params.phone ?? '');
  if (!isMobile(mobile)) return invalid([{ field: 'mobile', message: ONBOARDING_TEXTS.invalidMobile }]);
  if (!state.register.codesSent.includes(mobile) && !state.register.verifiedMobiles.includes(mobile)) {
    return invalid([{ field: 'code', message: ONBOARDING_TEXTS.codeNotSent }]);
  }
  if (params.code !== SMS_CODE) return invalid([{ field: 'code', message: ONBOARDING_TEXTS.invalidCode }]);
  state.register.codesSent = state.register.codesSent.filter((item) => item !== mobile);
  if (!state.register.verifiedMobiles.includes(mobile)) state.register.verifiedMobiles.push(mobile);
  return ok({ mobile, verified: true });
}

/** Every rule the registration breaks, in the form's order. */
function registrationProblems(state: SandboxState, body: Registration, mobile: string): ValidationEntry[] {
  const drivers = state.register.drivers;
  const cpf = digits(body.cpf);
  const email = body.email.trim().toLowerCase();
  const problems: ValidationEntry[] = [];
  if (!state.register.verifiedMobiles.includes(mobile)) problems.push({ field: 'mobile', message: ONBOARDING_TEXTS.mobileNotConfirmed });
  else if (drivers.some((driver) => driver.mobile === mobile)) problems.push({ field: 'mobile', message: ONBOARDING_TEXTS.mobileTaken });
  if (body.name.trim() === '') problems.push({ field: 'name', message: ONBOARDING_TEXTS.nameRequired });
  if (!isCpf(cpf)) problems.push({ field: 'cpf', message: ONBOARDING_TEXTS.invalidCpf });
  else if (drivers.some((driver) => driver.cpf === cpf)) problems.push({ field: 'cpf', message: ONBOARDING_TEXTS.cpfTaken });
  if (!isEmail(email)) problems.push({ field: 'email', message: ONBOARDING_TEXTS.invalidEmail });
  else if (drivers.some((driver) => driver.email.toLowerCase() === email)) {
    problems.push({ field: 'email', message: ONBOARDING_TEXTS.emailTaken });
  }
  if (body.password.length !== 8) problems.push({ field: 'password', message: ONBOARDING_TEXTS.invalidPassword });
  const accepted = new Set(body.policies);
  if (!state.register.policies.every((policy) => accepted.has(policy.id))) {
    problems.push({ field: 'policies', message: ONBOARDING_TEXTS.policiesRequired });
  }
  return problems;
}

function createDriver({ state, body }: SandboxRequest): Reply<{ driverId: string }> {
  const registration = body as Registration;
  const mobile = nationalMobile(registration.mobile);
  const problems = registrationProblems(state, registration, mobile);
  if (problems.length > 0) return invalid(problems);
  const id = randomUUID();
  state.register.drivers.push({
    id,
    name: registration.name.trim(),
    email: registration.email.trim().toLowerCase(),
    mobile,
    cpf: digits(registration.cpf),
    states: [ONBOARDING_STATES.accountCreated, ONBOARDING_STATES.mobileConfirmed],
  });
  state.account.drivers[id] = { ...emptyAccount(), password: registration.password };
  // Every driver the sandbox creates has an inbox, empty until a message comes.
  state.communication.inboxes[id] = { categories: [], messages: [] };
  state.register.verifiedMobiles = state.register.verifiedMobiles.filter((item) => item !== mobile);
  return ok({ driverId: id });
}

const PREDICATE_KEYS = ['CONTRIBUINTE_INSS', 'CURSO_CONDUTOR'];
const PREDICATE_VALUES = ['Sim', 'Não'];

function predicates({ state, params }: SandboxRequest): Reply<{ predicates: { key: string; value: string }[] }> {
  const driver = driverOf(state, params.guid);
  if (!driver) return notFound();
  return ok({ predicates: state.register.predicates[driver.id.toLowerCase()]?.[params.modalityType ?? ''] ?? [] });
}

/** Both answers at once, each Sim or Não, for the modality the driver chose. */
function savePredicates({ state, params, body }: SandboxRequest): Reply<Record<string, never>> {
  const driver = driverOf(state, params.guid);
  if (!driver) return notFound();
  const modalities = state.account.drivers[driver.id.toLowerCase()]?.modalities ?? [];
  if (!modalities.some((item) => String(item.modalityType) === params.modalityType)) {
    return invalid([{ field: 'modalityType', message: ONBOARDING_TEXTS.modalityFirst }]);
  }
  const sent = (body as { predicates: { key: string; value: string }[] }).predicates;
  const complete =
    sent.length === PREDICATE_KEYS.length &&
    PREDICATE_KEYS.every((key) => sent.some((item) => item.key === key && PREDICATE_VALUES.includes(item.value)));
  if (!complete) return invalid([{ field: 'predicates', message: ONBOARDING_TEXTS.invalidPredicates }]);
  const byModality = (state.register.predicates[driver.id.toLowerCase()] ??= {});
  byModality[params.modalityType ?? ''] = PREDICATE_KEYS.map((key) => ({ key, value: sent.find((item) => item.key === key)?.value ?? '' }));
  advanceState(driver, ONBOARDING_STATES.predicatesAnswered);
  return ok({});
}

const ADDRESS_REQUIRED: Array<[keyof LocationBody, string]> = [
  ['zipCode', 'CEP'],
  ['address', 'Endereço'],
  ['number', 'Número'],
  ['district', 'Bairro'],
  ['city', 'Cidade'],
];

function saveLocation({ state, params, body }: SandboxRequest): Reply<Record<string, never>> {
  const driver = driverOf(state, params.guid);
  if (!driver) return notFound();
  const sent = body as LocationBody;
  const problems: ValidationEntry[] = ADDRESS_REQUIRED.filter(([field]) => sent[field].trim() === '').map(([field, label]) => ({
    field,
    message: ONBOARDING_TEXTS.required(label),
  }));
  if (sent.zipCode.trim() !== '' && digits(sent.zipCode).length !== 8)
    problems.push({ field: 'zipCode', message: ONBOARDING_TEXTS.invalidZip });
  if (sent.number.trim().length > 6) problems.push({ field: 'number', message: ONBOARDING_TEXTS.numberTooLong });
  if (sent.state !== '' && !isBrazilState(sent.state)) problems.push({ field: 'state', message: ONBOARDING_TEXTS.invalidState });
  if (problems.length > 0) return invalid(problems);
  const account = (state.account.drivers[driver.id.toLowerCase()] ??= emptyAccount());
  account.location = {
    zipCode: sent.zipCode.trim(),
    address: sent.address.trim(),
    number: sent.number.trim(),
    complement: sent.complement.trim() || null,
    district: sent.district.trim(),
    city: sent.city.trim(),
    state: sent.state || null,
  };
  advanceState(driver, ONBOARDING_STATES.addressGiven);
  return ok({});
}

export const onboardingRoutes = [
  route(api.register.requestCode, requestCode),
  route(api.register.confirmCode, confirmCode),
  route(api.register.createDriver, createDriver),
  route(api.register.predicates, predicates),
  route(api.register.savePredicates, savePredicates),
  route(api.register.saveLocation, saveLocation),
];
