import { useId, useRef, useState, type RefObject } from 'react';
import { flushSync } from 'react-dom';
import { useSingleFlight } from '@driver-portal/shared/data';
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

/** "Renovar seguro": shown once the policy has expired. */
export function RenewAction({ requestId }: { requestId: string }) {
  const [sent, setSent] = useState(false);
  const statusRef = useRef<HTMLParagraphElement>(null);
  const { run: renew, running: busy } = useRequest(
    () => renewPolicy(requestId),
    () => {
      flushSync(() => setSent(true));
      statusRef.current?.focus();
      showSuccess(SUCCESS_TEXTS.renew);
    },
  );

  if (sent) return <SentStatus text={SUCCESS_TEXTS.renew} statusRef={statusRef} />;
  // aria-disabled rather than disabled while sending: a disabled button would drop the focus,
  // and the alert dialog gives it back to the element that had it.
  return (
    <Button className="button-block" aria-disabled={busy || undefined} onClick={() => void renew()}>
      Renovar seguro
    </Button>
  );
}

type CancelStep = 'idle' | 'confirming' | 'sent';

/** "Cancelar seguro": asks for confirmation on the page first, then sends the request. */
export function CancelAction({ requestId }: { requestId: string }) {
  const [step, setStep] = useState<CancelStep>('idle');
  const cancelButtonRef = useRef<HTMLButtonElement>(null);
  const questionRef = useRef<HTMLParagraphElement>(null);
  const statusRef = useRef<HTMLParagraphElement>(null);
  const questionId = useId();

  const ask = () => {
    flushSync(() => setStep('confirming'));
    questionRef.current?.focus();
  };

  const { run: confirm, running: busy } = useRequest(
    () => cancelPolicy(requestId),
    () => {
      flushSync(() => setStep('sent'));
      statusRef.current?.focus();
      showSuccess(SUCCESS_TEXTS.cancel);
    },
  );

  const back = () => {
    if (busy) return;
    flushSync(() => setStep('idle'));
    cancelButtonRef.current?.focus();
  };

  if (step === 'sent') return <SentStatus text={SUCCESS_TEXTS.cancel} statusRef={statusRef} />;
  if (step === 'confirming') {
    return (
      <div className="card" role="group" aria-labelledby={questionId}>
        <p id={questionId} ref={questionRef} tabIndex={-1}>
          Tem certeza de que deseja cancelar o seu seguro?
        </p>
        <Button className="button-block" aria-disabled={busy || undefined} onClick={() => void confirm()}>
          Confirmar cancelamento
        </Button>
        <Button variant="secondary" className="button-block" aria-disabled={busy || undefined} onClick={back}>
          Voltar
        </Button>
      </div>
    );
  }
  return (
    <button ref={cancelButtonRef} type="button" className="button button-secondary button-block" onClick={ask}>
      Cancelar seguro
    </button>
  );
}
