import { typedDateToIso } from '@driver-portal/shared/format';
import type { DriverVehicle, InsuranceRequest, MaritalStatus } from '../../contract';
import { cpfDigits, ownsVehicle, type WizardAnswers } from './wizard';

/**
 * The insurance request of docs/product-rules.md, "Entities", from the wizard's answers (every
 * step done: the terms screen is only shown then). Dates go as ISO `YYYY-MM-DD` and CPFs as
 * digits; the vehicle comes from the register service, its issuing authority as `Dispatching`
 * (docs/product-rules.md, "Gaps the product defines").
 */
export function insuranceRequest(answers: WizardAnswers, driverId: string, deviceId: string, vehicle: DriverVehicle): InsuranceRequest {
  const complement = answers.complement;
  const financial = answers.financial;
  const owner = ownsVehicle(answers) ? answers.ownerFromDriver : answers.ownerInfo;
  return {
    DriverId: driverId,
    DeviceId: deviceId,
    Insured: {
      MaritalStatus: (complement?.maritalStatus ?? '') as MaritalStatus,
      DocumentIssueDate: typedDateToIso(complement?.rgIssueDate) ?? '',
      IsVehicleOwner: ownsVehicle(answers),
      RG: complement?.rg ?? '',
      UfRG: complement?.ufRg ?? '',
    },
    Financial: {
      Bank: financial?.bank ?? '',
      AgencyNumber: financial?.agency ?? '',
      AgencyNumberDigit: financial?.agencyDigit ?? '',
      AccountNumber: financial?.account ?? '',
      AccountNumberDigit: financial?.accountDigit ?? '',
    },
    Vehicle: {
      Plate: vehicle.plate,
      Chassi: vehicle.chassis,
      Fuel: vehicle.fuel,
      UfLicencePlate: vehicle.issuingState,
      Dispatching: vehicle.issuingAuthority,
    },
    VehicleOwner: { Name: owner?.name ?? '', CPF: cpfDigits(owner?.cpf ?? '') },
    AdditionalDrivers: (answers.drivers ?? []).map((driver) => ({
      Name: driver.name,
      BirthDate: typedDateToIso(driver.birthDate) ?? '',
      CPF: cpfDigits(driver.cpf),
    })),
  };
}
