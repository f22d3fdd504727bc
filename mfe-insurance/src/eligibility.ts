import { ApiError, callApi } from '@driver-portal/shared/http';
import { driverValue } from '@driver-portal/shared/session';
import { api } from './contract';

/**
 * The taxi modality: the insurance is offered to taxi drivers, so the vehicle insured is the one
 * registered for modality 0 (docs/product-rules.md, "Gaps the product defines").
 */
export const TAXI_MODALITY = 0;

/**
 * Who may contract (docs/product-rules.md, "Insurance and card"): the insurer needs the taxi
 * (the vehicle of modality 0) and the driver's registration (the owner's name and CPF when the
 * driver owns it), and takes one active policy per driver. Checked before the wizard starts, so
 * nobody fills six steps to be refused at the last tap.
 */
export type Eligibility =
  { status: 'eligible'; plate: string } | { status: 'has-policy' } | { status: 'no-vehicle' } | { status: 'no-driver' };

export const ELIGIBILITY_TEXTS = {
  noVehicleTitle: 'Cadastre o seu táxi para contratar',
  noVehicle:
    'O seguro auto é oferecido aos motoristas de táxi e cobre o táxi cadastrado na sua conta. Você ainda não tem um táxi cadastrado: cadastre o seu táxi e volte aqui para contratar.',
  noDriver: 'Não encontramos o seu cadastro para contratar o seguro. Fale com o suporte.',
} as const;

/** A 404 of the register service: nothing registered (no taxi, no driver). */
const missing = (error: unknown) => error instanceof ApiError && error.kind === 'not-found';

/** Any failure other than "not registered" rejects: the screen shows it with a retry. */
export async function checkEligibility(driverId: string, signal: AbortSignal, knownPolicy?: { active: boolean }): Promise<Eligibility> {
  const policy = knownPolicy ?? (await callApi(api.insurance.activePolicy, { params: { driverId }, signal }));
  if (policy.active) return { status: 'has-policy' };
  let plate: string;
  try {
    const { response } = await callApi(api.register.vehicle, { params: { id: driverId, m: TAXI_MODALITY }, signal });
    plate = response.vehicle.plate;
  } catch (error) {
    if (missing(error)) return { status: 'no-vehicle' };
    throw error;
  }
  try {
    await callApi(api.register.driver, { params: { guid: driverId }, signal });
  } catch (error) {
    if (missing(error)) return { status: 'no-driver' };
    throw error;
  }
  return { status: 'eligible', plate };
}

/**
 * The check passed for this driver in this session: the wizard's first step, opened straight
 * from the native app's deep link without the disclaimer, checks only when it is not set.
 * Cleared with the wizard (a contract made, a new one started from the offer).
 */
export const eligibilityChecked = driverValue('insuranceEligible');
