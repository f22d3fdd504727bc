import type { LicenceBody } from '@driver-portal/mfe-onboarding/contract';
import { DEMO_DRIVER_ID } from './constants';

/** The licence data (src/handlers/licence-vehicle.ts), per driver id (lower case). The documents live in src/documents-state.ts. */
export interface LicenceVehicleState {
  licences: Record<string, LicenceBody>;
}

/**
 * The demo driver, sent for analysis, filled its licence data (its taxi is in fixtures/vehicles.ts),
 * so resending a rejected document on `npm start` sends the review again.
 */
export function seedLicenceVehicle(): LicenceVehicleState {
  return {
    licences: {
      [DEMO_DRIVER_ID.toLowerCase()]: {
        DocumentNumber: '287654321',
        DocumentIssuingState: 'SP',
        DocumentIssuingAuthority: 'SSP',
        BirthDate: '1985-03-12',
        MotherName: 'Aparecida dos Santos',
        FatherName: 'Não consta',
        RegisterNumber: '04512345621',
        ExpirationDate: '2031-08-20',
        FirstLicenseDate: '2005-06-01',
        Remark: 'EAR',
        Category: 'B',
        EmissionCity: 'São Paulo',
        EmissionState: 'SP',
        EmissionDate: '2021-08-20',
        RenachNumber: 'SP987654321',
        SecurityNumber: '98765432109',
        MirrorNumber: '1234567890',
      },
    },
  };
}
