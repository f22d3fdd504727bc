import { useNavigate } from 'react-router';
import { HOME_PATH } from '@driver-portal/shared/links';
import { Button, Page } from '@driver-portal/shared/ui';
import { continueTarget, NEXT_STEPS, STEP_STATE_TEXT, type OnboardingStep } from './steps';
import './next-steps.css';

function StepItem({ step, position }: { step: OnboardingStep; position: number }) {
  return (
    <li className={`step step-${step.state}`} aria-current={step.state === 'current' ? 'step' : undefined}>
      <span className="step-marker" aria-hidden="true">
        {step.state === 'done' ? '✓' : position}
      </span>
      <span className="step-label">{step.label}</span>
      <span className="visually-hidden"> ({STEP_STATE_TEXT[step.state]})</span>
    </li>
  );
}

/** /register/next-steps/ — the onboarding progress after the documents were sent for analysis. */
export function NextStepsPage() {
  const navigate = useNavigate();
  return (
    <Page title="Próximos passos" backTo={HOME_PATH}>
      {/* role="list": some screen readers drop list semantics when list-style is none. */}
      <ol className="steps" role="list" aria-label="Etapas do cadastro">
        {NEXT_STEPS.map((step, index) => (
          <StepItem key={step.label} step={step} position={index + 1} />
        ))}
      </ol>
      <p>Recebemos seus documentos e estamos verificando seus dados.</p>
      <p>A análise pode levar até 7 dias úteis.</p>
      <Button className="button-block" onClick={() => navigate(continueTarget())}>
        Continuar
      </Button>
    </Page>
  );
}
