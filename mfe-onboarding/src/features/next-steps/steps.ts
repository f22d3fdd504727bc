import { HOME_PATH, portalPath } from '@driver-portal/shared/links';
import { getSessionValue } from '@driver-portal/shared/session';
import { registeredDriverGuid } from '../../session';

export type StepState = 'done' | 'current' | 'pending';

export interface OnboardingStep {
  label: string;
  state: StepState;
}

/**
 * The onboarding progress shown to the driver (docs/product-rules.md, "Onboarding"), in order. On next-steps the
 * account exists and the documents were sent; the data verification is under way.
 */
export const NEXT_STEPS: readonly OnboardingStep[] = [
  { label: 'Conta', state: 'done' },
  { label: 'Documentos enviados', state: 'done' },
  { label: 'Verificação dos dados', state: 'current' },
  { label: 'Solicitação do cartão', state: 'pending' },
  { label: 'Primeira viagem', state: 'pending' },
];

/** What a screen reader hears for each state (the marker only shows it visually). */
export const STEP_STATE_TEXT: Record<StepState, string> = {
  done: 'concluído',
  current: 'em andamento',
  pending: 'pendente',
};

/**
 * Where "Continuar" leads: the communication categories of the driver, with the header shown
 * (docs/product-rules.md, "Onboarding"). The driver id held for the session wins, else the stored driver
 * guid. Decision: when neither is known there is no inbox to open, so the driver goes home
 * (/App) instead of to a categories URL without a driver.
 */
export function continueTarget(): string {
  const driverId = getSessionValue('driverId') ?? registeredDriverGuid.get();
  if (!driverId) return HOME_PATH;
  // Another remote's screen (self-service): through the one helper for links across the portal.
  return `${portalPath('/communication/category/:driverId', { driverId })}?showHeader=true`;
}
