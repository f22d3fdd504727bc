import { typedDateToIso } from '@driver-portal/shared/format';
import { useEffect, useRef } from 'react';
import { useParams } from 'react-router';
import { useJourney } from '@driver-portal/shared/journey';
import { useLoad, useSingleFlight } from '@driver-portal/shared/data';
import {
  ChoiceField,
  clearDraft,
  Form,
  FormDraft,
  FormField,
  Formik,
  loadDraft,
  SelectField,
  useFormikContext,
  FocusFirstError,
} from '@driver-portal/shared/forms';
import { Button, LoadView, Page } from '@driver-portal/shared/ui';
import {
  BRAZIL_STATES,
  brazilYear,
  chassisToSend,
  cnpjSchema,
  cpfSchema,
  documentDigits,
  documentSchema,
  plateToSend,
  renavamToSend,
  isoDateFromToday,
  isoDateWithin,
  object,
  string,
  TEXT_LIMITS,
  TEXT_MESSAGES,
  textSchema,
  VALIDATION_MESSAGES,
} from '@driver-portal/shared/validation';
import type { CarBrand, CarModel, VehicleBody, VehicleReadBack } from '../../contract';
import { crlvReadingFor, crlvReadingRunning, forgetCrlvReading, markCrlvReadingShown, type KeptCrlvReading } from '../../crlv-reading';
import { parseModality } from '../../documents';
import { afterFlow, dataFormBack, isFlow, type Flow } from '../../document-flow';
import { fetchModalityVehicle } from '../../licence-review';
import { DriverUnknown } from '../../driver';
import { ContinueWhenFilled, FILL_ALL } from '../../fields';
import { registeringDriver } from '../../session';
import { fetchBrands, fetchModels, saveVehicle } from './api';
import { CRLV_FILL_TEXTS, fillFromReading, summaryOf, type FilledField, type FillRules } from './crlv-fill';
import './crlv-fill.css';

/** A vehicle this old (years of manufacture) is refused (docs/product-rules.md, "Licence and vehicle data"). */
export const VEHICLE_MAX_AGE_YEARS = 8;

export const VEHICLE_TEXTS = {
  title: 'Dados do veículo',
  intro: 'Preencha os dados exatamente como estão no CRLV do veículo.',
  fillAll: FILL_ALL,
  // Ours: reason 10 of the review, told before the driver waits days for it.
  tooOld: `Veículos com ${VEHICLE_MAX_AGE_YEARS} anos ou mais de fabricação não são aceitos: este CRLV será recusado na análise.`,
  chooseBrand: 'Escolha a marca primeiro',
  loadingModels: 'Carregando modelos...',
  modelsFailed: 'Não foi possível carregar os modelos.',
  invalidYear: 'Ano inválido',
  // Ours: a CRLV prints a model year of the year of manufacture or the next one.
  modelYearAfter: 'O ano do modelo é no máximo o ano seguinte ao de fabricação.',
  invalidDate: 'Data inválida',
  invalidModality: 'Modalidade inválida.',
  // Ours (decision 0029): while the PDF chosen is still being read.
  readingCrlv: 'Lendo os dados do seu CRLV-e...',
} as const;

/**
 * The fuels as the CRLV prints them: the RENAVAM system's table (codes 01 to 18, the same list as
 * the NF-e's `tpComb`), and the electric and hybrid ones SENATRAN's fleet statistics by fuel name
 * (ELETRICO, HIBRIDO, HIBRIDO PLUG-IN, GASOLINA/ALCOOL/ELETRICO, ETANOL/ELETRICO, DIESEL/ELETRICO,
 * CELULA COMBUSTIVEL), in alphabetical order, sent as printed (docs/decisions/0016).
 */
export const FUELS = [
  'ALCOOL',
  'ALCOOL/GAS NATURAL COMBUSTIVEL',
  'ALCOOL/GAS NATURAL VEICULAR',
  'ALCOOL/GASOLINA',
  'CELULA COMBUSTIVEL',
  'DIESEL',
  'DIESEL/ELETRICO',
  'DIESEL/GAS NATURAL COMBUSTIVEL',
  'DIESEL/GAS NATURAL VEICULAR',
  'ELETRICO',
  'ELETRICO/FONTE EXTERNA',
  'ELETRICO/FONTE INTERNA',
  'ETANOL/ELETRICO',
  'GAS METANO',
  'GAS NATURAL VEICULAR',
  'GASOGENIO',
  'GASOL/GAS NATURAL COMBUSTIVEL',
  'GASOLINA',
  'GASOLINA/ALCOOL/ELETRICO',
  'GASOLINA/ALCOOL/GAS NATURAL',
  'GASOLINA/ELETRICO',
  'GASOLINA/GAS NATURAL VEICULAR',
  'HIBRIDO',
  'HIBRIDO PLUG-IN',
  'VIDE/CAMPO/OBSERVACAO',
] as const;

/**
 * The fuels the form offered before 0016, as a read-back or a draft may still hold them, and the
 * printed fuel each is: a vehicle sent as "Flex" opens with ALCOOL/GASOLINA chosen.
 */
const FORMER_FUELS: Readonly<Record<string, (typeof FUELS)[number]>> = {
  Gasolina: 'GASOLINA',
  Álcool: 'ALCOOL',
  Flex: 'ALCOOL/GASOLINA',
  Diesel: 'DIESEL',
  GNV: 'GAS NATURAL VEICULAR',
  Elétrico: 'ELETRICO',
  Híbrido: 'HIBRIDO',
};

/** A fuel of the list, from a printed one or a former option; '' for anything else (the select then asks). */
export function fuelOf(value: string | null | undefined): string {
  const fuel = (value ?? '').trim();
  if (FUELS.some((item) => item === fuel.toUpperCase())) return fuel.toUpperCase();
  return FORMER_FUELS[fuel] ?? '';
}

interface VehicleValues {
  Plate: string;
  Renavam: string;
  Chassis: string;
  CrlvNumber: string;
  CurrentYear: string;
  Brand: string;
  Model: string;
  ManufactureYear: string;
  ModelYear: string;
  Type: string;
  Fuel: string;
  Color: string;
  EmissionCity: string;
  IssuingState: string;
  EmissionDate: string;
  Remark: string;
  OwnerName: string;
  OwnerDocumentType: 'CPF' | 'CNPJ' | '';
  OwnerDocument: string;
}

const EMPTY: VehicleValues = {
  Plate: '',
  Renavam: '',
  Chassis: '',
  CrlvNumber: '',
  CurrentYear: '',
  Brand: '',
  Model: '',
  ManufactureYear: '',
  ModelYear: '',
  Type: '',
  Fuel: '',
  Color: '',
  EmissionCity: '',
  IssuingState: '',
  EmissionDate: '',
  Remark: '',
  OwnerName: '',
  OwnerDocumentType: '',
  OwnerDocument: '',
};

const STATE_OPTIONS = BRAZIL_STATES.map((uf) => ({ value: uf, label: uf }));
const FUEL_OPTIONS = FUELS.map((fuel) => ({ value: fuel, label: fuel }));
const OWNER_CHOICES = [
  { value: 'CPF', label: 'Pessoa física (CPF)' },
  { value: 'CNPJ', label: 'Pessoa jurídica (CNPJ)' },
];

const isYear = (value: string | undefined) => /^\d{4}$/.test(value ?? '') && Number(value) >= 1950 && Number(value) <= brazilYear() + 1;

/** The CRLV's issue date: not before the oldest vehicle accepted (1950), not in the future (issue 25, point 6). */
const EMISSION_DATE_RANGE = (): [string, string] => ['1950-01-01', isoDateFromToday(0)];

const required = () => string().trim().required(VALIDATION_MESSAGES.required);
/**
 * A free text of the CRLV: at most what the service holds (TEXT_LIMITS), no control or bidi
 * character (issue 25, point 6). Refused whole, never cut: no field here has a maxLength (a
 * pasted 12-digit RENAVAM cut to 11 would pass for a valid one).
 */
const text = (max: number) => textSchema(max).required(VALIDATION_MESSAGES.required);
const year = () => required().test('year', VEHICLE_TEXTS.invalidYear, isYear);
/** A document number of the CRLV, checked as its issuer defines it (shared/src/validation/documents.ts). */
const number = (kind: Parameters<typeof documentSchema>[0]) => documentSchema(kind, VALIDATION_MESSAGES.required);
const schema = object({
  Plate: number('plate'),
  Renavam: number('renavam'),
  Chassis: number('chassis'),
  CrlvNumber: number('crlvNumber'),
  CurrentYear: year(),
  Brand: required(),
  Model: required(),
  ManufactureYear: year(),
  ModelYear: year().test('model-year', VEHICLE_TEXTS.modelYearAfter, (value, context) => {
    const manufacture: unknown = context.parent.ManufactureYear;
    return typeof manufacture !== 'string' || !isYear(manufacture) || !isYear(value) || Number(value) <= Number(manufacture) + 1;
  }),
  Type: text(TEXT_LIMITS.text),
  Fuel: required(),
  Color: text(TEXT_LIMITS.text),
  EmissionCity: text(TEXT_LIMITS.city),
  IssuingState: required(),
  EmissionDate: required()
    .test('date', VEHICLE_TEXTS.invalidDate, (value) => typedDateToIso(value ?? '') !== undefined)
    .test('date-range', TEXT_MESSAGES.dateOutOfRange, (value) => {
      const iso = typedDateToIso(value ?? '');
      return iso === undefined || isoDateWithin(iso, ...EMISSION_DATE_RANGE());
    }),
  Remark: text(TEXT_LIMITS.remark),
  OwnerName: text(TEXT_LIMITS.name),
  OwnerDocumentType: required(),
  OwnerDocument: string().when('OwnerDocumentType', ([type]: unknown[]) => (type === 'CNPJ' ? cnpjSchema() : cpfSchema())),
});

/**
 * The form's own rules, for a value read from the CRLV-e (decision 0029): the schema, field by
 * field with the other values read as its context, and a select's options (a fuel or a state
 * the select does not offer is not filled).
 */
const FILL_RULES: FillRules = {
  accepts: (field, values) => {
    if (field === 'Fuel') return FUELS.some((fuel) => fuel === values.Fuel);
    if (field === 'IssuingState') return BRAZIL_STATES.some((uf) => uf === values.IssuingState);
    try {
      schema.validateSyncAt(field, { ...EMPTY, ...values });
      return true;
    } catch {
      return false;
    }
  },
  fuelOf,
};

/** Every field has something in it: the only rule for Continue. */
const allFilled = (values: VehicleValues) => Object.values(values).every((value) => value.trim() !== '');

/** True when the year of manufacture typed makes the vehicle 8 or more years old. */
export function tooOld(manufactureYear: string, now: Date = new Date()): boolean {
  return /^\d{4}$/.test(manufactureYear) && brazilYear(now) - Number(manufactureYear) >= VEHICLE_MAX_AGE_YEARS;
}

function fromReadBack(vehicle: VehicleReadBack | undefined): VehicleValues {
  if (!vehicle) return EMPTY;
  const text = (value: number | string | null | undefined) => (value === undefined || value === null ? '' : String(value));
  return {
    ...EMPTY,
    Plate: vehicle.plate,
    Chassis: vehicle.chassis,
    Fuel: fuelOf(vehicle.fuel),
    IssuingState: BRAZIL_STATES.some((uf) => uf === vehicle.issuingState) ? vehicle.issuingState : '',
    Renavam: text(vehicle.renavam),
    Brand: text(vehicle.brandId),
    Model: text(vehicle.modelId),
    ManufactureYear: text(vehicle.manufactureYear),
    ModelYear: text(vehicle.modelYear),
    Color: text(vehicle.color),
  };
}

/**
 * The CRLV-e's values over the draft or the read-back, on the form's first opening with a reading
 * (the driver chose the PDF after typing: the document is the newer); later openings keep the
 * draft, where the driver's corrections are.
 */
function withReading(values: VehicleValues, crlv: CrlvOnForm | undefined): VehicleValues {
  if (!crlv || crlv.summary === undefined) return values;
  return { ...values, ...definedValues(crlv.filled) };
}

/** A draft kept before 0016 may hold a former fuel ("Flex"): it opens with the printed one chosen. */
const fromDraft = (values: VehicleValues): VehicleValues => ({ ...values, Fuel: fuelOf(values.Fuel) });

function toBody(values: VehicleValues, modalityType: number): VehicleBody {
  const trim = (value: string) => value.trim();
  return {
    ModalityType: modalityType,
    CurrentYear: Number(values.CurrentYear),
    Renavam: renavamToSend(values.Renavam),
    Chassis: chassisToSend(values.Chassis),
    Plate: plateToSend(values.Plate),
    Type: trim(values.Type),
    Fuel: values.Fuel,
    Brand: Number(values.Brand),
    Model: Number(values.Model),
    ManufactureYear: Number(values.ManufactureYear),
    ModelYear: Number(values.ModelYear),
    Color: trim(values.Color),
    Remark: trim(values.Remark),
    EmissionCity: trim(values.EmissionCity),
    EmissionDate: typedDateToIso(values.EmissionDate) ?? trim(values.EmissionDate),
    IssuingState: values.IssuingState,
    CrlvNumber: documentDigits(values.CrlvNumber),
    OwnerName: trim(values.OwnerName),
    OwnerDocument: values.OwnerDocument.replace(/[./\-\s]/g, '').toUpperCase(),
  };
}

/**
 * The chosen brand's models; a model of another brand (the brand changed) is cleared. `preloaded`:
 * the models the CRLV-e's brand was matched in, not asked for twice.
 */
function ModelField({ hint, preloaded }: { hint?: string; preloaded?: { brand: string; models: CarModel[] } }) {
  const { values, setFieldValue } = useFormikContext<VehicleValues>();
  const brand = values.Brand;
  const load = useLoad(
    (signal) => {
      if (brand === '') return Promise.resolve([]);
      return preloaded?.brand === brand ? Promise.resolve(preloaded.models) : fetchModels(brand, signal);
    },
    [brand, preloaded],
  );
  const models = load.state.status === 'success' ? load.state.data : undefined;
  useEffect(() => {
    if (models && values.Model !== '' && !models.some((item) => String(item.id) === values.Model)) void setFieldValue('Model', '');
  }, [models, values.Model, setFieldValue]);
  if (load.state.status === 'error') {
    return (
      <div className="field-error-state" role="alert">
        <p>{VEHICLE_TEXTS.modelsFailed}</p>
        <Button variant="secondary" onClick={load.reload}>
          Tentar novamente
        </Button>
      </div>
    );
  }
  let placeholder = 'Selecione';
  if (brand === '') placeholder = VEHICLE_TEXTS.chooseBrand;
  else if (!models) placeholder = VEHICLE_TEXTS.loadingModels;
  return (
    <SelectField
      name="Model"
      label="Modelo"
      hint={hint}
      placeholder={placeholder}
      disabled={brand === '' || !models}
      options={(models ?? []).map((item) => ({ value: String(item.id), label: item.model }))}
    />
  );
}

/** The year of manufacture, with the age notice under it once the vehicle is 8 or more years old. */
function ManufactureYearField({ mark }: { mark?: string }) {
  const { values } = useFormikContext<VehicleValues>();
  const hint = [mark, tooOld(values.ManufactureYear) ? VEHICLE_TEXTS.tooOld : undefined].filter(Boolean).join(' ');
  return (
    <div aria-live="polite">
      <FormField name="ManufactureYear" label="Ano de fabricação" inputMode="numeric" autoComplete="off" hint={hint || undefined} />
    </div>
  );
}

function OwnerDocumentField({ mark }: { mark?: string }) {
  const { values, setFieldValue, setFieldTouched } = useFormikContext<VehicleValues>();
  const shownType = useRef(values.OwnerDocumentType);
  useEffect(() => {
    const previous = shownType.current;
    if (previous === values.OwnerDocumentType) return;
    shownType.current = values.OwnerDocumentType;
    // A CNPJ is no CPF (nor the other way round): the number typed for the other kind goes, and
    // so does its message, instead of "11.222.333/0001-81" under "CPF do proprietário".
    if (previous !== '') {
      void setFieldValue('OwnerDocument', '', false);
      void setFieldTouched('OwnerDocument', false, false);
    }
  }, [values.OwnerDocumentType, setFieldValue, setFieldTouched]);
  if (values.OwnerDocumentType === '') return null;
  const isCnpj = values.OwnerDocumentType === 'CNPJ';
  return (
    <FormField
      key={values.OwnerDocumentType}
      name="OwnerDocument"
      label={isCnpj ? 'CNPJ do proprietário' : 'CPF do proprietário'}
      hint={mark}
      mask={isCnpj ? 'cnpj' : 'cpf'}
      autoComplete="off"
    />
  );
}

/** The CRLV-e read for this form (decision 0029): what it filled, why fields were not, and the message the first opening shows. */
interface CrlvOnForm {
  reading: KeptCrlvReading;
  filled: Partial<Record<FilledField, string>>;
  notes: Partial<Record<string, string>>;
  /** The one message about the document: only on the form's first opening with this reading. */
  summary?: string;
  /** The models of the brand matched, for the model select. */
  models?: { brand: string; models: CarModel[] };
}

interface Loaded {
  brands: CarBrand[];
  vehicle: VehicleReadBack | undefined;
  crlv?: CrlvOnForm;
}

/**
 * The reading on this form: on its first opening, matched and checked now (the models of the
 * brand fetched once, for the select too); on later openings, what that first one filled.
 */
async function crlvOnForm(reading: KeptCrlvReading, brands: CarBrand[], signal: AbortSignal): Promise<CrlvOnForm> {
  if (reading.filled) return { reading, filled: reading.filled, notes: reading.notes ?? {} };
  let models: CrlvOnForm['models'];
  const modelsOf = async (brand: string) => {
    const list = await fetchModels(brand, signal);
    models = { brand, models: list };
    return list;
  };
  const fields = reading.result.kind === 'read' ? reading.result.reading.fields : {};
  const { values, notes } = await fillFromReading(fields, brands, modelsOf, FILL_RULES);
  return { reading, filled: values, notes, summary: summaryOf(reading.result, values), models };
}

/** The reading's filled values (strings only, as kept in storage). */
const definedValues = (values: Partial<Record<string, string>>): Record<string, string> =>
  Object.fromEntries(Object.entries(values).filter((entry): entry is [string, string] => entry[1] !== undefined));

/** The one message about the CRLV-e read, at the form's top, the first time the form opens with it. */
function CrlvSummary({ crlv }: { crlv: CrlvOnForm }) {
  const { reading, filled, notes, summary } = crlv;
  useEffect(() => {
    if (summary !== undefined) markCrlvReadingShown(reading, definedValues(filled), definedValues(notes));
  }, [reading, filled, notes, summary]);
  if (summary === undefined) return null;
  return (
    <p className="crlv-summary" role="status">
      {summary}
    </p>
  );
}

function VehicleForm({ guid, flow, modalityType }: { guid: string; flow: Flow; modalityType: number }) {
  const journey = useJourney();
  const draftKey = `vehicle:${guid}:${modalityType}`;
  const load = useLoad(
    async (signal): Promise<Loaded> => {
      const [brands, vehicle, reading] = await Promise.all([
        fetchBrands(signal),
        fetchModalityVehicle(guid, modalityType, signal),
        crlvReadingFor(guid, modalityType, signal),
      ]);
      return { brands, vehicle, crlv: reading ? await crlvOnForm(reading, brands, signal) : undefined };
    },
    [guid, modalityType],
  );
  const { run: submit, running } = useSingleFlight(async (values: VehicleValues) => {
    try {
      await saveVehicle(guid, toBody(values, modalityType));
    } catch {
      return; // Alerted by callApi; the form keeps what was typed.
    }
    clearDraft(draftKey);
    forgetCrlvReading();
    // The end of the flow (document-flow.ts): back where the journey started, else on with the flow.
    journey.finish(afterFlow(flow, modalityType, guid));
  });
  return (
    <LoadView {...load} loadingLabel={crlvReadingRunning(guid, modalityType) ? VEHICLE_TEXTS.readingCrlv : undefined}>
      {({ brands, vehicle, crlv }) => (
        <Formik<VehicleValues>
          initialValues={withReading(fromDraft(loadDraft(draftKey, fromReadBack(vehicle))), crlv)}
          validationSchema={schema}
          onSubmit={submit}
        >
          {({ values }) => {
            // Under each field the document filled, while it holds what was read; else why it was not filled.
            const mark = (field: keyof VehicleValues) => {
              const read = crlv?.filled[field as FilledField];
              if (read !== undefined && read !== '' && values[field] === read) return CRLV_FILL_TEXTS.read;
              return crlv?.notes[field];
            };
            return (
              <Form noValidate>
                <FormDraft storageKey={draftKey} />
                <FocusFirstError />
                {crlv ? <CrlvSummary crlv={crlv} /> : null}
                <p>{VEHICLE_TEXTS.intro}</p>
                <FormField
                  name="Plate"
                  label="Placa"
                  hint={mark('Plate')}
                  autoComplete="off"
                  normalizeOnBlur={plateToSend}
                  autoCapitalize="characters"
                />
                <FormField name="Renavam" label="RENAVAM" hint={mark('Renavam')} inputMode="numeric" autoComplete="off" />
                <FormField name="Chassis" label="Chassi" hint={mark('Chassis')} autoComplete="off" autoCapitalize="characters" />
                <FormField name="CrlvNumber" label="Número do CRLV" hint={mark('CrlvNumber')} inputMode="numeric" autoComplete="off" />
                <FormField name="CurrentYear" label="Ano de exercício" hint={mark('CurrentYear')} inputMode="numeric" autoComplete="off" />
                <SelectField
                  name="Brand"
                  label="Marca"
                  hint={mark('Brand')}
                  placeholder="Selecione"
                  options={brands.map((brand) => ({ value: String(brand.id), label: brand.name }))}
                />
                <ModelField hint={mark('Model')} preloaded={crlv?.models} />
                <ManufactureYearField mark={mark('ManufactureYear')} />
                <FormField name="ModelYear" label="Ano do modelo" hint={mark('ModelYear')} inputMode="numeric" autoComplete="off" />
                <FormField name="Type" label="Tipo (espécie)" hint={mark('Type')} autoComplete="off" />
                <SelectField name="Fuel" label="Combustível" hint={mark('Fuel')} placeholder="Selecione" options={FUEL_OPTIONS} />
                <FormField name="Color" label="Cor" hint={mark('Color')} autoComplete="off" />
                <FormField name="EmissionCity" label="Cidade de emissão" hint={mark('EmissionCity')} autoComplete="off" />
                <SelectField name="IssuingState" label="UF" hint={mark('IssuingState')} placeholder="Selecione" options={STATE_OPTIONS} />
                <FormField name="EmissionDate" label="Data de emissão" hint={mark('EmissionDate')} mask="date" placeholder="DD/MM/AAAA" />
                <FormField name="Remark" label="Observações" hint={mark('Remark')} autoComplete="off" />
                <FormField name="OwnerName" label="Nome do proprietário" hint={mark('OwnerName')} autoComplete="off" />
                <ChoiceField name="OwnerDocumentType" legend="O proprietário é" choices={OWNER_CHOICES} />
                <OwnerDocumentField mark={mark('OwnerDocument')} />
                <ContinueWhenFilled filled={allFilled(values)} running={running} />
              </Form>
            );
          }}
        </Formik>
      )}
    </LoadView>
  );
}

/** /register/crlv/:flow/:modalityType — the vehicle's data, every field required. */
export function VehiclePage() {
  const params = useParams();
  const flow = isFlow(params.flow) ? params.flow : undefined;
  const guid = registeringDriver();
  const modality = parseModality(params.modalityType);
  const { returnTo } = useJourney();
  let body = <DriverUnknown />;
  if (modality === undefined || flow === undefined) body = <p role="alert">{VEHICLE_TEXTS.invalidModality}</p>;
  else if (guid) body = <VehicleForm guid={guid} flow={flow} modalityType={modality} />;
  return (
    <Page title={VEHICLE_TEXTS.title} backTo={dataFormBack(flow ?? 'new', modality, guid, returnTo)}>
      {body}
    </Page>
  );
}
