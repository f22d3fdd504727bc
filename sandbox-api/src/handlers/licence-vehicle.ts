import type { ValidationEntry } from '@driver-portal/shared/contract';
import { chassisProblem, cnhRegisterProblem, isBrazilState, isCnpj, isCpf, renavamProblem } from '@driver-portal/shared/validation';
import { onboarding as api } from '../contracts';
import type { LicenceBody, VehicleBody } from '@driver-portal/mfe-onboarding/contract';
import { CAR_BRANDS } from '../fixtures/vehicle-info';
import type { UploadedDocument } from '../documents-state';
import { ok, validationError, type Reply } from '../respond';
import { route, type SandboxRequest } from '../router';
import type { DriverRecord, SandboxState } from '../state';

/*
 * The licence (CNH) and vehicle (CRLV) data and the document review of the register service
 * (no token; errors carry `validations`). The licence and vehicle are kept per driver and read
 * back; the documents move through `POST /__sandbox/onboarding/documents/...`
 * (src/hooks/documents-review.ts) and send-queue-workflow.
 */

export const LICENCE_VEHICLE_TEXTS = {
  driverNotFound: 'Motorista não encontrado.',
  required: (field: string) => `${field} é obrigatório.`,
  invalidDate: (field: string) => `${field}: data inválida.`,
  invalidState: (field: string) => `${field}: estado inválido.`,
  invalidYear: (field: string) => `${field}: ano inválido.`,
  invalidPlate: 'Placa inválida.',
  invalidRenavam: 'RENAVAM inválido.',
  invalidRegisterNumber: 'Número de registro da CNH inválido.',
  invalidChassis: 'Chassi inválido.',
  unknownBrand: 'Marca desconhecida.',
  unknownModel: 'Modelo desconhecido para esta marca.',
  unknownModality: 'Modalidade inválida.',
  invalidOwnerDocument: 'CPF ou CNPJ do proprietário inválido.',
  noWorkflow: 'O motorista não tem modalidade escolhida.',
  brandNotFound: 'Marca não encontrada.',
} as const;

const invalid = (entries: ValidationEntry[]): Reply<never> => ({ status: 400, body: { validations: entries } });

function driverOf(state: SandboxState, id: string | undefined): DriverRecord | undefined {
  const wanted = (id ?? '').toLowerCase();
  return state.register.drivers.find((driver) => driver.id.toLowerCase() === wanted);
}

const notFound = () => validationError(404, LICENCE_VEHICLE_TEXTS.driverNotFound);

/** `YYYY-MM-DD` naming a real day. */
function isIsoDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/** Every text field filled, dates real, states UF codes: each broken rule names its field. */
function problemsOf<T extends object>(
  body: T,
  labels: Partial<Record<keyof T & string, string>>,
  dates: ReadonlyArray<keyof T & string>,
  states: ReadonlyArray<keyof T & string>,
): ValidationEntry[] {
  const problems: ValidationEntry[] = [];
  for (const [field, label = field] of Object.entries(labels) as Array<[keyof T & string, string | undefined]>) {
    const value = body[field];
    if (typeof value === 'string' && value.trim() === '') problems.push({ field, message: LICENCE_VEHICLE_TEXTS.required(label) });
    else if (typeof value === 'string' && dates.includes(field) && !isIsoDate(value))
      problems.push({ field, message: LICENCE_VEHICLE_TEXTS.invalidDate(label) });
    else if (typeof value === 'string' && states.includes(field) && !isBrazilState(value))
      problems.push({ field, message: LICENCE_VEHICLE_TEXTS.invalidState(label) });
  }
  return problems;
}

const LICENCE_LABELS: Record<keyof LicenceBody, string> = {
  DocumentNumber: 'Documento de identidade',
  DocumentIssuingState: 'UF do documento',
  DocumentIssuingAuthority: 'Órgão emissor',
  BirthDate: 'Data de nascimento',
  MotherName: 'Nome da mãe',
  FatherName: 'Nome do pai',
  RegisterNumber: 'Número de registro',
  ExpirationDate: 'Validade',
  FirstLicenseDate: 'Data da 1ª habilitação',
  Remark: 'Observações',
  Category: 'Categoria',
  EmissionCity: 'Cidade de emissão',
  EmissionState: 'UF de emissão',
  EmissionDate: 'Data de emissão',
  RenachNumber: 'RENACH',
  SecurityNumber: 'Número de segurança',
  MirrorNumber: 'Número do espelho',
};

function saveLicense({ state, params, body }: SandboxRequest): Reply<Record<string, never>> {
  const driver = driverOf(state, params.id);
  if (!driver) return notFound();
  const licence = body as LicenceBody;
  const problems = problemsOf(
    licence,
    LICENCE_LABELS,
    ['BirthDate', 'ExpirationDate', 'FirstLicenseDate', 'EmissionDate'],
    ['DocumentIssuingState', 'EmissionState'],
  );
  if (!problems.some((problem) => problem.field === 'RegisterNumber') && !isCnhRegister(licence.RegisterNumber)) {
    problems.push({ field: 'RegisterNumber', message: LICENCE_VEHICLE_TEXTS.invalidRegisterNumber });
  }
  if (problems.length > 0) return invalid(problems);
  state.licenceVehicle.licences[driver.id.toLowerCase()] = { ...licence };
  return ok({});
}

/** The read-back the documents show: a few fields of the licence, with the driver's name and CPF. */
function license({ state, params }: SandboxRequest) {
  const driver = driverOf(state, params.id);
  if (!driver) return notFound();
  const saved = state.licenceVehicle.licences[driver.id.toLowerCase()];
  return ok({
    driverLicense: saved
      ? {
          emissionDate: saved.EmissionDate,
          documentNumber: saved.DocumentNumber,
          emissionState: saved.EmissionState,
          name: driver.name,
          cpf: driver.cpf,
        }
      : null,
  });
}

const VEHICLE_LABELS: Partial<Record<keyof VehicleBody, string>> = {
  Renavam: 'RENAVAM',
  Chassis: 'Chassi',
  Plate: 'Placa',
  Type: 'Tipo',
  Fuel: 'Combustível',
  Color: 'Cor',
  Remark: 'Observações',
  EmissionCity: 'Cidade de emissão',
  EmissionDate: 'Data de emissão',
  IssuingState: 'UF',
  CrlvNumber: 'Número do CRLV',
  OwnerName: 'Nome do proprietário',
  OwnerDocument: 'CPF ou CNPJ do proprietário',
};

/** The old and the Mercosul plate, as the portal sends it (upper case, no hyphen). */
const PLATE = /^[A-Z]{3}\d[A-Z0-9]\d{2}$/;

/*
 * The numbers the provider's register service checks as their issuers define them (issue 44),
 * as the portal sends them: digits only, no separators (the shared rules accept a pasted "." or
 * "-"; a service does not).
 */
/** RENAVAM: 11 digits (or the old 9) whose last is the modulo-11 check digit. */
const isRenavam = (value: string) => /^(\d{9}|\d{11})$/.test(value) && renavamProblem(value) === null;
/** The CNH's Nº de registro: 11 digits with DENATRAN's two check digits. */
const isCnhRegister = (value: unknown) => typeof value === 'string' && /^\d{11}$/.test(value) && cnhRegisterProblem(value) === null;
/** The chassis (VIN): 17 letters and digits, no I, O or Q (no North-American check digit). */
const isChassis = (value: string) => /^[A-Z0-9]{17}$/.test(value) && chassisProblem(value) === null;

function vehicleProblems(vehicle: VehicleBody, now: Date): ValidationEntry[] {
  const problems = problemsOf(vehicle, VEHICLE_LABELS, ['EmissionDate'], ['IssuingState']);
  const has = (field: string) => problems.some((problem) => problem.field === field);
  if (vehicle.ModalityType !== 0 && vehicle.ModalityType !== 1) {
    problems.push({ field: 'ModalityType', message: LICENCE_VEHICLE_TEXTS.unknownModality });
  }
  if (!has('Plate') && !PLATE.test(vehicle.Plate)) problems.push({ field: 'Plate', message: LICENCE_VEHICLE_TEXTS.invalidPlate });
  if (!has('Renavam') && !isRenavam(vehicle.Renavam)) problems.push({ field: 'Renavam', message: LICENCE_VEHICLE_TEXTS.invalidRenavam });
  if (!has('Chassis') && !isChassis(vehicle.Chassis)) problems.push({ field: 'Chassis', message: LICENCE_VEHICLE_TEXTS.invalidChassis });
  const thisYear = now.getUTCFullYear();
  const years: Array<[keyof VehicleBody, string]> = [
    ['CurrentYear', 'Ano de exercício'],
    ['ManufactureYear', 'Ano de fabricação'],
    ['ModelYear', 'Ano do modelo'],
  ];
  for (const [field, label] of years) {
    const year = vehicle[field];
    if (typeof year !== 'number' || !Number.isInteger(year) || year < 1950 || year > thisYear + 1) {
      problems.push({ field, message: LICENCE_VEHICLE_TEXTS.invalidYear(label) });
    }
  }
  const brand = CAR_BRANDS.find((item) => item.id === vehicle.Brand);
  if (!brand) problems.push({ field: 'Brand', message: LICENCE_VEHICLE_TEXTS.unknownBrand });
  else if (!brand.models.some((item) => item.id === vehicle.Model))
    problems.push({ field: 'Model', message: LICENCE_VEHICLE_TEXTS.unknownModel });
  if (!has('OwnerDocument') && !isCpf(vehicle.OwnerDocument) && !isCnpj(vehicle.OwnerDocument)) {
    problems.push({ field: 'OwnerDocument', message: LICENCE_VEHICLE_TEXTS.invalidOwnerDocument });
  }
  return problems;
}

/** Keeps the vehicle as the modality's (read back by `GET .../modality/<m>/vehicle`). */
function saveVehicle({ state, params, body, now }: SandboxRequest): Reply<Record<string, never>> {
  const driver = driverOf(state, params.id);
  if (!driver) return notFound();
  const vehicle = body as VehicleBody;
  const problems = vehicleProblems(vehicle, now);
  if (problems.length > 0) return invalid(problems);
  const byModality = (state.vehicles[driver.id] ??= {});
  const kept = {
    plate: vehicle.Plate,
    chassis: vehicle.Chassis.trim(),
    fuel: vehicle.Fuel,
    issuingState: vehicle.IssuingState,
    issuingAuthority: `DETRAN-${vehicle.IssuingState}`,
    renavam: vehicle.Renavam,
    brandId: vehicle.Brand,
    modelId: vehicle.Model,
    manufactureYear: vehicle.ManufactureYear,
    modelYear: vehicle.ModelYear,
    color: vehicle.Color.trim(),
  };
  byModality[String(vehicle.ModalityType)] = kept;
  return ok({});
}

const carBrands = () => ok(CAR_BRANDS.map(({ id, name }) => ({ id, name })));

function carModels({ params }: SandboxRequest) {
  const brand = CAR_BRANDS.find((item) => String(item.id) === params.brandId);
  if (!brand) return validationError(404, LICENCE_VEHICLE_TEXTS.brandNotFound);
  return ok({ carModels: brand.models.map((item) => ({ ...item })) });
}

/** The driving modality the driver chose (0 or 1). */
function workflowModality(state: SandboxState, driver: DriverRecord): number | undefined {
  const modalities = state.account.drivers[driver.id.toLowerCase()]?.modalities ?? state.account.drivers[driver.id]?.modalities ?? [];
  return modalities.map((item) => item.modalityType).find((type) => type === 0 || type === 1);
}

function modalityWorkflow({ state, params }: SandboxRequest): Reply<{ modalityId: number }> {
  const driver = driverOf(state, params.id);
  if (!driver) return notFound();
  const modalityId = workflowModality(state, driver);
  if (modalityId === undefined) return validationError(404, LICENCE_VEHICLE_TEXTS.noWorkflow);
  return ok({ modalityId });
}

/**
 * The driver's documents, in the one store the uploads write (handlers/documents.ts, which also
 * serves the modality's documents and send-queue-workflow), created empty on first use.
 */
export function driverDocuments(state: SandboxState, driverId: string): UploadedDocument[] {
  return (state.documents.byDriver[driverId.toLowerCase()] ??= []);
}

export const licenceVehicleRoutes = [
  route(api.register.saveLicense, saveLicense),
  route(api.register.license, license),
  route(api.register.saveVehicle, saveVehicle),
  route(api.register.carBrands, carBrands),
  route(api.register.carModels, carModels),
  route(api.register.modalityWorkflow, modalityWorkflow),
];
