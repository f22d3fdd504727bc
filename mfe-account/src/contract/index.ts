import * as v from 'valibot';
import { defineEndpoint } from '@driver-portal/shared/contract';

/*
 * Every call this remote makes, with the schema of each answer (docs/product-rules.md, "Calls").
 * The register service is shared with the onboarding remote: each declares the calls it makes,
 * and the sandbox's tests fail when two declarations of one call disagree.
 */

export const EulaDocumentSchema = v.object({ documentUrl: v.nullish(v.string(), null) });
export type EulaDocument = v.InferOutput<typeof EulaDocumentSchema>;

export const DriverSchema = v.object({
  id: v.string(),
  name: v.string(),
  email: v.string(),
  mobile: v.string(),
  cpf: v.string(),
});
export type Driver = v.InferOutput<typeof DriverSchema>;

/** One policy the driver has not accepted yet (policy-update service, PascalCase). */
export const PolicyUpdateItemSchema = v.object({
  Id: v.number(),
  Descricao: v.string(),
  UrlDocumento: v.string(),
});
export type PolicyUpdateItem = v.InferOutput<typeof PolicyUpdateItemSchema>;

// ---- Account (register service, no token; docs/product-rules.md, "Calls", Account) ----

const text = v.nullish(v.string(), null);

/** The driver's address; a field the service leaves out reads "Não informado". */
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

/** The vehicle a modality links to (docs/product-rules.md, "Entities": vehicle summary). */
export const VehicleSummarySchema = v.object({
  id: v.string(),
  plate: v.string(),
  brand: text,
  model: text,
  brandModel: text,
  chassis: text,
  fuel: text,
  issuingState: text,
  issuingAuthority: text,
});
export type VehicleSummary = v.InferOutput<typeof VehicleSummarySchema>;

/** 0 taxi, 1 private, 2 delivery (a flag set by enrolment); `active` false is "Em análise". */
export const ModalitySchema = v.object({
  modalityType: v.number(),
  active: v.boolean(),
  vehicle: v.nullish(VehicleSummarySchema, null),
});
export type Modality = v.InferOutput<typeof ModalitySchema>;

export const ModalitiesSchema = v.object({ modalities: v.array(v.object({ response: ModalitySchema })) });

/** The driver's documents; my account reads only the profile photo's address (type 2). */
export const DriverDocumentsSchema = v.object({
  documents: v.array(v.object({ response: v.object({ documentType: v.number(), fileUrl: text }) })),
});

/**
 * What the calls that change something answer on success: a JSON object whose content is not
 * shown (the documents do not show it). An HTML page or an empty body is not a success.
 */
export const AcceptedSchema = v.looseObject({});

/** The forgot-password lookup: `id` and `driver.cpf`; no `id` means the legacy reminder. */
export const ForgotPasswordLookupSchema = v.object({
  id: text,
  driver: v.nullish(v.object({ cpf: v.string() }), null),
});
export type ForgotPasswordLookup = v.InferOutput<typeof ForgotPasswordLookupSchema>;

/** `CC` checking, `CP` savings. */
export const ACCOUNT_TYPES = ['CC', 'CP'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

/** The bank account as saved and read back; digits travel as strings (leading zeros count). */
export const BankAccountSchema = v.object({
  accountType: v.picklist(ACCOUNT_TYPES),
  bankNumber: v.string(),
  agencyNumber: v.string(),
  /** Empty string when the agency has no digit. */
  agencyNumberDigit: v.string(),
  accountNumber: v.string(),
  accountNumberDigit: v.string(),
});
export type BankAccount = v.InferOutput<typeof BankAccountSchema>;

/** One bank of the bank list (its path is ours: docs/product-rules.md, "Gaps the product defines"). */
export const BankSchema = v.object({ BankNumber: v.string(), Description: v.string() });
export type Bank = v.InferOutput<typeof BankSchema>;

/** Vehicle ("Yes"/"No") and language ("yes"/"no") attributes. */
export const PredicateSchema = v.object({ key: v.string(), value: v.string() });
export type Predicate = v.InferOutput<typeof PredicateSchema>;
export const PredicatesSchema = v.object({ predicates: v.array(PredicateSchema) });

// ---- Statement service: the credential is added server-side (docs/product-rules.md, "Statement service (credential added server-side)") ----

/** One invoice (nota fiscal): issue date, net total, the document's address. */
export const InvoiceItemSchema = v.object({ dataEmissao: v.string(), totalLiquido: v.number(), linkNF: v.string() });
export type InvoiceItem = v.InferOutput<typeof InvoiceItemSchema>;

/** What the core service's legacy calls answer on success: a JSON object, the message optional. */
const LegacyOkSchema = v.object({ Message: v.optional(v.string()) });

export const api = {
  register: {
    /** Terms document of a type: 0 use, 1 privacy, 2 image. */
    eulaDocument: defineEndpoint('register', 'GET', 'api/1.0/driver/eula/:type', { answer: EulaDocumentSchema }),
    driver: defineEndpoint('register', 'GET', 'api/1.0/driver/:guid', { answer: v.object({ response: DriverSchema }) }),
    /** `response` is null when the driver has no address yet. */
    location: defineEndpoint('register', 'GET', 'api/1.0/driver/:guid/location', {
      answer: v.object({ response: v.nullable(LocationSchema) }),
    }),
    modalities: defineEndpoint('register', 'GET', 'api/1.0/driver/:guid/modality', { answer: ModalitiesSchema }),
    documents: defineEndpoint('register', 'GET', 'api/1.0/driver/:guid/documents', { answer: DriverDocumentsSchema }),
    sendEmailCode: defineEndpoint('register', 'POST', 'api/1.0/driver/:guid/email-address/:email/send-code', { answer: AcceptedSchema }),
    changeEmail: defineEndpoint('register', 'PUT', 'api/1.0/driver/:guid/email-address', {
      answer: AcceptedSchema,
      body: v.object({ newEmailAddress: v.string(), validationCode: v.string() }),
    }),
    sendMobileCode: defineEndpoint('register', 'POST', 'api/1.0/driver/:guid/mobile-number/:mobile/send-code', {
      answer: AcceptedSchema,
    }),
    changeMobile: defineEndpoint('register', 'PUT', 'api/1.0/driver/:guid/mobile-number', {
      answer: AcceptedSchema,
      body: v.object({ newMobilePhoneNumber: v.string(), verificationCode: v.string() }),
    }),
    sendPasswordCode: defineEndpoint('register', 'POST', 'api/1.0/driver/:guid/password/:mobile/send-code', { answer: AcceptedSchema }),
    changePassword: defineEndpoint('register', 'PUT', 'api/1.0/driver/:guid/password', {
      answer: AcceptedSchema,
      body: v.object({ newPassword: v.string(), verificationCode: v.string() }),
    }),
    forgotPassword: defineEndpoint('register', 'GET', 'api/1.0/driver/forgetpassword/mobile/:mobile/personalregistrationnumber/:cpf', {
      answer: ForgotPasswordLookupSchema,
    }),
    /** `bankAccount` is null when the driver has not saved one. */
    bankAccount: defineEndpoint('register', 'GET', 'api/1.0/driver/:guid/bankaccount', {
      answer: v.object({ bankAccount: v.nullable(BankAccountSchema) }),
    }),
    saveBankAccount: defineEndpoint('register', 'POST', 'api/1.0/driver/:guid/bankaccount', {
      answer: AcceptedSchema,
      body: BankAccountSchema,
    }),
    /** The bank list: path ours (docs/product-rules.md, "Gaps the product defines"). */
    banks: defineEndpoint('register', 'GET', 'api/1.0/banks', { answer: v.array(BankSchema) }),
    /** Change modality (0, 1) or enrol in delivery (2); no body. */
    setModality: defineEndpoint('register', 'PUT', 'api/1.0/driver/:guid/modality/:modalityType/', { answer: AcceptedSchema }),
    vehiclePredicates: defineEndpoint('register', 'GET', 'api/1.0/driver/:guid/modality/:modalityId/vehicle/:vehicleId', {
      answer: PredicatesSchema,
    }),
    saveVehiclePredicates: defineEndpoint('register', 'POST', 'api/1.0/driver/:guid/modality/:modalityId/vehicle/:vehicleId', {
      answer: AcceptedSchema,
      body: PredicatesSchema,
    }),
    driverPredicates: defineEndpoint('register', 'GET', 'api/1.0/driver/driverPredicate/:guid', { answer: PredicatesSchema }),
    saveDriverPredicates: defineEndpoint('register', 'POST', 'api/1.0/driver/driverPredicate/:guid', {
      answer: AcceptedSchema,
      body: PredicatesSchema,
    }),
  },
  core: {
    /** The forgot-password fallback when the lookup gives no id: `?cpf=` digits only. */
    resendPassword: defineEndpoint('core', 'GET', 'Taxista/ReenviarSenha', { answer: LegacyOkSchema }),
  },
  eula: {
    pendingPolicies: defineEndpoint('eula', 'GET', 'eula', { answer: v.array(PolicyUpdateItemSchema) }),
    acceptPolicies: defineEndpoint('eula', 'POST', 'eula', {
      answer: AcceptedSchema,
      body: v.object({ politicas: v.array(v.number()) }),
    }),
  },
  statement: {
    /** Query cpf (digits), BirthDate, startDate, endDate (YYYY-MM-DD). */
    invoices: defineEndpoint('statement', 'GET', 'api/extrato/nf', { answer: v.object({ data: v.array(InvoiceItemSchema) }) }),
    /** Sent by e-mail; the answer's content is ignored. */
    incomeStatement: defineEndpoint('statement', 'POST', 'api/extrato/ir', {
      answer: AcceptedSchema,
      body: v.object({ cpf: v.string(), BirthDate: v.string(), email: v.string(), year: v.number() }),
    }),
  },
} as const;
