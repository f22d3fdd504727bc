import * as v from 'valibot';
import { accepted, listOf, numericId, shownFlag, shownText, strict } from '@driver-portal/shared/answers';
import { defineEndpoint } from '@driver-portal/shared/contract';
import { licenceVehicleCalls } from './licence-vehicle';

export * from './licence-vehicle';
import { documentCalls } from './documents';

/*
 * Every call this remote makes, with the schema of each answer (docs/product-rules.md, "Calls").
 * The register service is shared with the account remote: each declares the calls it makes,
 * and the sandbox's tests fail when two declarations of one call disagree.
 */

export const DriverSchema = v.object({
  id: strict(v.string(), "the registration continues with the driver's id"),
  name: shownText(''),
  email: shownText(''),
  mobile: shownText(''),
  cpf: shownText(''),
});
export type Driver = v.InferOutput<typeof DriverSchema>;

/** A policy the new driver must accept, with the link to its document. */
export const PolicyItemSchema = v.object({
  id: numericId('the accepted policies are sent by id'),
  description: shownText(''),
  /** Strict: a policy the driver cannot open is not offered (left out and counted). */
  documentUrl: strict(v.string(), 'the driver must be able to read what they accept'),
  checked: shownFlag(false),
});
export type PolicyItem = v.InferOutput<typeof PolicyItemSchema>;

export const DriverStatesSchema = v.object({
  states: listOf(
    v.object({
      response: strict(
        v.object({ driverStateType: strict(v.number(), 'decides where the registration resumes') }),
        'an entry without its state is no state',
      ),
    }),
    'estados do cadastro',
  ),
});
export type DriverStates = v.InferOutput<typeof DriverStatesSchema>;

/**
 * What the calls that change something answer on success: a JSON object whose content is not
 * shown. An HTML page or an empty body is not a success.
 */
export const AcceptedSchema = accepted();

/**
 * The answer to the SMS-code confirmation, which the documents do not show (docs/product-rules.md,
 * "Gaps the product defines"): the mobile it confirmed and `verified`. A wrong code is a 400 with
 * a validation entry for `code`; `verified: false` is read the same way.
 */
export const CodeConfirmationSchema = v.object({
  mobile: shownText(''),
  verified: strict(v.boolean(), 'false is a wrong code: only true lets the registration go on'),
});
export type CodeConfirmation = v.InferOutput<typeof CodeConfirmationSchema>;

export const GENDERS = ['M', 'F'] as const;
export type Gender = (typeof GENDERS)[number];

/**
 * What the phone is, as far as a webview can tell (`deviceInfo` of the registration: its shape is
 * not shown in the documents, docs/product-rules.md, "Gaps the product defines").
 */
export const DeviceInfoSchema = v.object({ userAgent: v.string(), language: v.string(), screen: v.string() });
export type DeviceInfo = v.InferOutput<typeof DeviceInfoSchema>;

/** The registration payload; `cpf` and `mobile` are digits only, `policies` the accepted ids. */
export const RegistrationSchema = v.object({
  mobile: v.string(),
  name: v.string(),
  email: v.string(),
  cpf: v.string(),
  password: v.string(),
  gender: v.picklist(GENDERS),
  policies: v.array(v.number()),
  deviceInfo: DeviceInfoSchema,
});
export type Registration = v.InferOutput<typeof RegistrationSchema>;

/** The modalities the driver has (0 taxi, 1 private, 2 delivery); onboarding reads only the type. */
export const ModalitiesSchema = v.object({
  modalities: listOf(
    v.object({
      response: strict(
        v.object({ modalityType: strict(v.number(), 'decides the modality the registration goes on with') }),
        'an entry without its modality is no modality',
      ),
    }),
    'modalidades',
  ),
});
export type Modalities = v.InferOutput<typeof ModalitiesSchema>;

export const PREDICATE_KEYS = ['CONTRIBUINTE_INSS', 'CURSO_CONDUTOR'] as const;
export type PredicateKey = (typeof PREDICATE_KEYS)[number];
export const PREDICATE_VALUES = ['Sim', 'Não'] as const;
export type PredicateValue = (typeof PREDICATE_VALUES)[number];

/** The answers to the predicate questions of a modality, as key/value pairs. */
export const PredicatesSchema = v.object({
  predicates: listOf(
    v.object({
      key: strict(v.string(), 'which question it answers'),
      value: strict(v.string(), 'the answer given, sent back as read'),
    }),
    'respostas',
  ),
});
/** What the save sends: both answers, whole. */
export const PredicatesBodySchema = v.object({ predicates: v.array(v.object({ key: v.string(), value: v.string() })) });
export type Predicates = v.InferOutput<typeof PredicatesSchema>;

const text = shownText();

/** The driver's address as the register service keeps it. */
export const LocationSchema = v.object({
  zipCode: text,
  address: text,
  number: text,
  complement: text,
  district: text,
  city: text,
  state: text,
});
export type Location = v.InferOutput<typeof LocationSchema>;

/** What the address form sends (`zipCode` as `00000-000`, `state` a UF or ''). */
export const LocationBodySchema = v.object({
  zipCode: v.string(),
  address: v.string(),
  number: v.string(),
  complement: v.string(),
  district: v.string(),
  state: v.string(),
  city: v.string(),
});
export type LocationBody = v.InferOutput<typeof LocationBodySchema>;

/** The zip lookup's answer (ViaCEP's field names); a failure or an unknown CEP answers `{ erro: true }`. */
export const ZipAddressSchema = v.object({
  logradouro: shownText(''),
  bairro: shownText(''),
  uf: strict(v.string(), 'a CEP that names no state was not found: the driver types the address'),
  localidade: strict(v.string(), 'a CEP that names no city was not found: the driver types the address'),
});
export type ZipAddress = v.InferOutput<typeof ZipAddressSchema>;

export const api = {
  register: {
    /** `response` is null when no driver has this mobile. */
    driverByMobile: defineEndpoint('register', 'GET', 'api/1.0/driver/mobile/:phone', {
      answer: v.object({
        response: strict(
          v.nullable(DriverSchema),
          'null (and only null) is a new phone: a wrong answer must not start a second registration',
        ),
      }),
    }),
    driver: defineEndpoint('register', 'GET', 'api/1.0/driver/:guid', {
      answer: v.object({ response: strict(DriverSchema, 'no driver, no registration to go on with') }),
    }),
    driverStates: defineEndpoint('register', 'GET', 'api/1.0/driver/:guid/states', { answer: DriverStatesSchema }),
    policies: defineEndpoint('register', 'GET', 'api/2.0/driver/eula', { answer: listOf(PolicyItemSchema, 'políticas do cadastro') }),
    /** Sends the SMS code to the mobile (11 digits); no body. */
    requestCode: defineEndpoint('register', 'PUT', 'api/1.0/driver/mobile-number/:phone/verification-code', { answer: AcceptedSchema }),
    confirmCode: defineEndpoint('register', 'PUT', 'api/1.0/driver/mobile-number/:phone/verification-code/:code', {
      answer: CodeConfirmationSchema,
    }),
    createDriver: defineEndpoint('register', 'POST', 'api/1.0/driver', {
      answer: v.object({ driverId: strict(v.string(), 'the registration continues with it') }),
      body: RegistrationSchema,
    }),
    modalities: defineEndpoint('register', 'GET', 'api/1.0/driver/:guid/modality', { answer: ModalitiesSchema }),
    /** Sets the modality (0 taxi; the only one offered); no body. */
    setModality: defineEndpoint('register', 'PUT', 'api/1.0/driver/:guid/modality/:modalityType/', { answer: AcceptedSchema }),
    predicates: defineEndpoint('register', 'GET', 'api/1.0/driver/:guid/modality/:modalityType/predicates', { answer: PredicatesSchema }),
    savePredicates: defineEndpoint('register', 'POST', 'api/1.0/driver/:guid/modality/:modalityType/predicates', {
      answer: AcceptedSchema,
      body: PredicatesBodySchema,
    }),
    /** `response` is null when the driver has no address yet. */
    location: defineEndpoint('register', 'GET', 'api/1.0/driver/:guid/location', {
      answer: v.object({ response: v.nullish(LocationSchema, null) }),
    }),
    saveLocation: defineEndpoint('register', 'POST', 'api/1.0/driver/:guid/location', { answer: AcceptedSchema, body: LocationBodySchema }),
    ...licenceVehicleCalls,
    ...documentCalls,
  },
  zipLookup: {
    /** GET with query zipcode (8 digits); a third-party host, no token. */
    address: defineEndpoint('zipLookup', 'GET', 'ZipCode', { answer: ZipAddressSchema }),
  },
} as const;

export * from './documents';
