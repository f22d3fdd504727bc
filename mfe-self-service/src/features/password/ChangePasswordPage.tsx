import { useSingleFlight } from '@driver-portal/shared/data';
import { showSuccess } from '@driver-portal/shared/events';
import { Form, FormField, Formik, type FormikHelpers } from '@driver-portal/shared/forms';
import { AREA_HOME, Button, Page } from '@driver-portal/shared/ui';
import { object, passwordSchema, VALIDATION_MESSAGES } from '@driver-portal/shared/validation';
import { changePassword, SUCCESS_TEXTS } from './api';

interface ChangePasswordValues {
  senhaAntiga: string;
  novaSenha: string;
  confirmacao: string;
}

const INITIAL_VALUES: ChangePasswordValues = { senhaAntiga: '', novaSenha: '', confirmacao: '' };

/**
 * docs/product-rules.md, "Validation and masks": each field exactly 8 characters; the confirmation must match the new
 * password. The match rule comes after the length rules, so an empty or short confirmation
 * says "Senha deve conter 8 dígitos" and a full-length different one says they do not match.
 */
const schema = object({
  senhaAntiga: passwordSchema(),
  novaSenha: passwordSchema(),
  confirmacao: passwordSchema().test(
    'matches-new-password',
    VALIDATION_MESSAGES.passwordMismatch,
    (value, context) => value === (context.parent as Partial<ChangePasswordValues>).novaSenha,
  ),
});

/**
 * /password/change. Passwords are never stored (no FormDraft here: docs/product-rules.md, "Improvements over the original app"). Decisions
 * (the specification is silent): no maxLength on the inputs, because a pasted longer password
 * silently cut to 8 would set a password the driver does not know, so the rule's message shows
 * instead; after a success the form is cleared, so no password stays on the screen; after a
 * failure everything typed stays.
 */
export function ChangePasswordPage() {
  // The overlay covers the button, but Enter in a field could still send twice.
  const { run: submit } = useSingleFlight(async (values: ChangePasswordValues, helpers: FormikHelpers<ChangePasswordValues>) => {
    try {
      await changePassword(values.senhaAntiga, values.novaSenha);
    } catch {
      // Already alerted with the server's message (callApi alertOnError); the values stay.
      return;
    }
    helpers.resetForm();
    showSuccess(SUCCESS_TEXTS.changed);
  });

  return (
    <Page title="Alterar senha" backTo={AREA_HOME.selfService}>
      <Formik initialValues={INITIAL_VALUES} validationSchema={schema} onSubmit={submit}>
        {({ isSubmitting }) => (
          <Form noValidate>
            <FormField name="senhaAntiga" label="Senha atual" type="password" autoComplete="current-password" />
            <FormField
              name="novaSenha"
              label="Nova senha"
              type="password"
              autoComplete="new-password"
              hint="A senha deve ter 8 caracteres."
            />
            <FormField name="confirmacao" label="Confirmação de senha" type="password" autoComplete="new-password" />
            {/* aria-disabled rather than disabled while sending: the alert gives the focus back here. */}
            <Button type="submit" className="button-block" aria-disabled={isSubmitting || undefined}>
              Alterar senha
            </Button>
          </Form>
        )}
      </Formik>
    </Page>
  );
}
