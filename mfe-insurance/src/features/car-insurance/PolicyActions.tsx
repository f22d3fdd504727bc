import { useId, useRef, useState, type RefObject } from 'react';
import { flushSync } from 'react-dom';
import { useSingleFlight } from '@driver-portal/shared/data';
import { formatDate } from '@driver-portal/shared/format';
import { showSuccess } from '@driver-portal/shared/events';
import { Button } from '@driver-portal/shared/ui';
import { cancelPolicy, renewPolicy } from './api';
import { SUCCESS_TEXTS } from './constants';

/**
 * After a request was accepted its button is replaced by the same text as the success alert,
 * so the driver cannot send it twice; focus goes there, and the alert returns it there.
 */
function SentStatus({ text, statusRef }: { text: string; statusRef: RefObject<HTMLParagraphElement | null> }) {
  return (
    <p ref={statusRef} tabIndex={-1} role="status" className="card">
      {text}
    </p>
  );
}

/**
 * Sends one request at a time; a failure was already alerted by `callApi` (`alertOnError`) and
 * leaves the screen as it was, so the driver can try again. On success `onSent` runs.
 */
function useRequest(request: () => Promise<unknown>, onSent: () => void) {
  return useSingleFlight(async () => {
    try {
      await request();
    } catch {
      return;
    }
    onSent();
  });
}

type ConfirmStep = 'idle' | 'confirming' | 'sent';

interface ConfirmedActionProps {
  /** The button that starts it, e.g. "Cancelar seguro". */
  label: string;
  variant: 'primary' | 'secondary';
  /** Shown above the button (and kept while confirming). */
  note?: string;
  /** The question asked on the page before anything is sent. */
  question: string;
  confirmLabel: string;
  request: () => Promise<unknown>;
  successText: string;
  /** After the request was accepted (the home reads the policy again). */
  onSent?: () => void;
}

/**
 * An action on the policy that cannot be taken back: the driver confirms on the page first
 * (focus moves to the question; Voltar backs out and returns it to the button), then it is sent.
 */
function ConfirmedAction({ label, variant, note, question, confirmLabel, request, successText, onSent }: ConfirmedActionProps) {
  const [step, setStep] = useState<ConfirmStep>('idle');
  const startButtonRef = useRef<HTMLButtonElement>(null);
  const questionRef = useRef<HTMLParagraphElement>(null);
  const statusRef = useRef<HTMLParagraphElement>(null);
  const questionId = useId();
  const noteId = useId();

  const ask = () => {
    flushSync(() => setStep('confirming'));
    questionRef.current?.focus();
  };
  const { run: confirm, running: busy } = useRequest(request, () => {
    flushSync(() => setStep('sent'));
    statusRef.current?.focus();
    showSuccess(successText);
    onSent?.();
  });
  const back = () => {
    if (busy) return;
    flushSync(() => setStep('idle'));
    startButtonRef.current?.focus();
  };

  if (step === 'sent') return <SentStatus text={successText} statusRef={statusRef} />;
  const noteLine = note ? (
    <p id={noteId} className="card">
      {note}
    </p>
  ) : null;
  if (step === 'confirming') {
    return (
      <>
        {noteLine}
        <div className="card" role="group" aria-labelledby={questionId}>
          <p id={questionId} ref={questionRef} tabIndex={-1}>
            {question}
          </p>
          {/* aria-disabled rather than disabled while sending: a disabled button would drop the
              focus, and the alert dialog gives it back to the element that had it. */}
          <Button className="button-block" aria-disabled={busy || undefined} onClick={() => void confirm()}>
            {confirmLabel}
          </Button>
          <Button variant="secondary" className="button-block" aria-disabled={busy || undefined} onClick={back}>
            Voltar
          </Button>
        </div>
      </>
    );
  }
  return (
    <>
      {noteLine}
      <button
        ref={startButtonRef}
        type="button"
        className={`button button-${variant} button-block`}
        aria-describedby={note ? noteId : undefined}
        onClick={ask}
      >
        {label}
      </button>
    </>
  );
}

/**
 * "Renovar seguro": shown once the policy has expired. Says when it expired and, as cancelling
 * does, asks for confirmation before the renewal is sent.
 */
export function RenewAction({ requestId, expiredOn, onSent }: { requestId: string; expiredOn: Date; onSent?: () => void }) {
  const date = formatDate(expiredOn);
  return (
    <ConfirmedAction
      label="Renovar seguro"
      variant="primary"
      note={`Seu seguro venceu em ${date}.`}
      question={`Tem certeza de que deseja renovar o seu seguro, vencido em ${date}?`}
      confirmLabel="Confirmar renovação"
      request={() => renewPolicy(requestId)}
      successText={SUCCESS_TEXTS.renew}
      onSent={onSent}
    />
  );
}

/** "Cancelar seguro": asks for confirmation on the page first, then sends the request. */
export function CancelAction({ requestId, onSent }: { requestId: string; onSent?: () => void }) {
  return (
    <ConfirmedAction
      label="Cancelar seguro"
      variant="secondary"
      question="Tem certeza de que deseja cancelar o seu seguro?"
      confirmLabel="Confirmar cancelamento"
      request={() => cancelPolicy(requestId)}
      successText={SUCCESS_TEXTS.cancel}
      onSent={onSent}
    />
  );
}
