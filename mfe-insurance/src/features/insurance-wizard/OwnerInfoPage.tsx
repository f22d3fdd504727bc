import { FocusFirstError, clearDraft, Form, FormDraft, FormField, Formik, loadDraft } from '@driver-portal/shared/forms';
import { Button } from '@driver-portal/shared/ui';
import { useContinue, WizardStepPage } from './WizardStepPage';
import { DRAFT_KEYS, EMPTY_PERSON, personSchema, saveAnswers, type PersonAnswers, type WizardAnswers } from './wizard';

function OwnerInfoForm({ answers }: { answers: WizardAnswers }) {
  const proceed = useContinue('owner-info');
  const submit = (values: PersonAnswers) => {
    const saved = saveAnswers({ ownerInfo: { name: values.name.trim(), cpf: values.cpf } });
    clearDraft(DRAFT_KEYS.ownerInfo);
    proceed(saved);
  };
  return (
    <Formik
      initialValues={loadDraft(DRAFT_KEYS.ownerInfo, answers.ownerInfo ?? EMPTY_PERSON)}
      validationSchema={personSchema}
      onSubmit={submit}
    >
      <Form noValidate>
        <FormDraft storageKey={DRAFT_KEYS.ownerInfo} />
        <FocusFirstError />
        <p>Informe os dados do proprietário do veículo.</p>
        <FormField name="name" label="Nome do proprietário" autoComplete="off" />
        <FormField name="cpf" label="CPF do proprietário" mask="cpf" autoComplete="off" />
        <Button type="submit" className="button-block">
          Continuar
        </Button>
      </Form>
    </Formik>
  );
}

/** /car-insurance/owner-info: the vehicle owner's name and CPF, when the driver is not the owner. */
export function OwnerInfoPage() {
  return <WizardStepPage step="owner-info">{(answers) => <OwnerInfoForm answers={answers} />}</WizardStepPage>;
}
