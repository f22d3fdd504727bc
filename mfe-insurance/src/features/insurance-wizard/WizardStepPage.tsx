import { useState, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { Page } from '@driver-portal/shared/ui';
import { insuranceHomePath } from '../../offer';
import { contractFinished, currentDriverId } from '../../session';
import { EligibilityGate } from '../../EligibilityGate';
import { STEP_TITLES, WIZARD_TEXTS } from './texts';
import { DISCLAIMER_PATH, nextStep, readAnswers, redirectFor, STEP_PATH, stepsOf, type WizardAnswers, type WizardStep } from './wizard';
import './wizard.css';

/** Where the header's back link leads on a deep link: the step before this one in the driver's flow. */
function previousPath(step: WizardStep, answers: WizardAnswers): string {
  const flow = stepsOf(answers);
  const index = step === 'owner-info' ? flow.indexOf('owner') + 1 : flow.indexOf(step);
  const previous = flow[index - 1];
  return previous ? STEP_PATH[previous] : DISCLAIMER_PATH;
}

interface WizardStepPageProps {
  step: WizardStep;
  children: (answers: WizardAnswers, driverId: string) => ReactNode;
}

/**
 * One step of the wizard: opened before the earlier steps are done, it leads to the first step
 * not done (replacing the address, so Back does not return to it); after the contract was made,
 * to the insurance home (a finished flow never opens again from the history). Without a known driver the
 * contract cannot be made: the screen says so and leads home.
 */
export function WizardStepPage({ step, children }: WizardStepPageProps) {
  // The answers as the step was opened: a step that saves, or the terms that clear everything
  // after the contract, must not be sent elsewhere by its own re-render before it moves on.
  const [answers] = useState(readAnswers);
  const redirect = redirectFor(step, answers);
  const driverId = currentDriverId();
  if (driverId && contractFinished.get() === 'yes') return <Navigate to={insuranceHomePath(driverId)} replace />;
  if (redirect) return <Navigate to={STEP_PATH[redirect]} replace />;
  return (
    <Page title={STEP_TITLES[step]} backTo={previousPath(step, answers)}>
      {driverId ? (
        // A step opened without the disclaimer's check (the native app's deep link to the first
        // step) checks first: nobody fills the steps to be refused at the last tap.
        <EligibilityGate driverId={driverId}>{() => children(answers, driverId)}</EligibilityGate>
      ) : (
        <p className="error-state" role="alert">
          {WIZARD_TEXTS.noDriver}
        </p>
      )}
    </Page>
  );
}

interface FromReview {
  fromReview?: boolean;
}

/**
 * Continuar of a step: to the next step of the flow; a change started on the review ("Alterar")
 * goes back to the review, through any step the change made necessary (owner-info after "Não").
 */
export function useContinue(step: WizardStep): (answers: WizardAnswers) => void {
  const navigate = useNavigate();
  const location = useLocation();
  const fromReview = (location.state as FromReview | null)?.fromReview === true;
  return (answers) => {
    const next = nextStep(step, answers, fromReview);
    void navigate(STEP_PATH[next], fromReview && next !== 'workflow' ? { state: { fromReview: true } satisfies FromReview } : undefined);
  };
}
