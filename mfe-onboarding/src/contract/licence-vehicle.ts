import * as v from 'valibot';
import { accepted, listOf, numericId, shownNumber, shownText, strict } from '@driver-portal/shared/answers';
import { defineEndpoint } from '@driver-portal/shared/contract';

/*
 * The licence (CNH) and vehicle (CRLV) data, and the modality under review (docs/product-rules.md,
 * "Calls", Register API, and "Licence and vehicle data"). The review reads the documents and sends
 * them to review with the document calls (documents.ts). Spread into the remote's `api.register`.
 */

/**
 * Every category a CNH prints in "CAT. HAB." (CTB art. 143: A to E; a holder of A and of one of
 * B to E carries both, printed "AB", "AC", "AD", "AE"), as the service gets it: a single letter,
 * or the two joined by "/" as the seed's "A/B" is (docs/decisions/0016). The seed offered only
 * B, A/B, C and D, so a licence of category A, E or A with C, D or E could not be entered.
 */
export const LICENCE_CATEGORIES = ['A', 'B', 'C', 'D', 'E', 'A/B', 'A/C', 'A/D', 'A/E'] as const;
export type LicenceCategory = (typeof LICENCE_CATEGORIES)[number];

/** What the CNH prints for a category (and the form shows): "A/B" is printed "AB". */
export const printedCategory = (category: LicenceCategory) => category.replace('/', '');

/** Every field of the licence, all required; dates as `YYYY-MM-DD`, states as UF codes. */
export const LicenceBodySchema = v.object({
  DocumentNumber: v.string(),
  DocumentIssuingState: v.string(),
  DocumentIssuingAuthority: v.string(),
  BirthDate: v.string(),
  MotherName: v.string(),
  FatherName: v.string(),
  RegisterNumber: v.string(),
  ExpirationDate: v.string(),
  FirstLicenseDate: v.string(),
  Remark: v.string(),
  Category: v.picklist(LICENCE_CATEGORIES),
  EmissionCity: v.string(),
  EmissionState: v.string(),
  EmissionDate: v.string(),
  RenachNumber: v.string(),
  SecurityNumber: v.string(),
  MirrorNumber: v.string(),
});
export type LicenceBody = v.InferOutput<typeof LicenceBodySchema>;

/** The licence as the service reads it back; `driverLicense` is null before one was sent. */
export const LicenceReadBackSchema = v.object({
  driverLicense: v.nullish(
    v.object({
      emissionDate: shownText(),
      documentNumber: shownText(),
      emissionState: shownText(),
      name: shownText(),
      cpf: shownText(),
    }),
    null,
  ),
});
export type LicenceReadBack = v.InferOutput<typeof LicenceReadBackSchema>;

/**
 * Every field of the vehicle. `Brand` and `Model` are the ids of the brand and model lists.
 * `OwnerName` and `OwnerDocument` (CPF or CNPJ, digits and letters only) are ours: the documents
 * show the inputs but not where they go (docs/product-rules.md, "Gaps the product defines").
 */
export const VehicleBodySchema = v.object({
  ModalityType: v.number(),
  CurrentYear: v.number(),
  Renavam: v.string(),
  Chassis: v.string(),
  Plate: v.string(),
  Type: v.string(),
  Fuel: v.string(),
  Brand: v.number(),
  Model: v.number(),
  ManufactureYear: v.number(),
  ModelYear: v.number(),
  Color: v.string(),
  Remark: v.string(),
  EmissionCity: v.string(),
  EmissionDate: v.string(),
  IssuingState: v.string(),
  CrlvNumber: v.string(),
  OwnerName: v.string(),
  OwnerDocument: v.string(),
});
export type VehicleBody = v.InferOutput<typeof VehicleBodySchema>;

/** The vehicle read back (`response.vehicle`); the insurance remote reads the first five. */
export const VehicleReadBackSchema = v.object({
  response: strict(
    v.object({
      vehicle: strict(
        v.object({
          plate: shownText(''),
          chassis: shownText(''),
          fuel: shownText(''),
          issuingState: shownText(''),
          issuingAuthority: shownText(''),
          renavam: v.optional(shownText()),
          brandId: v.optional(shownNumber()),
          modelId: v.optional(shownNumber()),
          manufactureYear: v.optional(shownNumber()),
          modelYear: v.optional(shownNumber()),
          color: v.optional(shownText()),
        }),
        'no vehicle: the form starts empty (a 404 says so)',
      ),
    }),
    'no vehicle: the form starts empty (a 404 says so)',
  ),
});
export type VehicleReadBack = v.InferOutput<typeof VehicleReadBackSchema>['response']['vehicle'];

export const CarBrandsSchema = listOf(
  v.object({ id: numericId('the models are asked by the brand id, sent with the vehicle'), name: shownText('') }),
  'marcas',
);
export type CarBrand = v.InferOutput<typeof CarBrandsSchema>[number];
export const CarModelsSchema = v.object({
  carModels: listOf(v.object({ id: numericId('sent with the vehicle as its model'), model: shownText('') }), 'modelos'),
});
export type CarModel = v.InferOutput<typeof CarModelsSchema>['carModels'][number];

const Accepted = accepted();

export const licenceVehicleCalls = {
  /** The licence's data (every field); answers an object whose content is not shown. */
  saveLicense: defineEndpoint('register', 'POST', 'api/1.0/driver/:id/license', { answer: Accepted, body: LicenceBodySchema }),
  license: defineEndpoint('register', 'GET', 'api/1.0/driver/:id/license', { answer: LicenceReadBackSchema }),
  saveVehicle: defineEndpoint('register', 'POST', 'api/1.0/driver/:id/vehicle', { answer: Accepted, body: VehicleBodySchema }),
  /** 404 while the modality has no vehicle. */
  modalityVehicle: defineEndpoint('register', 'GET', 'api/1.0/driver/:id/modality/:m/vehicle', { answer: VehicleReadBackSchema }),
  carBrands: defineEndpoint('register', 'GET', 'api/1.0/vehicleinfo/carbrand', { answer: CarBrandsSchema }),
  carModels: defineEndpoint('register', 'GET', 'api/1.0/vehicleinfo/:brandId/carmodel', { answer: CarModelsSchema }),
  /** The modality whose documents are under review. */
  modalityWorkflow: defineEndpoint('register', 'GET', 'api/1.0/driver/:id/get-modality-workflow', {
    answer: v.object({ modalityId: numericId('the documents under review are asked by it') }),
  }),
} as const;
