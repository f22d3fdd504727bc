import { useNavigate } from 'react-router';
import { useSingleFlight } from '@driver-portal/shared/data';
import { showAlert, showSuccess } from '@driver-portal/shared/events';
import { formatBRL } from '@driver-portal/shared/format';
import { FocusFirstError, Form, FormDraft, Formik, loadDraft } from '@driver-portal/shared/forms';
import { ApiError, ERROR_TEXTS } from '@driver-portal/shared/http';
import { Button } from '@driver-portal/shared/ui';
import { boolean, object } from '@driver-portal/shared/validation';
import { CheckboxField } from '../../fields';
import { INSURANCE_OFFER, insuranceHomePath } from '../../offer';
import { contractFinished, deviceId, justContractedDriverId } from '../../session';
import { fetchVehicle, sendContract } from './api';
import { insuranceRequest } from './request';
import { CONTRACT_SUCCESS_TEXT, WIZARD_TEXTS } from './texts';
import { WizardStepPage } from './WizardStepPage';
import { clearWizard, DRAFT_KEYS, type WizardAnswers } from './wizard';

interface TermsValues {
  accepted: boolean;
}

const schema = object({ accepted: boolean().oneOf([true], WIZARD_TEXTS.termsRequired) });

/**
 * How a failed contract is told (docs/product-rules.md, "Errors"): a 400 shows its first
 * validation message, anything else the catalogue's text (500: "Ocorreu um erro inesperado…").
 */
function alertContractFailure(error: unknown): void {
  const failure = error instanceof ApiError ? error : undefined;
  if (failure?.kind === 'cancelled') return;
  const first = failure?.validations[0]?.message;
  if (failure?.kind === 'validation' && first) {
    showAlert({ kind: 'error', title: ERROR_TEXTS.validationTitle, message: first });
    return;
  }
  showAlert({ kind: 'error', title: failure?.title ?? ERROR_TEXTS.alertTitle, message: failure?.message ?? ERROR_TEXTS.unexpected });
}

const { annualPrice, instalments, loyaltyMonths, firstInstalment, firstInstalmentDebitDays, insurer } = INSURANCE_OFFER;

function TermsForm({ answers, driverId }: { answers: WizardAnswers; driverId: string }) {
  const navigate = useNavigate();
  const { run: contract, running } = useSingleFlight(async () => {
    let vehicle;
    try {
      vehicle = await fetchVehicle(driverId);
    } catch {
      return; // alerted by callApi
    }
    try {
      await sendContract(insuranceRequest(answers, driverId, deviceId(), vehicle));
    } catch (error) {
      alertContractFailure(error);
      return;
    }
    clearWizard();
    justContractedDriverId.set(driverId);
    contractFinished.set('yes');
    showSuccess(CONTRACT_SUCCESS_TEXT);
    // Home at once: nothing of the wizard is left to show here.
    void navigate(insuranceHomePath(driverId), { replace: true });
  });
  return (
    <Formik
      initialValues={loadDraft<TermsValues>(DRAFT_KEYS.terms, { accepted: false })}
      validationSchema={schema}
      onSubmit={() => contract()}
    >
      <Form noValidate>
        <FormDraft storageKey={DRAFT_KEYS.terms} />
        <FocusFirstError />
        <section className="card" aria-label="Condições do seguro">
          <h2 className="card-title">Condições do seguro</h2>
          <ul className="terms-list">
            <li>Seguro de automóvel {insurer} com cobertura para terceiros, oferecido aos motoristas de táxi.</li>
            <li>
              <span className="nowrap">{formatBRL(annualPrice)}</span> por ano, em {instalments} parcelas sem juros, com fidelidade de{' '}
              {loyaltyMonths} meses.
            </li>
            <li>
              A primeira parcela, de <span className="nowrap">{formatBRL(firstInstalment)}</span>, é debitada em até{' '}
              {firstInstalmentDebitDays} dias na conta informada; as demais, uma vez por mês.
            </li>
            <li>Os dados informados são verdadeiros e poderão ser confirmados pela seguradora.</li>
          </ul>
        </section>
        <CheckboxField name="accepted" label="Li e aceito os termos e condições do seguro" />
        <Button type="submit" className="button-block" aria-disabled={running || undefined}>
          Contratar
        </Button>
      </Form>
    </Formik>
  );
}

/** /car-insurance/terms: the terms, then the contract (`POST api/1.0/insurance`). */
export function TermsPage() {
  return <WizardStepPage step="terms">{(answers, driverId) => <TermsForm answers={answers} driverId={driverId} />}</WizardStepPage>;
}
