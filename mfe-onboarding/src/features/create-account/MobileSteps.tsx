import { useEffect, useRef, useState } from 'react';
import { useSingleFlight } from '@driver-portal/shared/data';
import { showError, showSuccess } from '@driver-portal/shared/events';
import { onlyDigits } from '@driver-portal/shared/format';
import { CodeField, Form, FormField, Formik, ResendCodeButton, useCountdown } from '@driver-portal/shared/forms';
import { HOME_PATH } from '@driver-portal/shared/links';
import { Button } from '@driver-portal/shared/ui';
import { codeSchema, mobileSchema, object } from '@driver-portal/shared/validation';
import { confirmCode, findDriverByMobile, requestCode } from './api';
import { CREATE_ACCOUNT_TEXTS } from './texts';

/** (21) 9.8765.4321, as the mask shows it. */
export function formatMobile(digits: string): string {
  const d = onlyDigits(digits);
  return d.length === 11 ? `(${d.slice(0, 2)}) ${d.slice(2, 3)}.${d.slice(3, 7)}.${d.slice(7)}` : d;
}

const mobileForm = object({ mobile: mobileSchema() });
const codeForm = object({ code: codeSchema() });

/**
 * The mobile confirmation (docs/product-rules.md, "Onboarding"): not-sent (the mobile, "Enviar
 * código"), sent (the 6-digit code; Continuar only with all 6; "Reenviar código" after the
 * countdown goes back to not-sent), then validated (`onValidated`). A mobile that already belongs
 * to a driver gets the success-style alert that leads to /App, and no SMS.
 */
export function MobileSteps({
  initialMobile,
  onValidated,
  onCodeSent,
}: {
  initialMobile: string;
  onValidated: (mobile: string) => void;
  /** Told when the SMS went out: the next step may be fetched while the driver reads it. */
  onCodeSent?: () => void;
}) {
  const [sentTo, setSentTo] = useState<string>();
  const [mobile, setMobile] = useState(() => formatMobile(initialMobile));
  const countdown = useCountdown();

  const { run: send, running: sending } = useSingleFlight(async (typed: string) => {
    const digits = onlyDigits(typed);
    setMobile(typed);
    try {
      if (await findDriverByMobile(digits)) {
        showSuccess(CREATE_ACCOUNT_TEXTS.alreadyRegistered, { redirectTo: HOME_PATH });
        return;
      }
      await requestCode(digits);
    } catch {
      return; // Alerted; the mobile stays for another try.
    }
    setSentTo(digits);
    countdown.restart();
    onCodeSent?.();
  });

  if (sentTo === undefined) {
    return (
      <>
        <p>{CREATE_ACCOUNT_TEXTS.mobileIntro}</p>
        <Formik initialValues={{ mobile }} validationSchema={mobileForm} validateOnMount onSubmit={(values) => send(values.mobile)}>
          {({ isValid }) => (
            <Form noValidate>
              <FormField name="mobile" label="Celular" mask="mobile" type="tel" autoComplete="tel-national" />
              <Button type="submit" className="button-block" disabled={!isValid} aria-disabled={sending || undefined}>
                Enviar código
              </Button>
            </Form>
          )}
        </Formik>
      </>
    );
  }
  return (
    <CodeStep
      mobile={sentTo}
      remaining={countdown.remaining}
      onResend={() => setSentTo(undefined)}
      onConfirm={async (code) => {
        try {
          const answer = await confirmCode(sentTo, code);
          if (!answer.verified) {
            showError(CREATE_ACCOUNT_TEXTS.wrongCode);
            return false;
          }
        } catch {
          return false; // Alerted (a wrong code is a 400 with its message).
        }
        onValidated(sentTo);
        return true;
      }}
    />
  );
}

function CodeStep({
  mobile,
  remaining,
  onResend,
  onConfirm,
}: {
  mobile: string;
  remaining: number;
  onResend: () => void;
  onConfirm: (code: string) => Promise<boolean>;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => box.current?.querySelector('input')?.focus(), []);
  return (
    <div ref={box}>
      <p role="status">{CREATE_ACCOUNT_TEXTS.sent(formatMobile(mobile))}</p>
      <Formik
        initialValues={{ code: '' }}
        validationSchema={codeForm}
        validateOnMount
        onSubmit={async (values, helpers) => {
          if (await onConfirm(onlyDigits(values.code))) return;
          // A refused code is cleared for the next one (Continuar waits for 6 digits again).
          helpers.resetForm();
          void helpers.validateForm({ code: '' });
        }}
      >
        {({ isValid, isSubmitting }) => (
          <Form noValidate>
            <CodeField name="code" label="Código" />
            <Button type="submit" className="button-block" disabled={!isValid} aria-disabled={isSubmitting || undefined}>
              Continuar
            </Button>
            <ResendCodeButton onResend={onResend} remaining={remaining} />
          </Form>
        )}
      </Formik>
    </div>
  );
}
