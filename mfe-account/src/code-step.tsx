import { useEffect, useRef } from 'react';
import { onlyDigits } from '@driver-portal/shared/format';
import { CodeField, Form, Formik, ResendCodeButton } from '@driver-portal/shared/forms';
import { Button } from '@driver-portal/shared/ui';
import { codeSchema, object } from '@driver-portal/shared/validation';
import './code-step.css';

export const CODE_STEP_TEXTS = {
  sent: (to: string) => `Enviamos um código de 6 dígitos para ${to}.`,
  typeIt: 'Digite o código que você recebeu.',
} as const;

export interface CodeStepProps {
  /** Where the code went (shown), or undefined when the driver already had one. */
  sentTo: string | undefined;
  confirmLabel: string;
  /**
   * What became of the code: `confirmed` (the flow moves on), `refused` (the service said the
   * code is wrong: it is cleared for the next one) or `not-sent` (a fault: a 500, a timeout, no
   * network; the code was not the problem, so it stays for another tap on the button).
   */
  onConfirm: (code: string) => Promise<CodeOutcome>;
  /** "Reenviar código", enabled when the countdown reaches 0. */
  onResend: () => void;
  remaining: number;
  /** A way back to the value's step ("Corrigir e-mail"); none when resending already leads there. */
  onBack?: () => void;
  backLabel?: string;
}

export type CodeOutcome = 'confirmed' | 'refused' | 'not-sent';

const schema = object({ code: codeSchema() });

/**
 * The 6-digit code of a change flow: the SMS code field (one-time-code autofill), the confirm
 * button enabled only with all 6 digits, and "Reenviar código" after the platform's countdown.
 * The code is never kept in a draft. The field takes the focus when the step opens.
 */
export function CodeStep({ sentTo, confirmLabel, onConfirm, onResend, remaining, onBack, backLabel }: CodeStepProps) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => box.current?.querySelector('input')?.focus(), []);
  return (
    <div ref={box}>
      <p role="status">{sentTo ? CODE_STEP_TEXTS.sent(sentTo) : CODE_STEP_TEXTS.typeIt}</p>
      <Formik
        initialValues={{ code: '' }}
        validationSchema={schema}
        validateOnMount
        onSubmit={async (values, helpers) => {
          if ((await onConfirm(onlyDigits(values.code))) !== 'refused') return;
          // A refused code is cleared for the next one (Confirmar waits for 6 digits again).
          helpers.resetForm();
          void helpers.validateForm({ code: '' });
        }}
      >
        {({ isValid, isSubmitting }) => (
          <Form noValidate>
            <CodeField name="code" label="Código" />
            <Button type="submit" className="button-block" disabled={!isValid} aria-disabled={isSubmitting || undefined}>
              {confirmLabel}
            </Button>
            <div className="code-step-actions">
              <ResendCodeButton onResend={onResend} remaining={remaining} />
              {onBack && backLabel ? (
                <Button variant="link" onClick={onBack}>
                  {backLabel}
                </Button>
              ) : null}
            </div>
          </Form>
        )}
      </Formik>
    </div>
  );
}
