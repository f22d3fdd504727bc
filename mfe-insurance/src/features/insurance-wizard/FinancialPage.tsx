import { FocusFirstError, clearDraft, Form, FormDraft, FormField, Formik, loadDraft, SelectField } from '@driver-portal/shared/forms';
import { Button } from '@driver-portal/shared/ui';
import { BANKS } from './banks';
import { useContinue, WizardStepPage } from './WizardStepPage';
import { DRAFT_KEYS, EMPTY_FINANCIAL, financialSchema, saveAnswers, type FinancialAnswers, type WizardAnswers } from './wizard';

const BANK_OPTIONS = BANKS.map((bank) => ({ value: bank.Id, label: `${bank.Id} - ${bank.Name}` }));

const trimmed = (values: FinancialAnswers): FinancialAnswers => ({
  bank: values.bank,
  agency: values.agency.trim(),
  agencyDigit: values.agencyDigit.trim(),
  account: values.account.trim(),
  accountDigit: values.accountDigit.trim(),
});

// No maxLength on the numbers: a browser would cut a pasted number to fit without a word (issue
// 25, point 3); financialSchema refuses what does not fit, under the field.
function FinancialForm({ answers }: { answers: WizardAnswers }) {
  const proceed = useContinue('financial');
  const submit = (values: FinancialAnswers) => {
    const saved = saveAnswers({ financial: trimmed(values) });
    clearDraft(DRAFT_KEYS.financial);
    proceed(saved);
  };
  return (
    <Formik
      initialValues={loadDraft(DRAFT_KEYS.financial, answers.financial ?? EMPTY_FINANCIAL)}
      validationSchema={financialSchema}
      onSubmit={submit}
    >
      <Form noValidate>
        <FormDraft storageKey={DRAFT_KEYS.financial} />
        <FocusFirstError />
        <p>A conta em que as parcelas do seguro serão debitadas. Ela deve estar no seu nome.</p>
        <SelectField placeholder="Selecione" name="bank" label="Banco" options={BANK_OPTIONS} />
        <div className="field-row">
          <FormField name="agency" label="Agência" inputMode="numeric" autoComplete="off" className="field-main" />
          <FormField
            name="agencyDigit"
            label="Dígito da agência"
            inputMode="numeric"
            autoComplete="off"
            className="field-digit"
            hint="Confira se a sua agência tem dígito (algumas usam 0)."
          />
        </div>
        <div className="field-row">
          <FormField name="account" label="Conta" inputMode="numeric" autoComplete="off" className="field-main" />
          <FormField
            name="accountDigit"
            label="Dígito da conta"
            inputMode="numeric"
            autoComplete="off"
            className="field-digit"
            hint="Se o dígito da sua conta for X, informe 0."
          />
        </div>
        <Button type="submit" className="button-block">
          Continuar
        </Button>
      </Form>
    </Formik>
  );
}

/** /car-insurance/financial: the bank account the instalments are debited from. */
export function FinancialPage() {
  return <WizardStepPage step="financial">{(answers) => <FinancialForm answers={answers} />}</WizardStepPage>;
}
