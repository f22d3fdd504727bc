import { BRAZIL_STATES } from '@driver-portal/shared/validation';
import { FocusFirstError, clearDraft, Form, FormDraft, FormField, Formik, loadDraft, SelectField } from '@driver-portal/shared/forms';
import { Button } from '@driver-portal/shared/ui';
import { MARITAL_STATUSES } from '../../contract';
import { useContinue, WizardStepPage } from './WizardStepPage';
import { complementSchema, DRAFT_KEYS, EMPTY_COMPLEMENT, saveAnswers, type ComplementAnswers, type WizardAnswers } from './wizard';

const MARITAL_OPTIONS = MARITAL_STATUSES.map((status) => ({ value: status, label: status }));
const STATE_OPTIONS = BRAZIL_STATES.map((uf) => ({ value: uf, label: uf }));

function ComplementForm({ answers }: { answers: WizardAnswers }) {
  const proceed = useContinue('complement');
  const submit = (values: ComplementAnswers) => {
    const saved = saveAnswers({ complement: { ...values, rg: values.rg.trim() } });
    clearDraft(DRAFT_KEYS.complement);
    proceed(saved);
  };
  return (
    <Formik
      initialValues={loadDraft(DRAFT_KEYS.complement, answers.complement ?? EMPTY_COMPLEMENT)}
      validationSchema={complementSchema}
      onSubmit={submit}
    >
      <Form noValidate>
        <FormDraft storageKey={DRAFT_KEYS.complement} />
        <FocusFirstError />
        <p>Complete os seus dados pessoais para a proposta do seguro.</p>
        <SelectField placeholder="Selecione" name="maritalStatus" label="Estado civil" options={MARITAL_OPTIONS} />
        {/* No maxLength: a browser would cut a pasted RG to fit without a word; the rule refuses it instead. */}
        <FormField name="rg" label="RG" autoComplete="off" />
        <SelectField placeholder="Selecione" name="ufRg" label="Estado emissor do RG" options={STATE_OPTIONS} />
        <FormField name="rgIssueDate" label="Data de emissão do RG" mask="date" placeholder="DD/MM/AAAA" autoComplete="off" />
        <Button type="submit" className="button-block">
          Continuar
        </Button>
      </Form>
    </Formik>
  );
}

/** /car-insurance/complememnt (alias /car-insurance/complement): marital status and the RG. */
export function ComplementPage() {
  return <WizardStepPage step="complement">{(answers) => <ComplementForm answers={answers} />}</WizardStepPage>;
}
