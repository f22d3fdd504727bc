import { Link, useNavigate } from 'react-router';
import { useSingleFlight } from '@driver-portal/shared/data';
import { showAlert, showError, showSuccess } from '@driver-portal/shared/events';
import { onlyDigits } from '@driver-portal/shared/format';
import { clearDraft, Form, FormDraft, FormField, Formik, loadDraft } from '@driver-portal/shared/forms';
import { ApiError, ERROR_TEXTS } from '@driver-portal/shared/http';
import { HOME_PATH } from '@driver-portal/shared/links';
import { Button, Page } from '@driver-portal/shared/ui';
import { cpfSchema, mobileSchema, object } from '@driver-portal/shared/validation';
import { accountPaths } from '../../paths';
import { legacyReminder, lookUpDriver, PASSWORD_TEXTS } from './api';
import type { PasswordRouteState } from './ChangePasswordPage';
import './password.css';

interface ForgotValues {
  mobile: string;
  cpf: string;
}

const DRAFT_KEY = 'forgot-password';
/** Mobile and a CPF of 11 digits with valid check digits ("CPF invalido"). */
const schema = object({ mobile: mobileSchema(), cpf: cpfSchema() });

/**
 * The lookup's or the legacy reminder's failure (docs/product-rules.md, "Errors"): the server's validation message as an
 * error alert. Decision (issue 25, point 8): the driver stays on the form with the mobile and CPF
 * typed, for another try, instead of being sent home to type them again; whatever failed (the
 * server, a timeout, the connection).
 */
function alertLookupFailure(error: unknown): void {
  if (!(error instanceof ApiError)) {
    showError(ERROR_TEXTS.alertTitle, { message: ERROR_TEXTS.unexpected });
    return;
  }
  if (error.kind === 'cancelled') return;
  // No path of the reminder ends on "Sessão expirada" and /Login: the driver has no session.
  if (error.kind === 'unauthorized') {
    showError(PASSWORD_TEXTS.legacyRefused);
    return;
  }
  if (error.kind === 'validation' && error.validations.length > 0) {
    showAlert({ kind: 'error', title: error.title, details: error.validations.map((entry) => entry.message) });
    return;
  }
  showError(error.title, { message: error.message });
}

/**
 * /my-account/forgot-password — the mobile and CPF of the account. The lookup finds the driver
 * of the mobile: the typed CPF must be the driver's ("Seus dados não correspondem ao cadastro
 * informado."), then the password is changed by SMS code (change password, for that driver).
 * Without an id the driver is only in the legacy system: the legacy reminder sends a new
 * password by e-mail. The screen links back to /App.
 */
export function ForgotPasswordPage() {
  const navigate = useNavigate();
  const { run: submit } = useSingleFlight(async ({ mobile, cpf }: ForgotValues) => {
    let found;
    try {
      found = await lookUpDriver(mobile, cpf);
    } catch (error) {
      alertLookupFailure(error);
      return;
    }
    if (found.match === false) {
      showError(PASSWORD_TEXTS.mismatch);
      return;
    }
    if (!found.id) {
      try {
        await legacyReminder(cpf);
      } catch (error) {
        alertLookupFailure(error);
        return;
      }
      clearDraft(DRAFT_KEY);
      showSuccess(PASSWORD_TEXTS.legacySent);
      return;
    }
    if (!found.driver || onlyDigits(found.driver.cpf) !== onlyDigits(cpf)) {
      showError(PASSWORD_TEXTS.mismatch);
      return;
    }
    clearDraft(DRAFT_KEY);
    const state: PasswordRouteState = { driverId: found.id, mobile: onlyDigits(mobile) };
    void navigate(accountPaths.changePassword(), { state });
  });

  return (
    <Page title="Esqueci minha senha" backTo={HOME_PATH}>
      <p className="password-intro">Informe o celular e o CPF do seu cadastro.</p>
      <Formik
        initialValues={loadDraft<ForgotValues>(DRAFT_KEY, { mobile: '', cpf: '' })}
        validationSchema={schema}
        validateOnMount
        onSubmit={submit}
      >
        {({ isValid, isSubmitting }) => (
          <Form noValidate>
            <FormDraft storageKey={DRAFT_KEY} />
            <FormField name="mobile" label="Celular" mask="mobile" autoComplete="tel-national" />
            <FormField name="cpf" label="CPF" mask="cpf" autoComplete="off" />
            <Button type="submit" className="button-block" disabled={!isValid} aria-disabled={isSubmitting || undefined}>
              Continuar
            </Button>
          </Form>
        )}
      </Formik>
      <p className="password-links">
        <Link to={HOME_PATH}>Voltar para o início</Link>
      </p>
    </Page>
  );
}
