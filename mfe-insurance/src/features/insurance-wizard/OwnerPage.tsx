import { useSingleFlight } from '@driver-portal/shared/data';
import { FocusFirstError, ChoiceField, clearDraft, Form, FormDraft, Formik, loadDraft, type Choice } from '@driver-portal/shared/forms';
import { Button } from '@driver-portal/shared/ui';
import { fetchDriver } from './api';
import { useContinue, WizardStepPage } from './WizardStepPage';
import { DRAFT_KEYS, EMPTY_OWNER, ownerSchema, saveAnswers, type OwnerAnswers, type WizardAnswers } from './wizard';

const YES_NO: readonly Choice[] = [
  { value: 'Sim', label: 'Sim' },
  { value: 'Não', label: 'Não' },
];

function OwnerForm({ answers, driverId }: { answers: WizardAnswers; driverId: string }) {
  const proceed = useContinue('owner');
  const { run: submit, running } = useSingleFlight(async (values: OwnerAnswers) => {
    let ownerFromDriver: WizardAnswers['ownerFromDriver'];
    if (values.isOwner === 'Sim') {
      // The owner is the driver: name and CPF as registered (a failure was alerted by callApi).
      try {
        const driver = await fetchDriver(driverId);
        ownerFromDriver = { name: driver.name, cpf: driver.cpf };
      } catch {
        return;
      }
    }
    const saved = saveAnswers({ owner: values, ownerFromDriver });
    clearDraft(DRAFT_KEYS.owner);
    proceed(saved);
  });
  return (
    <Formik initialValues={loadDraft(DRAFT_KEYS.owner, answers.owner ?? EMPTY_OWNER)} validationSchema={ownerSchema} onSubmit={submit}>
      <Form noValidate>
        <FormDraft storageKey={DRAFT_KEYS.owner} />
        <FocusFirstError />
        <ChoiceField name="isOwner" legend="Você é o proprietário do veículo?" choices={YES_NO} />
        <Button type="submit" className="button-block" aria-disabled={running || undefined}>
          Continuar
        </Button>
      </Form>
    </Formik>
  );
}

/**
 * /car-insurance/owner: Sim skips to the additional drivers with the owner filled from the
 * driver's own CPF and name; Não asks for the owner's (docs/product-rules.md, "Insurance and card").
 */
export function OwnerPage() {
  return <WizardStepPage step="owner">{(answers, driverId) => <OwnerForm answers={answers} driverId={driverId} />}</WizardStepPage>;
}
