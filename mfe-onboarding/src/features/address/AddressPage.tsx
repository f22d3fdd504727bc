import { useNavigate, useParams } from 'react-router';
import { useSingleFlight } from '@driver-portal/shared/data';
import {
  clearDraft,
  Form,
  FormDraft,
  FormField,
  Formik,
  loadDraft,
  SelectField,
  useFormikContext,
  useZipLookup,
  FocusFirstError,
} from '@driver-portal/shared/forms';
import { HOME_PATH } from '@driver-portal/shared/links';
import { Button, Page } from '@driver-portal/shared/ui';
import {
  BRAZIL_STATES,
  brazilStateSchema,
  cepSchema,
  object,
  sameText,
  TEXT_LIMITS,
  textSchema,
  VALIDATION_MESSAGES,
} from '@driver-portal/shared/validation';
import type { LocationBody, ZipAddress } from '../../contract';
import { DriverUnknown } from '../../driver';
import { registerPaths } from '../../paths';
import { registeringDriver } from '../../session';
import { lookupZip, saveLocation } from './api';

export const ADDRESS_TEXTS = {
  title: 'Endereço',
  intro: 'Informe o endereço onde você mora.',
  // docs/product-rules.md, "Gaps the product defines".
  zipNotFound: 'CEP não encontrado',
  // Ours: the documents give the limit, not its message.
  numberTooLong: 'O número deve ter no máximo 6 caracteres',
} as const;

/** The address's number: at most 6 characters (docs/product-rules.md, "Validation and masks"). */
export const NUMBER_MAX_LENGTH = 6;

const EMPTY: LocationBody = { zipCode: '', address: '', number: '', complement: '', district: '', state: '', city: '' };
const STATE_OPTIONS = BRAZIL_STATES.map((uf) => ({ value: uf, label: uf }));

/**
 * Every text at most what the service holds (TEXT_LIMITS; the number 6), with no control or bidi
 * character (issue 25, point 6): a longer value is kept whole and refused, never cut, so the
 * inputs have no maxLength.
 */
const required = (max: number) => textSchema(max).required(VALIDATION_MESSAGES.required);
const schema = object({
  zipCode: cepSchema(),
  address: required(TEXT_LIMITS.text),
  number: required(NUMBER_MAX_LENGTH).max(NUMBER_MAX_LENGTH, ADDRESS_TEXTS.numberTooLong),
  complement: textSchema(TEXT_LIMITS.text),
  district: required(TEXT_LIMITS.text),
  state: brazilStateSchema(),
  city: required(TEXT_LIMITS.city),
});

/**
 * The CEP (mask `00000-000`) and its zip lookup (the platform's `useZipLookup`): what the lookup
 * finds fills the address, district, state and city; not found, or the lookup failing: "CEP não
 * encontrado" under the field and the driver types the address.
 */
function ZipCodeField() {
  const { values, setFieldValue } = useFormikContext<LocationBody>();
  const filledBy = (found: ZipAddress): Array<[keyof LocationBody, string]> => [
    ['address', found.logradouro.trim()],
    ['district', found.bairro.trim()],
    ['state', BRAZIL_STATES.some((uf) => uf === found.uf.trim()) ? found.uf.trim() : ''],
    ['city', found.localidade.trim()],
  ];
  const { notFound } = useZipLookup(
    values.zipCode,
    lookupZip,
    (found) => {
      for (const [field, value] of filledBy(found)) if (value !== '') void setFieldValue(field, value);
    },
    // Another CEP: what the last lookup filled is not this CEP's address (unless retyped by hand).
    // Compared in NFC: the field holds the lookup's text in NFC once the driver touched it.
    (found) => {
      for (const [field, value] of filledBy(found)) if (value !== '' && sameText(values[field], value)) void setFieldValue(field, '');
    },
  );
  return (
    <div aria-live="polite">
      <FormField name="zipCode" label="CEP" mask="cep" autoComplete="postal-code" hint={notFound ? ADDRESS_TEXTS.zipNotFound : undefined} />
    </div>
  );
}

/**
 * Where the address leads once saved: the document checklist of the modality (the next step of
 * the new flow); without a modality in the path, the driver's document progress list.
 */
function nextAfterAddress(guid: string, modalityType: string | undefined): string {
  return modalityType === undefined ? registerPaths.reviewDocs(guid) : registerPaths.uploadPicture(modalityType);
}

function AddressForm({ guid, modalityType }: { guid: string; modalityType: string | undefined }) {
  const navigate = useNavigate();
  const draftKey = `address:${guid}`;
  const { run: submit, running } = useSingleFlight(async (values: LocationBody) => {
    const location: LocationBody = {
      zipCode: values.zipCode.trim(),
      address: values.address.trim(),
      number: values.number.trim(),
      complement: values.complement.trim(),
      district: values.district.trim(),
      state: values.state,
      city: values.city.trim(),
    };
    try {
      await saveLocation(guid, location);
    } catch {
      return; // Alerted by callApi; the form keeps what was typed.
    }
    clearDraft(draftKey);
    void navigate(nextAfterAddress(guid, modalityType));
  });
  return (
    <Formik initialValues={loadDraft(draftKey, EMPTY)} validationSchema={schema} onSubmit={submit}>
      <Form noValidate>
        <FormDraft storageKey={draftKey} />
        <FocusFirstError />
        <p>{ADDRESS_TEXTS.intro}</p>
        <ZipCodeField />
        <FormField name="address" label="Endereço" autoComplete="address-line1" />
        <FormField name="number" label="Número" autoComplete="off" />
        <FormField name="complement" label="Complemento (opcional)" autoComplete="address-line2" />
        <FormField name="district" label="Bairro" autoComplete="off" />
        <SelectField name="state" label="Estado" placeholder="Selecione" options={STATE_OPTIONS} autoComplete="address-level1" />
        <FormField name="city" label="Cidade" autoComplete="address-level2" />
        <Button type="submit" className="button-block" aria-disabled={running || undefined}>
          Continuar
        </Button>
      </Form>
    </Formik>
  );
}

/** /register/address/:flow and /register/address/:flow/:modalityType — the driver's address. */
export function AddressPage() {
  const { modalityType } = useParams();
  const guid = registeringDriver();
  return (
    <Page title={ADDRESS_TEXTS.title} backTo={modalityType === undefined ? HOME_PATH : registerPaths.viewDocs(modalityType)}>
      {guid ? <AddressForm guid={guid} modalityType={modalityType} /> : <DriverUnknown />}
    </Page>
  );
}
