import { typedDateToIso } from '@driver-portal/shared/format';
import { useParams } from 'react-router';
import { useJourney } from '@driver-portal/shared/journey';
import { useLoad, useSingleFlight } from '@driver-portal/shared/data';
import { clearDraft, Form, FormDraft, FormField, Formik, loadDraft, SelectField, FocusFirstError } from '@driver-portal/shared/forms';
import { LoadView, Page } from '@driver-portal/shared/ui';
import {
  anniversary,
  BRAZIL_STATES,
  documentDigits,
  documentSchema,
  type DocumentKind,
  isoDateFromToday,
  isoDateWithin,
  object,
  string,
  TEXT_LIMITS,
  TEXT_MESSAGES,
  textSchema,
  VALIDATION_MESSAGES,
} from '@driver-portal/shared/validation';
import { LICENCE_CATEGORIES, printedCategory, type LicenceBody, type LicenceReadBack } from '../../contract';
import { parseModality } from '../../documents';
import { afterFlow, dataFormBack, isFlow, type Flow } from '../../document-flow';
import { fromIsoDate } from '../../licence-review';
import { DriverUnknown } from '../../driver';
import { ContinueWhenFilled, FILL_ALL } from '../../fields';
import { registeringDriver } from '../../session';
import { fetchLicence, saveLicence } from './api';

export const LICENCE_TEXTS = {
  title: 'Dados da CNH',
  intro: 'Preencha os dados exatamente como estão na sua CNH.',
  holder: 'Titular',
  // Ours: the documents say only that Continue stays disabled.
  fillAll: FILL_ALL,
  invalidDate: 'Data inválida',
  fatherHint: 'Se não constar na CNH, escreva "Não consta".',
  invalidModality: 'Modalidade inválida.',
  // Ours, like the vehicle's age: reason 8 of the review, told before the driver waits days for it.
  expired: 'CNHs vencidas não são aceitas: esta CNH será recusada na análise.',
  // Ours (issue 44, point 3): dates no real CNH can carry together, said under the later one.
  firstLicenceUnderage: 'A 1ª habilitação só é dada a partir dos 18 anos: confira esta data e a de nascimento.',
  emissionBeforeFirstLicence: 'A data de emissão não pode ser anterior à da 1ª habilitação.',
  validityNotAfterEmission: 'A validade tem de ser posterior à data de emissão.',
} as const;

type LicenceValues = Omit<LicenceBody, 'Category'> & { Category: LicenceBody['Category'] | '' };

const EMPTY: LicenceValues = {
  DocumentNumber: '',
  DocumentIssuingAuthority: '',
  DocumentIssuingState: '',
  BirthDate: '',
  MotherName: '',
  FatherName: '',
  RegisterNumber: '',
  Category: '',
  FirstLicenseDate: '',
  ExpirationDate: '',
  EmissionDate: '',
  EmissionCity: '',
  EmissionState: '',
  RenachNumber: '',
  SecurityNumber: '',
  MirrorNumber: '',
  Remark: '',
};

const DATE_FIELDS = ['BirthDate', 'FirstLicenseDate', 'ExpirationDate', 'EmissionDate'] as const;
const STATE_OPTIONS = BRAZIL_STATES.map((uf) => ({ value: uf, label: uf }));
// Shown as the CNH prints them ("AB"), sent as the contract has them ("A/B": docs/decisions/0016).
const CATEGORY_OPTIONS = LICENCE_CATEGORIES.map((category) => ({ value: category, label: printedCategory(category) }));

/**
 * The licence's numbers, each checked as its issuer defines it (shared/src/validation/documents.ts:
 * length, alphabet, the check digits of the Nº de registro) and sent without the separators a paste brings.
 */
const DOCUMENT_FIELDS = {
  RegisterNumber: 'cnhRegister',
  RenachNumber: 'renach',
  SecurityNumber: 'securityNumber',
  MirrorNumber: 'mirrorNumber',
} as const satisfies Partial<Record<keyof LicenceValues, DocumentKind>>;
type DocumentField = keyof typeof DOCUMENT_FIELDS;

const required = () => string().trim().required(VALIDATION_MESSAGES.required);

type DateField = (typeof DATE_FIELDS)[number];
type TextField = Exclude<keyof LicenceValues, DateField | DocumentField | 'Category' | 'DocumentIssuingState' | 'EmissionState'>;

/**
 * The dates a CNH can carry (issue 25, point 6), read when the form is checked: a holder of at
 * least 18; a first licence and an issue date not in the future; a validity of at most 10 years
 * ahead (an expired CNH may still be typed, with a warning under it: the review rejects it, reason 8).
 */
const DATE_RANGES: Record<DateField, () => [string, string]> = {
  BirthDate: () => ['1900-01-01', isoDateFromToday(-18)],
  FirstLicenseDate: () => ['1930-01-01', isoDateFromToday(0)],
  EmissionDate: () => ['1930-01-01', isoDateFromToday(0)],
  ExpirationDate: () => ['1930-01-01', isoDateFromToday(10)],
};

/** How long each text may be (TEXT_LIMITS: names 100, remarks 200, cities 60, the RG and its issuer 20). */
const TEXT_MAX: Record<TextField, number> = {
  MotherName: TEXT_LIMITS.name,
  FatherName: TEXT_LIMITS.name,
  Remark: TEXT_LIMITS.remark,
  EmissionCity: TEXT_LIMITS.city,
  DocumentNumber: TEXT_LIMITS.identifier,
  DocumentIssuingAuthority: TEXT_LIMITS.identifier,
};

/** A typed date of the form as YYYY-MM-DD when it is a real day within its own range, else undefined. */
const acceptedIso = (field: DateField, typed: unknown): string | undefined => {
  const iso = typeof typed === 'string' ? typedDateToIso(typed) : undefined;
  return iso !== undefined && isoDateWithin(iso, ...DATE_RANGES[field]()) ? iso : undefined;
};

/**
 * The order the dates of one CNH keep (issue 44, point 3), checked only once the earlier date is
 * itself accepted, so a wrong birth date is said once, under its own field: the first licence
 * from the 18th birthday on (CTB art. 140, I: a licence needs a holder of 18; the birthday as the
 * Código Civil art. 132 §3 counts it, 29/02/2008 -> 01/03/2026); an issue not before the first
 * licence; a validity after the issue.
 */
const DATE_ORDER: Partial<Record<DateField, { after: DateField; message: string; earliest: (iso: string) => string; strict?: boolean }>> = {
  FirstLicenseDate: {
    after: 'BirthDate',
    message: LICENCE_TEXTS.firstLicenceUnderage,
    earliest: (birth) => {
      const [year = 0, month = 0, day = 0] = birth.split('-').map(Number);
      return anniversary({ year, month, day }, 18);
    },
  },
  EmissionDate: { after: 'FirstLicenseDate', message: LICENCE_TEXTS.emissionBeforeFirstLicence, earliest: (first) => first },
  ExpirationDate: {
    after: 'EmissionDate',
    message: LICENCE_TEXTS.validityNotAfterEmission,
    earliest: (emission) => emission,
    strict: true,
  },
};

const date = (field: DateField) => {
  const order = DATE_ORDER[field];
  const base = required()
    .test('date', LICENCE_TEXTS.invalidDate, (value) => typedDateToIso(value ?? '') !== undefined)
    .test('range', TEXT_MESSAGES.dateOutOfRange, (value) => {
      const iso = typedDateToIso(value ?? '');
      return iso === undefined || isoDateWithin(iso, ...DATE_RANGES[field]());
    });
  if (!order) return base;
  return base.test('order', order.message, (value, context) => {
    const iso = acceptedIso(field, value);
    const earlier = acceptedIso(order.after, (context.parent as Partial<LicenceValues>)[order.after]);
    if (iso === undefined || earlier === undefined) return true;
    const earliest = order.earliest(earlier);
    return order.strict ? iso > earliest : iso >= earliest;
  });
};
const text = (field: TextField) => textSchema(TEXT_MAX[field]).required(VALIDATION_MESSAGES.required);
const isDateField = (field: string): field is DateField => DATE_FIELDS.some((name) => name === field);
const isTextField = (field: string): field is TextField => field in TEXT_MAX;
const isDocumentField = (field: string): field is DocumentField => field in DOCUMENT_FIELDS;
const fieldSchema = (field: string) => {
  if (isDateField(field)) return date(field);
  if (isTextField(field)) return text(field);
  if (isDocumentField(field)) return documentSchema(DOCUMENT_FIELDS[field], VALIDATION_MESSAGES.required);
  return required();
};
const schema = object(
  Object.fromEntries(Object.keys(EMPTY).map((field) => [field, fieldSchema(field)])) as Record<
    keyof LicenceValues,
    ReturnType<typeof required>
  >,
);

const formatCpf = (cpf: string) => cpf.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4');

/** Every field has something in it: the only rule for Continue (docs/product-rules.md, "Validation and masks"). */
const allFilled = (values: LicenceValues) => Object.values(values).every((value) => value.trim() !== '');

/** True when the "Validade" typed is a whole date before today (Brazil's day): the CNH expired. */
export function expiredLicence(typedValidity: string, now: Date = new Date()): boolean {
  const iso = typedDateToIso(typedValidity);
  return iso !== undefined && iso < isoDateFromToday(0, now);
}

/** What the service read back fills the form when no draft is kept. */
function fromReadBack(readBack: LicenceReadBack): LicenceValues {
  const licence = readBack.driverLicense;
  if (!licence) return EMPTY;
  return {
    ...EMPTY,
    DocumentNumber: licence.documentNumber ?? '',
    EmissionDate: fromIsoDate(licence.emissionDate),
    EmissionState: BRAZIL_STATES.some((uf) => uf === licence.emissionState) ? (licence.emissionState ?? '') : '',
  };
}

function toBody(values: LicenceValues): LicenceBody {
  const trimmed = Object.fromEntries(Object.entries(values).map(([field, value]) => [field, value.trim()])) as LicenceValues;
  for (const field of DATE_FIELDS) trimmed[field] = typedDateToIso(trimmed[field]) ?? trimmed[field];
  for (const field of Object.keys(DOCUMENT_FIELDS) as DocumentField[]) trimmed[field] = documentDigits(trimmed[field]);
  return { ...trimmed, Category: values.Category as LicenceBody['Category'] };
}

function LicenceForm({ guid, flow, modalityType }: { guid: string; flow: Flow; modalityType: string }) {
  const journey = useJourney();
  const draftKey = `licence:${guid}`;
  const load = useLoad((signal) => fetchLicence(guid, signal), [guid]);
  const { run: submit, running } = useSingleFlight(async (values: LicenceValues) => {
    try {
      await saveLicence(guid, toBody(values));
    } catch {
      return; // Alerted by callApi; the form keeps what was typed.
    }
    clearDraft(draftKey);
    // The end of the flow (document-flow.ts): back where the journey started, else on with the flow.
    journey.finish(afterFlow(flow, modalityType, guid));
  });
  return (
    <LoadView {...load}>
      {(readBack) => (
        <Formik<LicenceValues> initialValues={loadDraft(draftKey, fromReadBack(readBack))} validationSchema={schema} onSubmit={submit}>
          {({ values }) => (
            <Form noValidate>
              <FormDraft storageKey={draftKey} />
              <FocusFirstError />
              <p>{LICENCE_TEXTS.intro}</p>
              {readBack.driverLicense?.name ? (
                <p className="licence-holder">
                  {LICENCE_TEXTS.holder}: {readBack.driverLicense.name}
                  {readBack.driverLicense.cpf ? ` · CPF ${formatCpf(readBack.driverLicense.cpf)}` : ''}
                </p>
              ) : null}
              <FormField name="RegisterNumber" label="Nº de registro da CNH" inputMode="numeric" autoComplete="off" />
              <SelectField name="Category" label="Categoria" placeholder="Selecione" options={CATEGORY_OPTIONS} />
              <FormField name="FirstLicenseDate" label="Data da 1ª habilitação" mask="date" placeholder="DD/MM/AAAA" />
              <FormField
                name="ExpirationDate"
                label="Validade"
                mask="date"
                placeholder="DD/MM/AAAA"
                hint={expiredLicence(values.ExpirationDate) ? LICENCE_TEXTS.expired : undefined}
              />
              <FormField name="BirthDate" label="Data de nascimento" mask="date" placeholder="DD/MM/AAAA" autoComplete="bday" />
              <FormField name="DocumentNumber" label="Documento de identidade (RG)" autoComplete="off" />
              <FormField name="DocumentIssuingAuthority" label="Órgão emissor do documento" autoComplete="off" />
              <SelectField name="DocumentIssuingState" label="UF do documento" placeholder="Selecione" options={STATE_OPTIONS} />
              <FormField name="MotherName" label="Nome da mãe" autoComplete="off" />
              <FormField name="FatherName" label="Nome do pai" autoComplete="off" hint={LICENCE_TEXTS.fatherHint} />
              <FormField name="Remark" label="Observações" autoComplete="off" />
              <FormField name="EmissionCity" label="Cidade de emissão" autoComplete="off" />
              <SelectField name="EmissionState" label="UF de emissão" placeholder="Selecione" options={STATE_OPTIONS} />
              <FormField name="EmissionDate" label="Data de emissão" mask="date" placeholder="DD/MM/AAAA" />
              <FormField name="RenachNumber" label="Número RENACH" autoComplete="off" autoCapitalize="characters" />
              <FormField name="SecurityNumber" label="Número de segurança" inputMode="numeric" autoComplete="off" />
              <FormField name="MirrorNumber" label="Número do espelho" inputMode="numeric" autoComplete="off" />
              <ContinueWhenFilled filled={allFilled(values)} running={running} />
            </Form>
          )}
        </Formik>
      )}
    </LoadView>
  );
}

/** /register/cnh/:flow/:modalityType — the licence's data, every field required. */
export function LicencePage() {
  const params = useParams();
  const flow = isFlow(params.flow) ? params.flow : undefined;
  const guid = registeringDriver();
  const modality = parseModality(params.modalityType);
  const { returnTo } = useJourney();
  let body = <DriverUnknown />;
  if (modality === undefined || flow === undefined) body = <p role="alert">{LICENCE_TEXTS.invalidModality}</p>;
  else if (guid) body = <LicenceForm guid={guid} flow={flow} modalityType={String(modality)} />;
  return (
    <Page title={LICENCE_TEXTS.title} backTo={dataFormBack(flow ?? 'new', modality, guid, returnTo)}>
      {body}
    </Page>
  );
}
