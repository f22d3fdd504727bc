import type { LicenceBody } from '@driver-portal/mfe-onboarding/contract';

/** The licence data (src/handlers/licence-vehicle.ts), per driver id (lower case). The documents live in src/documents-state.ts. */
export interface LicenceVehicleState {
  licences: Record<string, LicenceBody>;
}

export function seedLicenceVehicle(): LicenceVehicleState {
  return { licences: {} };
}
