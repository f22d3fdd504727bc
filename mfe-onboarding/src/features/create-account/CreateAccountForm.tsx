import { useMemo, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useLoad } from '@driver-portal/shared/data';
import { onlyDigits } from '@driver-portal/shared/format';
import {
  ChoiceField,
  clearDraft,
  Form,
  FormDraft,
  FormField,
  Formik,
  loadDraft,
  PasswordField,
  type FormikHelpers,
  FocusFirstError,
} from '@driver-portal/shared/forms';
import { ApiError } from '@driver-portal/shared/http';
import { safeExternalUrl } from '@driver-portal/shared/links';
import { Button, LoadView } from '@driver-portal/shared/ui';
import {
  array,
  cpfSchema,
  emailSchema,
  mixed,
  number,
  object,
  passwordSchema,
  TEXT_LIMITS,
  textSchema,
  VALIDATION_MESSAGES,
  ValidationError,
} from '@driver-portal/shared/validation';
import { GENDERS, type Gender, type PolicyItem } from '../../contract';
import { ListCheckbox } from '../../fields';
import { registerPaths } from '../../paths';
import { confirmedMobile, registeredDriverGuid } from '../../session';
import { createDriver, deviceInfo, fetchPolicies } from './api';
import { CREATE_ACCOUNT_TEXTS } from './texts';

interface AccountValues {
  name: string;
  cpf: string;
  email: string;
  password: string;
  gender: Gender | '';
  policies: number[];
}

const EMPTY: AccountValues = { name: '', cpf: '', email: '', password: '', gender: '', policies: [] };

/** The fields whose 400 entries also show under their inputs (docs/product-rules.md, "Errors"). */
const FIELDS_UNDER_INPUTS = ['cpf', 'email', 'password'] as const;

const GENDER_CHOICES = [
  { value: 'M', label: 'Masculino' },
  { value: 'F', label: 'Feminino' },
];

export const createAccountDraftKey = (mobile: string) => `create-account:${mobile}`;

function schemaFor(policies: readonly PolicyItem[]) {
  const ids = policies.map((policy) => policy.id);
  return object({
    // Issue 25, point 6: at most TEXT_LIMITS.name, no control or bidi character; refused, never cut.
    name: textSchema(TEXT_LIMITS.name).required(VALIDATION_MESSAGES.required),
    cpf: cpfSchema(),
    email: emailSchema(),
    password: passwordSchema(),
    gender: mixed<Gender | ''>()
      .oneOf([...GENDERS], VALIDATION_MESSAGES.required)
      .required(VALIDATION_MESSAGES.required),
    policies: array(number().required())
      .required()
      .test('all', CREATE_ACCOUNT_TEXTS.policiesRequired, (value) => ids.every((id) => (value ?? []).includes(id))),
  });
}

/**
 * The create-user form (docs/product-rules.md, "Onboarding", "Validation and masks"): Continuar
 * only when every rule holds and every policy is checked. The draft survives a reload of the
 * webview, never the password; a 400 lists its messages in the alert and puts those of cpf,
 * email and password under their inputs; nothing typed is lost on an error.
 */
export function CreateAccountForm({ mobile }: { mobile: string }) {
  const load = useLoad((signal) => fetchPolicies(signal), []);
  return <LoadView {...load}>{(policies) => <AccountForm mobile={mobile} policies={policies} />}</LoadView>;
}

type FieldUnderInput = (typeof FIELDS_UNDER_INPUTS)[number];
type FormErrors = Partial<Record<keyof AccountValues, string>>;

function AccountForm({ mobile, policies }: { mobile: string; policies: readonly PolicyItem[] }) {
  const navigate = useNavigate();
  const draftKey = createAccountDraftKey(mobile);
  const schema = useMemo(() => schemaFor(policies), [policies]);
  /**
   * What the service refused, per field, with the value it refused: the message stays under the
   * input until the driver changes that value (Formik's own validation would drop it at once).
   */
  const refused = useRef<Partial<Record<FieldUnderInput, { value: string; message: string }>>>({});

  const validate = async (values: AccountValues): Promise<FormErrors> => {
    const errors: FormErrors = {};
    try {
      await schema.validate(values, { abortEarly: false });
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      for (const item of error.inner) {
        const field = item.path?.split(/[.[]/)[0] as keyof AccountValues | undefined;
        if (field && !errors[field]) errors[field] = item.message;
      }
    }
    for (const field of FIELDS_UNDER_INPUTS) {
      const entry = refused.current[field];
      if (entry && entry.value === values[field] && !errors[field]) errors[field] = entry.message;
    }
    return errors;
  };

  const submit = async (values: AccountValues, helpers: FormikHelpers<AccountValues>) => {
    try {
      const { driverId } = await createDriver({
        mobile,
        name: values.name.trim(),
        email: values.email.trim().toLowerCase(),
        cpf: onlyDigits(values.cpf),
        password: values.password,
        gender: values.gender as Gender,
        policies: policies.map((policy) => policy.id),
        deviceInfo: deviceInfo(),
      });
      registeredDriverGuid.set(driverId);
      confirmedMobile.set(undefined);
      clearDraft(draftKey);
      void navigate(registerPaths.modality());
    } catch (error) {
      if (!(error instanceof ApiError)) return;
      const byField = error.fieldErrors();
      const fields = FIELDS_UNDER_INPUTS.filter((field) => byField[field]);
      for (const field of fields) {
        refused.current[field] = { value: values[field], message: byField[field] ?? '' };
        await helpers.setFieldTouched(field, true, false);
      }
      if (fields.length > 0) await helpers.validateForm();
    }
  };

  return (
    <Formik<AccountValues> initialValues={loadDraft(draftKey, EMPTY)} validate={validate} validateOnMount onSubmit={submit}>
      {({ isValid, isSubmitting }) => (
        <Form noValidate>
          <FormDraft storageKey={draftKey} />
          <FocusFirstError />
          <FormField name="name" label="Nome completo" autoComplete="name" />
          <FormField name="cpf" label="CPF" mask="cpf" />
          <FormField
            name="email"
            label="E-mail"
            type="email"
            autoComplete="email"
            inputMode="email"
            normalizeOnBlur={(value) => value.trim().toLowerCase()}
          />
          {/* Never in the draft (FormDraft leaves passwords out); the platform's PasswordField: minlength and maxlength 8, the seed's hint. */}
          <PasswordField name="password" label="Senha" kind="new" />
          <ChoiceField name="gender" legend={CREATE_ACCOUNT_TEXTS.genderLegend} choices={GENDER_CHOICES} />
          <fieldset className="choice-field">
            <legend>{CREATE_ACCOUNT_TEXTS.policiesLegend}</legend>
            {policies.map((policy) => {
              const href = safeExternalUrl(policy.documentUrl);
              return (
                <ListCheckbox
                  key={policy.id}
                  name="policies"
                  id={policy.id}
                  label={`Li e aceito: ${policy.description}`}
                  extra={
                    href ? (
                      <a href={href} target="_blank" rel="noopener noreferrer">
                        Ler {policy.description}
                      </a>
                    ) : null
                  }
                />
              );
            })}
          </fieldset>
          <Button type="submit" className="button-block" disabled={!isValid} aria-disabled={isSubmitting || undefined}>
            Continuar
          </Button>
        </Form>
      )}
    </Formik>
  );
}
