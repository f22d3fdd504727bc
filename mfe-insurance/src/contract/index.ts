import * as v from 'valibot';
import { accepted, shownNumber, shownText, strict } from '@driver-portal/shared/answers';
import { defineEndpoint } from '@driver-portal/shared/contract';

/*
 * Every call this remote makes, with the schema of each answer (docs/product-rules.md, "Calls").
 * The documents do not show the insurance base path, so it is ours: the service's base URL comes
 * from the runtime configuration (`services.insurance` in env.json) and the calls live under
 * `api/1.0/insurance/`. The card calls are not shown at all: they are ours too, under
 * `api/1.0/card/` of `services.card` (docs/product-rules.md, "Card service (no token)"). No bearer
 * token is sent to the insurance, card, register or zip-lookup services.
 */

export const InsurancePolicySchema = v.object({
  active: strict(v.boolean(), 'decides between the offer and the policy'),
  policyNumber: strict(v.nullable(v.string()), 'null (and only null) says the contract is still being processed'),
  /** ISO date-time. */
  expirationDate: strict(v.nullable(v.string()), 'decides whether the policy may be renewed'),
  bestPaymentDay: shownNumber(),
  requestId: strict(v.nullable(v.string()), 'renewal and cancellation are asked by it'),
});
export type InsurancePolicy = v.InferOutput<typeof InsurancePolicySchema>;

/** Renewal, cancellation and the contract answer a JSON object; its content is not shown. */
const AcceptedSchema = accepted();

export const MARITAL_STATUSES = ['Casado', 'Solteiro', 'Divorciado', 'Viúvo'] as const;
export type MaritalStatus = (typeof MARITAL_STATUSES)[number];

/**
 * The insurance request (docs/product-rules.md, "Entities"), as POSTed to `api/1.0/insurance`.
 * Dates are ISO `YYYY-MM-DD`, CPFs digits only (docs/product-rules.md, "Gaps the product defines").
 */
export const InsuranceRequestSchema = v.object({
  DriverId: v.string(),
  DeviceId: v.string(),
  Insured: v.object({
    MaritalStatus: v.picklist(MARITAL_STATUSES),
    DocumentIssueDate: v.string(),
    IsVehicleOwner: v.boolean(),
    RG: v.string(),
    UfRG: v.string(),
  }),
  Financial: v.object({
    Bank: v.string(),
    AgencyNumber: v.string(),
    AgencyNumberDigit: v.string(),
    AccountNumber: v.string(),
    AccountNumberDigit: v.string(),
  }),
  Vehicle: v.object({
    Plate: v.string(),
    Chassi: v.string(),
    Fuel: v.string(),
    UfLicencePlate: v.string(),
    Dispatching: v.string(),
  }),
  VehicleOwner: v.object({ Name: v.string(), CPF: v.string() }),
  AdditionalDrivers: v.array(v.object({ Name: v.string(), BirthDate: v.string(), CPF: v.string() })),
});
export type InsuranceRequest = v.InferOutput<typeof InsuranceRequestSchema>;

/** The registered driver (register service): the owner's name and CPF when the driver owns the car. */
export const DriverSchema = v.object({
  id: shownText(''),
  name: strict(v.string(), "sent in the contract as the vehicle owner's name"),
  email: shownText(''),
  mobile: shownText(''),
  cpf: strict(v.string(), "sent in the contract as the vehicle owner's CPF"),
});
export type Driver = v.InferOutput<typeof DriverSchema>;

/** The fields of the driver's vehicle the insurance request carries (Vehicle summary). */
const insured = (what: string) => strict(v.string(), `sent in the contract: the insured vehicle's ${what}`);
export const DriverVehicleSchema = v.object({
  plate: insured('plate'),
  chassis: insured('chassis'),
  fuel: insured('fuel'),
  issuingState: insured('state'),
  issuingAuthority: insured('issuing authority'),
});
export type DriverVehicle = v.InferOutput<typeof DriverVehicleSchema>;

/**
 * The card's stages, in order (docs/product-rules.md, "Insurance and card"): requested, being
 * made, on its way, and delivered (the driver unlocks it).
 */
export const CARD_STAGES = ['REQUESTED', 'MANUFACTURING', 'DELIVERY', 'UNLOCK'] as const;
export type CardStage = (typeof CARD_STAGES)[number];

export const CardAddressSchema = v.object({
  cep: v.string(),
  address: v.string(),
  number: v.string(),
  complement: v.string(),
  neighborhood: v.string(),
  state: v.string(),
  city: v.string(),
});
export type CardAddress = v.InferOutput<typeof CardAddressSchema>;

/** The card address as read back: only shown. */
export const CardAddressShownSchema = v.object({
  cep: shownText(''),
  address: shownText(''),
  number: shownText(''),
  complement: shownText(''),
  neighborhood: shownText(''),
  state: shownText(''),
  city: shownText(''),
});

/** The driver's card request: `stage` null when the driver never asked for one. */
export const CardStatusSchema = v.object({
  stage: strict(v.nullable(v.picklist(CARD_STAGES)), 'decides the step the tracker shows; null (and only null): never asked'),
  /** ISO date-time of the request. */
  requestedAt: shownText(),
  address: v.nullish(CardAddressShownSchema, null),
});

/** What a card request answers: the new status, which must have a stage, or the request did not happen. */
export const CardRequestedSchema = v.object({
  stage: strict(v.picklist(CARD_STAGES), 'an answer without a stage is no request: the typed address and terms must stay'),
  requestedAt: shownText(),
  address: v.nullish(CardAddressShownSchema, null),
});
export type CardStatus = v.InferOutput<typeof CardStatusSchema>;

export const CardRequestSchema = v.object({ termsAccepted: v.literal(true), address: CardAddressSchema });
export type CardRequest = v.InferOutput<typeof CardRequestSchema>;

/** The zip lookup's answer (ViaCEP's field names); a failure or an unknown CEP answers `{ erro: true }`. */
export const ZipAddressSchema = v.object({
  logradouro: shownText(''),
  bairro: shownText(''),
  uf: strict(v.string(), 'a CEP that names no state was not found: the driver types the address'),
  localidade: strict(v.string(), 'a CEP that names no city was not found: the driver types the address'),
});
export type ZipAddress = v.InferOutput<typeof ZipAddressSchema>;

export const api = {
  insurance: {
    activePolicy: defineEndpoint('insurance', 'GET', 'api/1.0/insurance/:driverId/active-policy', { answer: InsurancePolicySchema }),
    renew: defineEndpoint('insurance', 'PUT', 'api/1.0/insurance/:requestId/renew', { answer: AcceptedSchema }),
    cancel: defineEndpoint('insurance', 'PUT', 'api/1.0/insurance/:requestId/cancel', { answer: AcceptedSchema }),
    /** The contract; a 400 gives `validations[].message`, the first of which is shown. */
    contract: defineEndpoint('insurance', 'POST', 'api/1.0/insurance', { answer: AcceptedSchema, body: InsuranceRequestSchema }),
  },
  register: {
    driver: defineEndpoint('register', 'GET', 'api/1.0/driver/:guid', {
      answer: v.object({ response: strict(DriverSchema, 'the contract needs the driver') }),
    }),
    /** The vehicle of a modality (taxi: 0), `response.vehicle`. */
    vehicle: defineEndpoint('register', 'GET', 'api/1.0/driver/:id/modality/:m/vehicle', {
      answer: v.object({
        response: strict(
          v.object({ vehicle: strict(DriverVehicleSchema, 'the contract needs the vehicle') }),
          'the contract needs the vehicle',
        ),
      }),
    }),
  },
  card: {
    /** The driver's card request and its stage. */
    status: defineEndpoint('card', 'GET', 'api/1.0/card/:driverId', { answer: CardStatusSchema }),
    /** Asks for the card; answers the new status (stage REQUESTED). */
    request: defineEndpoint('card', 'POST', 'api/1.0/card/:driverId', { answer: CardRequestedSchema, body: CardRequestSchema }),
  },
  zipLookup: {
    /** GET with query zipcode (8 digits). */
    address: defineEndpoint('zipLookup', 'GET', 'ZipCode', { answer: ZipAddressSchema }),
  },
} as const;
