import { useSingleFlight } from '@driver-portal/shared/data';
import { showSuccess } from '@driver-portal/shared/events';
import { clearDraft, Form, FormDraft, FormField, Formik, loadDraft, SelectField } from '@driver-portal/shared/forms';
import { Button, Page } from '@driver-portal/shared/ui';
import { brazilYear } from '@driver-portal/shared/validation';
import { useKnownDriver } from '../../driver';
import { alertStatementFailure, requestIncomeStatement, STATEMENT_TEXTS } from './api';
import { CPF_INPUT, cpfReady, DATE_INPUT, incomeSchema } from './rules';
import './statement.css';

interface IncomeValues {
  year: string;
  cpf: string;
  birthDate: string;
  email: string;
}

const DRAFT_KEY = 'take-ir';
const EMPTY: IncomeValues = { year: '', cpf: '', birthDate: '', email: '' };
/** docs/product-rules.md, "Account": the current year back 5 years. */
const YEARS_BACK = 5;

/** The year now in Brazil, newest first down to five years before. */
export function incomeYears(now: Date = new Date()): number[] {
  const current = brazilYear(now);
  return Array.from({ length: YEARS_BACK + 1 }, (_unused, back) => current - back);
}

/**
 * /my-account/take-ir — the income statement of a year, sent by e-mail: year, CPF, birth date,
 * e-mail (lower case once typed), Continuar (disabled while the CPF is empty or invalid).
 */
export function IncomeStatementPage() {
  const { backTo } = useKnownDriver();
  const { run: send } = useSingleFlight(async (values: IncomeValues) => {
    const email = values.email.trim().toLowerCase();
    const year = Number(values.year);
    try {
      await requestIncomeStatement({ year, cpf: values.cpf, birthDate: values.birthDate, email });
    } catch (error) {
      alertStatementFailure(error);
      return;
    }
    clearDraft(DRAFT_KEY);
    showSuccess(STATEMENT_TEXTS.irSent, { message: STATEMENT_TEXTS.irSentTo(year, email) });
  });

  return (
    <Page title="Informe de rendimentos" backTo={backTo}>
      <p className="statement-intro">O informe de rendimentos do ano escolhido será enviado para o seu e-mail.</p>
      <Formik initialValues={loadDraft(DRAFT_KEY, EMPTY)} validationSchema={incomeSchema} onSubmit={send}>
        {({ values, isSubmitting }) => (
          <Form noValidate>
            <FormDraft storageKey={DRAFT_KEY} />
            <SelectField
              name="year"
              label="Ano"
              placeholder="Selecione o ano"
              options={incomeYears().map((year) => ({ value: String(year), label: String(year) }))}
            />
            <FormField name="cpf" label="CPF" {...CPF_INPUT} />
            <FormField name="birthDate" label="Data de nascimento" {...DATE_INPUT} autoComplete="bday" />
            <FormField
              name="email"
              label="E-mail"
              type="email"
              inputMode="email"
              autoComplete="email"
              normalizeOnBlur={(value) => value.trim().toLowerCase()}
            />
            <Button type="submit" className="button-block" disabled={!cpfReady(values.cpf)} aria-disabled={isSubmitting || undefined}>
              Continuar
            </Button>
          </Form>
        )}
      </Formik>
    </Page>
  );
}
