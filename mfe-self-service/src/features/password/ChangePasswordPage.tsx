import { useSingleFlight } from '@driver-portal/shared/data';
import { showSuccess } from '@driver-portal/shared/events';
import { Form, Formik, PasswordField, type FormikHelpers } from '@driver-portal/shared/forms';
import { HOME_PATH } from '@driver-portal/shared/links';
import { Button, Page } from '@driver-portal/shared/ui';
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
 * /password/change. Passwords are never stored (no FormDraft here: docs/decisions/0005-fixes-over-the-original-app.md).
 * The inputs have minLength and maxLength 8 (the documents' "min and max 8"). Decisions (the
 * documents are silent): a pasted longer password is not cut to 8 by the browser, which would
 * set a password the driver does not know: it is kept whole and the rule's message shows; after
 * a success the form is cleared, so no password stays on the screen; after a failure everything
 * typed stays.
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
    <Page title="Alterar senha" backTo={HOME_PATH}>
      <Formik initialValues={INITIAL_VALUES} validationSchema={schema} onSubmit={submit}>
        {({ isSubmitting }) => (
          <Form noValidate>
            {/* The platform's PasswordField: minlength and maxlength 8, a longer paste kept whole and refused. */}
            <PasswordField name="senhaAntiga" label="Senha atual" kind="current" />
            <PasswordField name="novaSenha" label="Nova senha" kind="new" />
            <PasswordField name="confirmacao" label="Confirmação de senha" kind="confirmation" />
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
