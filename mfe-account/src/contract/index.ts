import * as v from 'valibot';
import { accepted, listOf, numericId, shownText, strict } from '@driver-portal/shared/answers';
import { defineEndpoint } from '@driver-portal/shared/contract';

/*
 * Every call this remote makes, with the schema of each answer (docs/product-rules.md, "Calls").
 * The register service is shared with the onboarding remote: each declares the calls it makes,
 * and the sandbox's tests fail when two declarations of one call disagree.
 */

/** Strict: the address is the whole answer; without it there is no document to open (the link says it failed, with a retry). */
export const EulaDocumentSchema = v.object({
  documentUrl: strict(v.string(), 'the link to the document is the whole answer'),
});
export type EulaDocument = v.InferOutput<typeof EulaDocumentSchema>;

/** My account and the delivery page only show the driver: every field may be absent. */
export const DriverSchema = v.object({
  id: shownText(''),
  name: shownText(''),
  email: shownText(''),
  mobile: shownText(''),
  cpf: shownText(''),
});
export type Driver = v.InferOutput<typeof DriverSchema>;

/** One policy the driver has not accepted yet (policy-update service, PascalCase). */
export const PolicyUpdateItemSchema = v.object({
  Id: numericId('the policy is accepted by its id'),
  Descricao: shownText(''),
  /** Strict: a policy the driver cannot open is not offered for acceptance (left out, asked again next time). */
  UrlDocumento: strict(v.string(), 'the driver must be able to read what they accept'),
});
export type PolicyUpdateItem = v.InferOutput<typeof PolicyUpdateItemSchema>;

// ---- Account (register service, no token; docs/product-rules.md, "Calls", Account) ----

const text = shownText();

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
  id: strict(v.string(), 'the vehicle attributes are read and saved by it'),
  plate: shownText(''),
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
  modalityType: strict(v.number(), 'decides which modality it is, and whether delivery is enrolled'),
  active: strict(v.boolean(), 'decides the status shown ("Em análise") and what the driver may change'),
  vehicle: v.nullish(VehicleSummarySchema, null),
});
export type Modality = v.InferOutput<typeof ModalitySchema>;

export const ModalitiesSchema = v.object({
  modalities: listOf(v.object({ response: strict(ModalitySchema, 'an entry without its modality is no modality') }), 'modalidades'),
});

/** A timestamp that decides a document's status: null (or absent) when it did not happen. */
const statusDate = (what: string) => strict(v.nullish(v.string(), null), `decides the document's status: ${what}`);

/**
 * The driver's documents: my account shows the profile photo (type 2), and "Meus documentos"
 * each document's status (approvedAt, else rejectedAt, else createdAt, else not sent).
 */
export const DriverDocumentsSchema = v.object({
  documents: listOf(
    v.object({
      response: strict(
        v.object({
          documentType: strict(v.number(), 'which document it is decides where it is shown'),
          fileUrl: text,
          createdAt: statusDate('sent'),
          rejectedAt: statusDate('rejected'),
          approvedAt: statusDate('approved'),
        }),
        'an entry without its document is no document',
      ),
    }),
    'documentos',
  ),
});
export type AccountDocument = v.InferOutput<typeof DriverDocumentsSchema>['documents'][number]['response'];

/**
 * What the calls that change something answer on success: a JSON object whose content is not
 * shown (the documents do not show it). An HTML page or an empty body is not a success.
 */
export const AcceptedSchema = accepted();

/** The forgot-password lookup: `id` and `driver.cpf`; no `id` means the legacy reminder. */
export const ForgotPasswordLookupSchema = v.object({
  /** Strict, and present: null sends the legacy reminder, so a missing or wrong id must not read as "no id". */
  id: strict(v.nullable(v.string()), 'null (and only null) sends the legacy reminder; the id leads to the code'),
  driver: strict(
    v.nullish(v.object({ cpf: strict(v.string(), 'compared with the CPF the driver typed') }), null),
    'its CPF decides whether the driver typed the right one',
  ),
  /**
   * The portal's proxy answers match or no match (docs/security.md, "What each open call
   * answers"): `false` is a driver whose CPF is not the one typed, told without its id or CPF.
   * Absent or null (a provider answering directly): the driver's CPF decides, as before.
   */
  match: v.nullish(v.boolean()),
});
export type ForgotPasswordLookup = v.InferOutput<typeof ForgotPasswordLookupSchema>;

/** `CC` checking, `CP` savings. */
export const ACCOUNT_TYPES = ['CC', 'CP'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

/** The bank account as saved and read back; digits travel as strings (leading zeros count). */
const payout = (what: string) => strict(v.string(), `where the driver is paid: ${what}, saved back as read`);
export const BankAccountSchema = v.object({
  accountType: strict(v.picklist(ACCOUNT_TYPES), 'where the driver is paid: the account type, saved back as read'),
  bankNumber: payout('the bank'),
  agencyNumber: payout('the agency'),
  /** Empty string when the agency has no digit. */
  agencyNumberDigit: payout("the agency's digit"),
  accountNumber: payout('the account'),
  accountNumberDigit: payout("the account's digit"),
});
export type BankAccount = v.InferOutput<typeof BankAccountSchema>;

/** One bank of the bank list (its path is ours: docs/product-rules.md, "Gaps the product defines"). */
export const BankSchema = v.object({ BankNumber: strict(v.string(), 'the bank is saved by its number'), Description: shownText('') });
export type Bank = v.InferOutput<typeof BankSchema>;

/** Vehicle ("Yes"/"No") and language ("yes"/"no") attributes. */
export const PredicateSchema = v.object({
  key: strict(v.string(), 'the attribute is saved back by its key'),
  value: strict(v.string(), 'decides whether the switch is on'),
});
export type Predicate = v.InferOutput<typeof PredicateSchema>;
/** What the saves send: the driver's whole list, every entry whole. */
export const PredicatesBodySchema = v.object({ predicates: v.array(PredicateSchema) });
/** What the reads give: an attribute that cannot be read is left out (its switch shows off). */
export const PredicatesSchema = v.object({ predicates: listOf(PredicateSchema, 'atributos') });

// ---- Statement service: the credential is added server-side (docs/product-rules.md, "Statement service (credential added server-side)") ----

/** One invoice (nota fiscal): issue date, net total, the document's address. */
export const InvoiceItemSchema = v.object({
  dataEmissao: shownText(''),
  totalLiquido: strict(v.number(), 'money: the net total of the invoice'),
  /** Shown as a link when it is a safe address. */
  linkNF: shownText(),
});
export type InvoiceItem = v.InferOutput<typeof InvoiceItemSchema>;

export const api = {
  register: {
    /** Terms document of a type: 0 use, 1 privacy, 2 image. */
    eulaDocument: defineEndpoint('register', 'GET', 'api/1.0/driver/eula/:type', { answer: EulaDocumentSchema }),
    driver: defineEndpoint('register', 'GET', 'api/1.0/driver/:guid', {
      answer: v.object({ response: strict(DriverSchema, 'no driver, nothing to show') }),
    }),
    /** `response` is null when the driver has no address yet. */
    location: defineEndpoint('register', 'GET', 'api/1.0/driver/:guid/location', {
      answer: v.object({ response: v.nullish(LocationSchema, null) }),
    }),
    modalities: defineEndpoint('register', 'GET', 'api/1.0/driver/:guid/modality', { answer: ModalitiesSchema }),
    documents: defineEndpoint('register', 'GET', 'api/1.0/driver/:guid/documents', { answer: DriverDocumentsSchema }),
    /** The documents of one modality (its vehicle documents, and the driver's own). */
    modalityDocuments: defineEndpoint('register', 'GET', 'api/1.0/driver/:guid/modality/:modalityType/documents', {
      answer: DriverDocumentsSchema,
    }),
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
      answer: v.object({ bankAccount: strict(v.nullable(BankAccountSchema), 'null (and only null) means no account saved yet') }),
    }),
    saveBankAccount: defineEndpoint('register', 'POST', 'api/1.0/driver/:guid/bankaccount', {
      answer: AcceptedSchema,
      body: BankAccountSchema,
    }),
    /** The bank list: path ours (docs/product-rules.md, "Gaps the product defines"). */
    banks: defineEndpoint('register', 'GET', 'api/1.0/banks', { answer: listOf(BankSchema, 'bancos') }),
    /** Change modality (0, 1) or enrol in delivery (2); no body. */
    setModality: defineEndpoint('register', 'PUT', 'api/1.0/driver/:guid/modality/:modalityType/', { answer: AcceptedSchema }),
    vehiclePredicates: defineEndpoint('register', 'GET', 'api/1.0/driver/:guid/modality/:modalityId/vehicle/:vehicleId', {
      answer: PredicatesSchema,
    }),
    saveVehiclePredicates: defineEndpoint('register', 'POST', 'api/1.0/driver/:guid/modality/:modalityId/vehicle/:vehicleId', {
      answer: AcceptedSchema,
      body: PredicatesBodySchema,
    }),
    driverPredicates: defineEndpoint('register', 'GET', 'api/1.0/driver/driverPredicate/:guid', { answer: PredicatesSchema }),
    saveDriverPredicates: defineEndpoint('register', 'POST', 'api/1.0/driver/driverPredicate/:guid', {
      answer: AcceptedSchema,
      body: PredicatesBodySchema,
    }),
  },
  core: {
    /** The forgot-password fallback when the lookup gives no id: `?cpf=` digits only. */
    resendPassword: defineEndpoint('core', 'GET', 'Taxista/ReenviarSenha', { answer: accepted() }),
  },
  eula: {
    pendingPolicies: defineEndpoint('eula', 'GET', 'eula', { answer: listOf(PolicyUpdateItemSchema, 'políticas a aceitar') }),
    acceptPolicies: defineEndpoint('eula', 'POST', 'eula', {
      answer: AcceptedSchema,
      body: v.object({ politicas: v.array(v.number()) }),
    }),
  },
  statement: {
    /** Query cpf (digits), BirthDate, startDate, endDate (YYYY-MM-DD). */
    invoices: defineEndpoint('statement', 'GET', 'api/extrato/nf', {
      answer: v.object({ data: listOf(InvoiceItemSchema, 'notas fiscais') }),
    }),
    /** Sent by e-mail; the answer's content is ignored. */
    incomeStatement: defineEndpoint('statement', 'POST', 'api/extrato/ir', {
      answer: AcceptedSchema,
      body: v.object({ cpf: v.string(), BirthDate: v.string(), email: v.string(), year: v.number() }),
    }),
  },
} as const;
