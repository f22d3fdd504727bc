import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { useLoad } from '@driver-portal/shared/data';
import { NOT_INFORMED } from '@driver-portal/shared/format';
import { callApi } from '@driver-portal/shared/http';
import { Button, LoadView } from '@driver-portal/shared/ui';
import { api } from '../../contract';
import { TAXI_MODALITY } from '../../eligibility';
import { bankName } from './banks';
import { STEP_TITLES, WIZARD_TEXTS } from './texts';
import { WizardStepPage } from './WizardStepPage';
import { ownsVehicle, saveAnswers, STEP_PATH, type WizardAnswers, type WizardStep } from './wizard';

/** One part of the review, with the way to change it (back to its step, then back here). */
function ReviewPart({ title, step, children }: { title: string; step: WizardStep; children: ReactNode }) {
  return (
    <section className="card review-part" aria-label={title}>
      <div className="review-part-header">
        <h2 className="card-title">{title}</h2>
        <Link to={STEP_PATH[step]} state={{ fromReview: true }} aria-label={`Alterar ${title.toLowerCase()}`}>
          Alterar
        </Link>
      </div>
      {children}
    </section>
  );
}

function Details({ rows }: { rows: Array<[string, string]> }) {
  return (
    <dl className="details insurance-details">
      {rows.map(([label, value]) => (
        <div key={label} className="details-row">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

const withDigit = (number: string, digit: string) => (digit ? `${number}-${digit}` : number);

/** A CPF as the forms show it (`000.000.000-00`), whether typed or sent by the register service as digits. */
function shownCpf(cpf: string): string {
  const digits = cpf.replace(/\D/g, '');
  return digits.length === 11 ? `${digits.slice(0, 3)}.${digits.slice(3, 6)}.${digits.slice(6, 9)}-${digits.slice(9)}` : cpf;
}

/**
 * The vehicle insured: the taxi of the driver's registration (modality 0), which the contract
 * sends; shown so the driver knows which car the insurance covers. Changed in the registration,
 * not here.
 */
function InsuredVehicle({ driverId }: { driverId: string }) {
  const load = useLoad(
    (signal) =>
      callApi(api.register.vehicle, { params: { id: driverId, m: TAXI_MODALITY }, signal }).then(({ response }) => response.vehicle),
    [driverId],
  );
  return (
    <section className="card review-part" aria-label={WIZARD_TEXTS.insuredVehicle}>
      <div className="review-part-header">
        <h2 className="card-title">{WIZARD_TEXTS.insuredVehicle}</h2>
      </div>
      <LoadView {...load}>{(vehicle) => <Details rows={[['Placa', vehicle.plate]]} />}</LoadView>
    </section>
  );
}

function Review({ answers, driverId }: { answers: WizardAnswers; driverId: string }) {
  const navigate = useNavigate();
  const { complement, financial } = answers;
  const owner = ownsVehicle(answers) ? answers.ownerFromDriver : answers.ownerInfo;
  const drivers = answers.drivers ?? [];
  const proceed = () => {
    saveAnswers({ reviewed: true });
    void navigate(STEP_PATH.terms);
  };
  return (
    <>
      <p>Confira os dados antes de contratar. Toque em Alterar para corrigir uma parte.</p>
      <InsuredVehicle driverId={driverId} />
      <ReviewPart title={STEP_TITLES.complement} step="complement">
        <Details
          rows={[
            ['Estado civil', complement?.maritalStatus ?? NOT_INFORMED],
            ['RG', complement?.rg || NOT_INFORMED],
            ['Estado emissor do RG', complement?.ufRg || NOT_INFORMED],
            ['Data de emissão do RG', complement?.rgIssueDate ?? NOT_INFORMED],
          ]}
        />
      </ReviewPart>
      <ReviewPart title={STEP_TITLES.financial} step="financial">
        <Details
          rows={[
            ['Banco', financial ? bankName(financial.bank) : NOT_INFORMED],
            ['Agência', financial ? withDigit(financial.agency, financial.agencyDigit) : NOT_INFORMED],
            ['Conta', financial ? withDigit(financial.account, financial.accountDigit) : NOT_INFORMED],
          ]}
        />
      </ReviewPart>
      <ReviewPart title={STEP_TITLES.owner} step={ownsVehicle(answers) ? 'owner' : 'owner-info'}>
        <Details
          rows={[
            ['Você é o proprietário?', answers.owner?.isOwner || NOT_INFORMED],
            ['Nome', owner?.name ?? NOT_INFORMED],
            ['CPF', owner ? shownCpf(owner.cpf) : NOT_INFORMED],
          ]}
        />
        {ownsVehicle(answers) ? null : (
          <p className="review-extra-link">
            <Link to={STEP_PATH.owner} state={{ fromReview: true }}>
              Alterar resposta: você é o proprietário?
            </Link>
          </p>
        )}
      </ReviewPart>
      <ReviewPart title={STEP_TITLES.drivers} step="drivers">
        {drivers.length === 0 ? (
          <p>{WIZARD_TEXTS.noDrivers}</p>
        ) : (
          <ul className="driver-list" aria-label="Condutores adicionais">
            {drivers.map((driver) => (
              <li key={driver.cpf} className="driver-item">
                <div>
                  <p className="driver-name">{driver.name}</p>
                  <p className="driver-meta">
                    CPF <span className="nowrap">{shownCpf(driver.cpf)}</span> · nascimento{' '}
                    <span className="nowrap">{driver.birthDate}</span>
                  </p>
                </div>
              </li>
            ))}
          </ul>
        )}
      </ReviewPart>
      <Button className="button-block" onClick={proceed}>
        Continuar
      </Button>
    </>
  );
}

/** /car-insurance/workflow: everything entered, each part with its way to change it. */
export function WorkflowPage() {
  return <WizardStepPage step="workflow">{(answers, driverId) => <Review answers={answers} driverId={driverId} />}</WizardStepPage>;
}
