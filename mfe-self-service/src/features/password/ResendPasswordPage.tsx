import { useSingleFlight } from '@driver-portal/shared/data';
import { showSuccess } from '@driver-portal/shared/events';
import { Form, FormField, Formik } from '@driver-portal/shared/forms';
import { HOME_PATH } from '@driver-portal/shared/links';
import { Button, Page } from '@driver-portal/shared/ui';
import { cpfSchema, object } from '@driver-portal/shared/validation';
import { resendPassword, SUCCESS_TEXTS } from './api';

interface ResendPasswordValues {
  cpf: string;
}

const schema = object({ cpf: cpfSchema() });

/**
 * /password/resend — password reminder by CPF, masked 000.000.000-00 and sent as digits only.
 * The CPF stays in the field after a success or a failure (decision: nothing secret in it, and
 * a driver who typed a wrong one can fix a digit instead of typing it all again).
 */
export function ResendPasswordPage() {
  const { run: submit } = useSingleFlight(async (values: ResendPasswordValues) => {
    try {
      await resendPassword(values.cpf);
    } catch {
      // Already alerted with the server's message (callApi alertOnError).
      return;
    }
    showSuccess(SUCCESS_TEXTS.resent);
  });

  return (
    <Page title="Lembrar senha" backTo={HOME_PATH}>
      <p>Informe o CPF do seu cadastro para receber a sua senha novamente.</p>
      <Formik initialValues={{ cpf: '' }} validationSchema={schema} onSubmit={submit}>
        {({ isSubmitting }) => (
          <Form noValidate>
            <FormField name="cpf" label="CPF" mask="cpf" autoComplete="off" />
            <Button type="submit" className="button-block" aria-disabled={isSubmitting || undefined}>
              Reenviar senha
            </Button>
          </Form>
        )}
      </Formik>
    </Page>
  );
}
