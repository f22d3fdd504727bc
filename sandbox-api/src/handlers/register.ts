import { account, onboarding, type Driver, type DriverStates, type EulaDocument, type PolicyItem } from '../contracts';
import { termsPath } from '../fixtures/register';
import { ok, validationError, type Reply } from '../respond';
import { route, type SandboxRequest } from '../router';
import type { DriverRecord } from '../state';

/** Register service (newer): no token; errors carry `validations`. */

const DRIVER_NOT_FOUND = 'Motorista não encontrado.';

function toDriver({ states: _states, ...driver }: DriverRecord): Driver {
  return driver;
}

/** Digits only, without the +55 country code, as the drivers are stored. */
function normalizeMobile(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return digits.length === 13 && digits.startsWith('55') ? digits.slice(2) : digits;
}

function driverById({ state, params }: SandboxRequest): DriverRecord | undefined {
  return state.register.drivers.find((driver) => driver.id.toLowerCase() === (params.guid ?? '').toLowerCase());
}

function driverByMobile({ state, params }: SandboxRequest): Reply<{ response: Driver | null }> {
  const mobile = normalizeMobile(params.phone ?? '');
  const driver = state.register.drivers.find((item) => item.mobile === mobile);
  return ok({ response: driver ? toDriver(driver) : null });
}

function driverStates(request: SandboxRequest): Reply<DriverStates> {
  const driver = driverById(request);
  if (!driver) return validationError(404, DRIVER_NOT_FOUND);
  return ok({ states: driver.states.map((driverStateType) => ({ response: { driverStateType } })) });
}

function policies({ state, origin }: SandboxRequest): Reply<PolicyItem[]> {
  return ok(state.register.policies.map((policy) => ({ ...policy, documentUrl: `${origin}${policy.documentUrl}` })));
}

function eulaDocument({ params, origin }: SandboxRequest): Reply<EulaDocument> {
  const type = params.type ?? '';
  if (!/^[0-2]$/.test(type)) return validationError(404, 'Documento não encontrado.', 'type');
  return ok({ documentUrl: `${origin}${termsPath(Number(type))}` });
}

function driver(request: SandboxRequest): Reply<{ response: Driver }> {
  const found = driverById(request);
  if (!found) return validationError(404, DRIVER_NOT_FOUND);
  return ok({ response: toDriver(found) });
}

export const registerRoutes = [
  route(onboarding.register.driverByMobile, driverByMobile),
  route(onboarding.register.driverStates, driverStates),
  route(onboarding.register.policies, policies),
  route(account.register.eulaDocument, eulaDocument),
  route(account.register.driver, driver),
];
