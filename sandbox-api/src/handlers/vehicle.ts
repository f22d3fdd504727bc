import { insurance, type DriverVehicle } from '../contracts';
import { ok, validationError, type Reply } from '../respond';
import { route, type SandboxRequest } from '../router';

/** Register service: the vehicle of a driver's modality (`response.vehicle`); no token. */
function vehicle({ state, params }: SandboxRequest): Reply<{ response: { vehicle: DriverVehicle } }> {
  const found = state.vehicles[params.id ?? '']?.[params.m ?? ''];
  if (!found) return validationError(404, 'Veículo não encontrado.');
  return ok({ response: { vehicle: { ...found } } });
}

export const vehicleRoutes = [route(insurance.register.vehicle, vehicle)];
