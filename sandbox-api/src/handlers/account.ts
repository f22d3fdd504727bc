import {
  account as api,
  type Bank,
  type BankAccount,
  type ForgotPasswordLookup,
  type Location,
  type Modality,
  type Predicate,
} from '../contracts';
import { mobileProblem } from '@driver-portal/shared/validation';
import { ONBOARDING_STATES, SMS_CODE } from '../constants';
import { DRIVER_PREDICATE_KEYS, emptyAccount, VEHICLE_PREDICATE_KEYS } from '../fixtures/account';
import { ok, validationError, type Reply } from '../respond';
import { route, type SandboxRequest } from '../router';
import type { DriverAccountRecord, DriverRecord } from '../state';
import { advanceState } from './onboarding';

/**
 * The account calls of the register service (no token; errors carry `validations`): what my
 * account reads, the e-mail, mobile and password changes by SMS code, bank data, modality and
 * delivery enrolment, vehicle and language attributes. State moves: a changed e-mail or mobile
 * is what the driver call answers next, a saved bank account is read back, attributes persist.
 */

export const ACCOUNT_TEXTS = {
  driverNotFound: 'Motorista não encontrado.',
  vehicleNotFound: 'Veículo não encontrado.',
  invalidEmail: 'E-mail inválido.',
  invalidMobile: 'Celular inválido.',
  mobileNotRegistered: 'O celular informado não é o do cadastro.',
  invalidCode: 'Código inválido.',
  codeNotSent: 'Peça um código para este valor antes de confirmar.',
  invalidPassword: 'Senha deve conter 8 dígitos',
  invalidLookup: 'Informe um celular e um CPF válidos.',
  unknownBank: 'Banco inválido.',
  invalidNumber: (field: string) => `${field} deve ter apenas números, até 9999999999.`,
  invalidModality: 'Modalidade inválida.',
  invalidPredicate: (key: string) => `Atributo inválido: ${key}.`,
} as const;

const digits = (value: string) => value.replace(/\D/g, '');
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/** Digits only, without the +55 country code, as the drivers are stored. */
function nationalMobile(value: string): string {
  const all = digits(value);
  return all.length === 13 && all.startsWith('55') ? all.slice(2) : all;
}

// The portal's own rule (ANATEL's area codes and Resolução 749/2022's mobile ranges, shared
// validation/phone.ts), on the 11 digits the forms send: a mobile the form takes is one the
// simulated service takes.
const isMobile = (value: string) => /^\d{11}$/.test(value) && mobileProblem(value) === undefined;

function driverOf({ state, params }: SandboxRequest): DriverRecord | undefined {
  const id = (params.guid ?? '').toLowerCase();
  return state.register.drivers.find((driver) => driver.id.toLowerCase() === id);
}

/** The driver and the account record of the request's `guid`; a known driver always has one. */
function accountOf(request: SandboxRequest): { driver: DriverRecord; account: DriverAccountRecord } | undefined {
  const driver = driverOf(request);
  if (!driver) return undefined;
  const key = driver.id.toLowerCase();
  const accounts = request.state.account.drivers;
  accounts[key] ??= emptyAccount();
  return { driver, account: accounts[key] };
}

const notFound = () => validationError(404, ACCOUNT_TEXTS.driverNotFound);

/** Runs `handle` with the request's driver and account, or answers 404. */
function withAccount<T>(
  handle: (found: { driver: DriverRecord; account: DriverAccountRecord }, request: SandboxRequest) => Reply<T>,
): (request: SandboxRequest) => Reply<T> {
  return (request) => {
    const found = accountOf(request);
    return found ? handle(found, request) : notFound();
  };
}

/** The body as an object (the declaration's schema already checked it). */
const bodyOf = <T>(request: SandboxRequest) => request.body as T;

const location = withAccount(({ account }): Reply<{ response: Location | null }> => ok({ response: account.location }));

const modalities = withAccount(({ account }): Reply<{ modalities: { response: Modality }[] }> =>
  ok({ modalities: account.modalities.map((response) => ({ response })) }),
);

/** The code is always SMS_CODE, and must confirm the value it was sent for. */
function checkCode(
  account: DriverAccountRecord,
  kind: 'email' | 'mobile' | 'password',
  value: string,
  code: string,
): Reply<never> | undefined {
  if (code !== SMS_CODE) return validationError(400, ACCOUNT_TEXTS.invalidCode, 'validationCode');
  if (account.codesSentTo[kind] !== value) return validationError(400, ACCOUNT_TEXTS.codeNotSent);
  return undefined;
}

const sendEmailCode = withAccount(({ account }, { params }) => {
  const email = (params.email ?? '').trim().toLowerCase();
  if (!EMAIL.test(email)) return validationError(400, ACCOUNT_TEXTS.invalidEmail, 'email');
  account.codesSentTo.email = email;
  return ok({});
});

const changeEmail = withAccount(({ driver, account }, request) => {
  const { newEmailAddress, validationCode } = bodyOf<{ newEmailAddress: string; validationCode: string }>(request);
  const email = newEmailAddress.trim().toLowerCase();
  const refused = checkCode(account, 'email', email, validationCode);
  if (refused) return refused;
  driver.email = email;
  delete account.codesSentTo.email;
  return ok({});
});

const sendMobileCode = withAccount(({ account }, { params }) => {
  const mobile = nationalMobile(params.mobile ?? '');
  if (!isMobile(mobile)) return validationError(400, ACCOUNT_TEXTS.invalidMobile, 'mobile');
  account.codesSentTo.mobile = mobile;
  return ok({});
});

const changeMobile = withAccount(({ driver, account }, request) => {
  const { newMobilePhoneNumber, verificationCode } = bodyOf<{ newMobilePhoneNumber: string; verificationCode: string }>(request);
  const mobile = nationalMobile(newMobilePhoneNumber);
  const refused = checkCode(account, 'mobile', mobile, verificationCode);
  if (refused) return refused;
  driver.mobile = mobile;
  delete account.codesSentTo.mobile;
  return ok({});
});

/** The password code goes only to the mobile of the driver's own record. */
const sendPasswordCode = withAccount(({ driver, account }, { params }) => {
  const mobile = nationalMobile(params.mobile ?? '');
  if (!isMobile(mobile)) return validationError(400, ACCOUNT_TEXTS.invalidMobile, 'mobile');
  if (mobile !== driver.mobile) return validationError(400, ACCOUNT_TEXTS.mobileNotRegistered, 'mobile');
  account.codesSentTo.password = 'sent';
  return ok({});
});

const changePassword = withAccount(({ account }, request) => {
  const { newPassword, verificationCode } = bodyOf<{ newPassword: string; verificationCode: string }>(request);
  const refused = checkCode(account, 'password', 'sent', verificationCode);
  if (refused) return refused;
  if (newPassword.length !== 8) return validationError(400, ACCOUNT_TEXTS.invalidPassword, 'newPassword');
  account.password = newPassword;
  delete account.codesSentTo.password;
  return ok({});
});

/**
 * The driver of a mobile, with the CPF on record (the screen compares the typed one). A mobile
 * no driver has is a driver of the legacy system only: no id, so the screen uses the legacy
 * reminder.
 */
function forgotPassword({ state, params }: SandboxRequest): Reply<ForgotPasswordLookup> {
  const mobile = nationalMobile(params.mobile ?? '');
  const cpf = digits(params.cpf ?? '');
  if (!isMobile(mobile) || cpf.length !== 11) return validationError(400, ACCOUNT_TEXTS.invalidLookup);
  const driver = state.register.drivers.find((item) => item.mobile === mobile);
  return ok(driver ? { id: driver.id, driver: { cpf: driver.cpf } } : { id: null, driver: null });
}

const bankAccount = withAccount(({ account }): Reply<{ bankAccount: BankAccount | null }> => ok({ bankAccount: account.bankAccount }));

const MAX_NUMBER = 9_999_999_999;
const numeric = (value: string) => /^\d{1,10}$/.test(value) && Number(value) <= MAX_NUMBER;

const saveBankAccount = withAccount(({ account }, request) => {
  const body = bodyOf<BankAccount>(request);
  if (!request.state.account.banks.some((bank) => bank.BankNumber === body.bankNumber)) {
    return validationError(400, ACCOUNT_TEXTS.unknownBank, 'bankNumber');
  }
  const checks: [keyof BankAccount, string, boolean][] = [
    ['agencyNumber', 'Agência', numeric(body.agencyNumber)],
    ['agencyNumberDigit', 'Dígito da agência', body.agencyNumberDigit === '' || numeric(body.agencyNumberDigit)],
    ['accountNumber', 'Conta', numeric(body.accountNumber)],
    ['accountNumberDigit', 'Dígito da conta', numeric(body.accountNumberDigit)],
  ];
  const wrong = checks.find(([, , valid]) => !valid);
  if (wrong) return validationError(400, ACCOUNT_TEXTS.invalidNumber(wrong[1]), wrong[0]);
  account.bankAccount = { ...body };
  return ok({});
});

function banks({ state }: SandboxRequest): Reply<Bank[]> {
  return ok(state.account.banks);
}

/**
 * 2 enrols in delivery (a flag beside the driver's modality, pending until processed); 0 or 1
 * changes the driver's modality, which goes back to analysis ("Em análise") with the same vehicle.
 */
const setModality = withAccount(({ driver, account }, { params }) => {
  const type = Number(params.modalityType);
  if (![0, 1, 2].includes(type) || !/^\d$/.test(params.modalityType ?? '')) {
    return validationError(400, ACCOUNT_TEXTS.invalidModality, 'modalityType');
  }
  if (type === 2) {
    if (!account.modalities.some((item) => item.modalityType === 2))
      account.modalities.push({ modalityType: 2, active: false, vehicle: null });
    return ok({});
  }
  const current = account.modalities.find((item) => item.modalityType !== 2);
  advanceState(driver, ONBOARDING_STATES.modalityChosen);
  if (!current) account.modalities.unshift({ modalityType: type, active: false, vehicle: null });
  else if (current.modalityType !== type) Object.assign(current, { modalityType: type, active: false });
  return ok({});
});

/** Every key of the list, its saved value or `no` (in the list's own case). */
function withEveryKey(keys: readonly string[], saved: Predicate[], no: string): Predicate[] {
  return keys.map((key) => saved.find((item) => item.key === key) ?? { key, value: no });
}

/** Saves the predicates sent (one or more), merged by key over the ones saved. */
function mergePredicates(
  keys: readonly string[],
  values: readonly string[],
  saved: Predicate[],
  sent: Predicate[],
): Reply<never> | Predicate[] {
  const wrong = sent.find((item) => !keys.includes(item.key) || !values.includes(item.value));
  if (wrong) return validationError(400, ACCOUNT_TEXTS.invalidPredicate(`${wrong.key}=${wrong.value}`), 'predicates');
  const merged = withEveryKey(keys, saved, values[1] ?? '');
  for (const item of sent) {
    const index = merged.findIndex((entry) => entry.key === item.key);
    merged[index] = { key: item.key, value: item.value };
  }
  return merged;
}

/** The driver's vehicle of that modality and id. */
function vehicleOf(account: DriverAccountRecord, { params }: SandboxRequest): string | undefined {
  const vehicle = account.modalities.find(
    (item) => String(item.modalityType) === params.modalityId && item.vehicle?.id.toLowerCase() === (params.vehicleId ?? '').toLowerCase(),
  )?.vehicle;
  return vehicle?.id;
}

const VEHICLE_VALUES = ['Yes', 'No'] as const;
const DRIVER_VALUES = ['yes', 'no'] as const;

const vehiclePredicates = withAccount(({ account }, request) => {
  const id = vehicleOf(account, request);
  if (!id) return validationError(404, ACCOUNT_TEXTS.vehicleNotFound);
  return ok({ predicates: withEveryKey(VEHICLE_PREDICATE_KEYS, account.vehiclePredicates[id] ?? [], 'No') });
});

const saveVehiclePredicates = withAccount(({ account }, request) => {
  const id = vehicleOf(account, request);
  if (!id) return validationError(404, ACCOUNT_TEXTS.vehicleNotFound);
  const { predicates } = bodyOf<{ predicates: Predicate[] }>(request);
  const merged = mergePredicates(VEHICLE_PREDICATE_KEYS, VEHICLE_VALUES, account.vehiclePredicates[id] ?? [], predicates);
  if (!Array.isArray(merged)) return merged;
  account.vehiclePredicates[id] = merged;
  return ok({});
});

const driverPredicates = withAccount(({ account }) =>
  ok({ predicates: withEveryKey(DRIVER_PREDICATE_KEYS, account.driverPredicates, 'no') }),
);

const saveDriverPredicates = withAccount(({ account }, request) => {
  const { predicates } = bodyOf<{ predicates: Predicate[] }>(request);
  const merged = mergePredicates(DRIVER_PREDICATE_KEYS, DRIVER_VALUES, account.driverPredicates, predicates);
  if (!Array.isArray(merged)) return merged;
  account.driverPredicates = merged;
  return ok({});
});

export const accountRoutes = [
  route(api.register.location, location),
  route(api.register.modalities, modalities),
  // GET api/1.0/driver/{id}/documents is served by handlers/documents.ts (uploads and the seed's photo).
  route(api.register.sendEmailCode, sendEmailCode),
  route(api.register.changeEmail, changeEmail),
  route(api.register.sendMobileCode, sendMobileCode),
  route(api.register.changeMobile, changeMobile),
  route(api.register.sendPasswordCode, sendPasswordCode),
  route(api.register.changePassword, changePassword),
  route(api.register.forgotPassword, forgotPassword),
  route(api.register.bankAccount, bankAccount),
  route(api.register.saveBankAccount, saveBankAccount),
  route(api.register.banks, banks),
  route(api.register.setModality, setModality),
  route(api.register.vehiclePredicates, vehiclePredicates),
  route(api.register.saveVehiclePredicates, saveVehiclePredicates),
  route(api.register.driverPredicates, driverPredicates),
  route(api.register.saveDriverPredicates, saveDriverPredicates),
];
