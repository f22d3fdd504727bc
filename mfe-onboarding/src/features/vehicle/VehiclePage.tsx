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
import type { CarBrand, VehicleBody, VehicleReadBack } from '../../contract';
import { parseModality } from '../../documents';
import { afterFlow, dataFormBack, isFlow, type Flow } from '../../document-flow';
import { fetchModalityVehicle } from '../../licence-review';
import { DriverUnknown } from '../../driver';
import { registeringDriver } from '../../session';
import { fetchBrands, fetchModels, saveVehicle } from './api';

/** A vehicle this old (years of manufacture) is refused (docs/product-rules.md, "Licence and vehicle data"). */
export const VEHICLE_MAX_AGE_YEARS = 8;

export const VEHICLE_TEXTS = {
  title: 'Dados do veículo',
  intro: 'Preencha os dados exatamente como estão no CRLV do veículo.',
  fillAll: 'Preencha todos os campos para continuar.',
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

/** The chosen brand's models; a model of another brand (the brand changed) is cleared. */
function ModelField() {
  const { values, setFieldValue } = useFormikContext<VehicleValues>();
  const brand = values.Brand;
  const load = useLoad((signal) => (brand === '' ? Promise.resolve([]) : fetchModels(brand, signal)), [brand]);
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
      placeholder={placeholder}
      disabled={brand === '' || !models}
      options={(models ?? []).map((item) => ({ value: String(item.id), label: item.model }))}
    />
  );
}

/** The year of manufacture, with the age notice under it once the vehicle is 8 or more years old. */
function ManufactureYearField() {
  const { values } = useFormikContext<VehicleValues>();
  return (
    <div aria-live="polite">
      <FormField
        name="ManufactureYear"
        label="Ano de fabricação"
        inputMode="numeric"
        autoComplete="off"
        hint={tooOld(values.ManufactureYear) ? VEHICLE_TEXTS.tooOld : undefined}
      />
    </div>
  );
}

function OwnerDocumentField() {
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
      mask={isCnpj ? 'cnpj' : 'cpf'}
      autoComplete="off"
    />
  );
}

interface Loaded {
  brands: CarBrand[];
  vehicle: VehicleReadBack | undefined;
}

function VehicleForm({ guid, flow, modalityType }: { guid: string; flow: Flow; modalityType: number }) {
  const journey = useJourney();
  const draftKey = `vehicle:${guid}:${modalityType}`;
  const load = useLoad(
    async (signal): Promise<Loaded> => {
      const [brands, vehicle] = await Promise.all([fetchBrands(signal), fetchModalityVehicle(guid, modalityType, signal)]);
      return { brands, vehicle };
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
    // The end of the flow (document-flow.ts): back where the journey started, else on with the flow.
    journey.finish(afterFlow(flow, modalityType, guid));
  });
  return (
    <LoadView {...load}>
      {({ brands, vehicle }) => (
        <Formik<VehicleValues>
          initialValues={fromDraft(loadDraft(draftKey, fromReadBack(vehicle)))}
          validationSchema={schema}
          onSubmit={submit}
        >
          {({ values }) => (
            <Form noValidate>
              <FormDraft storageKey={draftKey} />
              <FocusFirstError />
              <p>{VEHICLE_TEXTS.intro}</p>
              <FormField name="Plate" label="Placa" autoComplete="off" normalizeOnBlur={plateToSend} autoCapitalize="characters" />
              <FormField name="Renavam" label="RENAVAM" inputMode="numeric" autoComplete="off" />
              <FormField name="Chassis" label="Chassi" autoComplete="off" autoCapitalize="characters" />
              <FormField name="CrlvNumber" label="Número do CRLV" inputMode="numeric" autoComplete="off" />
              <FormField name="CurrentYear" label="Ano de exercício" inputMode="numeric" autoComplete="off" />
              <SelectField
                name="Brand"
                label="Marca"
                placeholder="Selecione"
                options={brands.map((brand) => ({ value: String(brand.id), label: brand.name }))}
              />
              <ModelField />
              <ManufactureYearField />
              <FormField name="ModelYear" label="Ano do modelo" inputMode="numeric" autoComplete="off" />
              <FormField name="Type" label="Tipo (espécie)" autoComplete="off" />
              <SelectField name="Fuel" label="Combustível" placeholder="Selecione" options={FUEL_OPTIONS} />
              <FormField name="Color" label="Cor" autoComplete="off" />
              <FormField name="EmissionCity" label="Cidade de emissão" autoComplete="off" />
              <SelectField name="IssuingState" label="UF" placeholder="Selecione" options={STATE_OPTIONS} />
              <FormField name="EmissionDate" label="Data de emissão" mask="date" placeholder="DD/MM/AAAA" />
              <FormField name="Remark" label="Observações" autoComplete="off" />
              <FormField name="OwnerName" label="Nome do proprietário" autoComplete="off" />
              <ChoiceField name="OwnerDocumentType" legend="O proprietário é" choices={OWNER_CHOICES} />
              <OwnerDocumentField />
              {allFilled(values) ? null : (
                <p id="vehicle-fill-all" className="form-hint">
                  {VEHICLE_TEXTS.fillAll}
                </p>
              )}
              <Button
                type="submit"
                className="button-block"
                disabled={!allFilled(values)}
                aria-describedby={allFilled(values) ? undefined : 'vehicle-fill-all'}
                aria-disabled={running || undefined}
              >
                Continuar
              </Button>
            </Form>
          )}
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
