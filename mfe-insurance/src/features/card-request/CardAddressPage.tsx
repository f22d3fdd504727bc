import { BRAZIL_STATES } from '@driver-portal/shared/validation';
import { Navigate, useNavigate } from 'react-router';
import { useSingleFlight } from '@driver-portal/shared/data';
import { onlyDigits } from '@driver-portal/shared/format';
import {
  FocusFirstError,
  clearDraft,
  Form,
  FormDraft,
  FormField,
  Formik,
  loadDraft,
  SelectField,
  useFormikContext,
  useZipLookup,
} from '@driver-portal/shared/forms';
import { Button, Page } from '@driver-portal/shared/ui';
import { cepSchema, object, sameText, string, TEXT_LIMITS, textSchema } from '@driver-portal/shared/validation';
import type { CardAddress, ZipAddress } from '../../contract';
import { lookupZip, requestCard } from './api';
import { CardRequestGate, cardTermsAccepted } from './CardFlow';
import { CARD_PATHS, CARD_TEXTS } from './texts';

const DRAFT_KEY = 'card-address';
/** The address's number, as the onboarding's: at most 6 characters (docs/product-rules.md, "Onboarding"). */
const CARD_NUMBER_MAX_LENGTH = 6;
const EMPTY: CardAddress = { cep: '', address: '', number: '', complement: '', neighborhood: '', state: '', city: '' };
const STATE_OPTIONS = BRAZIL_STATES.map((uf) => ({ value: uf, label: uf }));

/**
 * Every text at most what the service holds (TEXT_LIMITS; the number 6, as the onboarding's
 * address), with no control or bidi character (issue 25, point 6): a longer value is kept whole
 * and refused, never cut, so the inputs have no maxLength.
 */
const required = (max: number) => textSchema(max).required(CARD_TEXTS.required);
const schema = object({
  cep: cepSchema(),
  address: required(TEXT_LIMITS.text),
  number: textSchema(CARD_NUMBER_MAX_LENGTH).required(CARD_TEXTS.required),
  complement: textSchema(TEXT_LIMITS.text),
  neighborhood: required(TEXT_LIMITS.text),
  state: string()
    .trim()
    .required(CARD_TEXTS.required)
    .oneOf([...BRAZIL_STATES], CARD_TEXTS.required),
  city: required(TEXT_LIMITS.city),
});

/**
 * The CEP (mask `00.000-000`) and its zip lookup (docs/product-rules.md, "Validation and masks",
 * "Gaps the product defines"; the platform's `useZipLookup`): what the lookup finds fills the
 * address, neighbourhood, state and city; not found, or the lookup failing: "CEP não encontrado"
 * under the field and the driver types the address.
 */
function CepField() {
  const { values, setFieldValue } = useFormikContext<CardAddress>();
  const filledBy = (found: ZipAddress): Array<[keyof CardAddress, string]> => [
    ['address', found.logradouro.trim()],
    ['neighborhood', found.bairro.trim()],
    ['state', found.uf.trim()],
    ['city', found.localidade.trim()],
  ];
  const { notFound } = useZipLookup(
    values.cep,
    lookupZip,
    (found) => {
      for (const [field, value] of filledBy(found)) if (value !== '') void setFieldValue(field, value, false);
    },
    // Another CEP: what the last lookup filled is not this CEP's address (unless retyped by hand).
    (found) => {
      for (const [field, value] of filledBy(found))
        if (value !== '' && sameText(values[field], value)) void setFieldValue(field, '', false);
    },
  );
  return (
    <div aria-live="polite">
      <FormField name="cep" label="CEP" mask="cardCep" autoComplete="postal-code" hint={notFound ? CARD_TEXTS.zipNotFound : undefined} />
    </div>
  );
}

function AddressForm({ driverId }: { driverId: string }) {
  const navigate = useNavigate();
  const { run: submit, running } = useSingleFlight(async (values: CardAddress) => {
    const address: CardAddress = {
      cep: onlyDigits(values.cep),
      address: values.address.trim(),
      number: values.number.trim(),
      complement: values.complement.trim(),
      neighborhood: values.neighborhood.trim(),
      state: values.state,
      city: values.city.trim(),
    };
    try {
      await requestCard(driverId, address);
    } catch {
      return; // alerted by callApi; the form keeps what was typed
    }
    clearDraft(DRAFT_KEY);
    clearDraft('card-terms');
    cardTermsAccepted.set(undefined);
    void navigate(CARD_PATHS.status, { replace: true });
  });
  return (
    <Formik initialValues={loadDraft(DRAFT_KEY, EMPTY)} validationSchema={schema} onSubmit={submit}>
      <Form noValidate>
        <FormDraft storageKey={DRAFT_KEY} />
        <FocusFirstError />
        <p>Para onde devemos enviar o seu cartão?</p>
        <CepField />
        <FormField name="address" label="Endereço" autoComplete="address-line1" />
        <div className="card-field-row">
          <FormField name="number" label="Número" autoComplete="off" className="card-field-number" />
          <FormField name="complement" label="Complemento (opcional)" autoComplete="address-line2" className="card-field-main" />
        </div>
        <FormField name="neighborhood" label="Bairro" autoComplete="off" />
        <SelectField placeholder="Selecione" name="state" label="Estado" options={STATE_OPTIONS} />
        <FormField name="city" label="Cidade" autoComplete="address-level2" />
        <Button type="submit" className="button-block" aria-disabled={running || undefined}>
          Pedir cartão
        </Button>
      </Form>
    </Formik>
  );
}

/** /card-request/address: where the card is sent (after the terms). */
export function CardAddressPage() {
  if (cardTermsAccepted.get() !== 'yes') return <Navigate to={CARD_PATHS.terms} replace />;
  return (
    <Page title="Endereço de entrega" backTo={CARD_PATHS.terms}>
      <CardRequestGate>{(driverId) => <AddressForm driverId={driverId} />}</CardRequestGate>
    </Page>
  );
}
