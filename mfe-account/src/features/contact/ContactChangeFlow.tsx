import { ApiError } from '@driver-portal/shared/http';
import { useState } from 'react';
import { useSingleFlight } from '@driver-portal/shared/data';
import { showSuccess } from '@driver-portal/shared/events';
import { clearDraft, Form, FormDraft, FormField, Formik, loadDraft, useCountdown, type FormFieldProps } from '@driver-portal/shared/forms';
import { Button, Page } from '@driver-portal/shared/ui';
import { object, type emailSchema } from '@driver-portal/shared/validation';
import { CodeStep, type CodeOutcome } from '../../code-step';
import { DriverUnknown, useKnownDriver } from '../../driver';
import { accountPaths } from '../../paths';
import './contact.css';

export interface ContactChangeFlowProps {
  title: string;
  intro: string;
  /** The new value's field (its name is `value`). */
  field: Omit<FormFieldProps, 'name'>;
  rule: ReturnType<typeof emailSchema>;
  /** "e-mail", "celular": the way back from the code step says what it corrects. */
  noun: string;
  draftName: string;
  /** How the value reads in "Enviamos um código ... para <value>". */
  shown?: (value: string) => string;
  sendCode: (driverId: string, value: string) => Promise<unknown>;
  confirm: (driverId: string, value: string, code: string) => Promise<unknown>;
  successText: string;
}

/**
 * New value, "Alterar" (enabled only while the value is valid) sends the code to it, then the
 * 6-digit code and "Confirmar"; success says so and leads to my account. What the driver typed
 * is kept across a reload (the code never is).
 */
export function ContactChangeFlow(props: ContactChangeFlowProps) {
  const { driverId, backTo } = useKnownDriver();
  return (
    <Page title={props.title} backTo={backTo}>
      {driverId ? <Steps {...props} driverId={driverId} /> : <DriverUnknown />}
    </Page>
  );
}

function Steps({
  intro,
  field,
  rule,
  noun,
  draftName,
  shown = (value) => value,
  sendCode,
  confirm,
  successText,
  driverId,
}: ContactChangeFlowProps & { driverId: string }) {
  const draftKey = `${draftName}:${driverId}`;
  const [sentTo, setSentTo] = useState<string>();
  const countdown = useCountdown();

  const { run: send } = useSingleFlight(async (value: string) => {
    try {
      await sendCode(driverId, value);
    } catch {
      return false; // Alerted; the value stays for another try.
    }
    setSentTo(value);
    countdown.restart();
    return true;
  });

  const onConfirm = async (code: string): Promise<CodeOutcome> => {
    if (!sentTo) return 'not-sent';
    try {
      await confirm(driverId, sentTo, code);
    } catch (error) {
      // Alerted. Only the service's refusal (a 400) is about the code; a fault keeps it typed.
      return error instanceof ApiError && error.kind === 'validation' ? 'refused' : 'not-sent';
    }
    clearDraft(draftKey);
    showSuccess(successText, { redirectTo: accountPaths.myAccount(driverId) });
    return 'confirmed';
  };

  return (
    <>
      {/* The value's form stays mounted under the code step: its draft is saved, and going back shows it as it was. */}
      <div hidden={sentTo !== undefined}>
        <p className="contact-intro">{intro}</p>
        <Formik
          initialValues={loadDraft(draftKey, { value: '' })}
          validationSchema={object({ value: rule })}
          validateOnMount
          onSubmit={async (values) => {
            await send(values.value.trim());
          }}
        >
          {({ isValid, isSubmitting }) => (
            <Form noValidate>
              <FormDraft storageKey={draftKey} />
              <FormField name="value" {...field} />
              <Button type="submit" className="button-block" disabled={!isValid} aria-disabled={isSubmitting || undefined}>
                Alterar
              </Button>
            </Form>
          )}
        </Formik>
      </div>
      {sentTo !== undefined ? (
        <CodeStep
          sentTo={shown(sentTo)}
          confirmLabel="Confirmar"
          onConfirm={onConfirm}
          onResend={() => void send(sentTo)}
          remaining={countdown.remaining}
          onBack={() => setSentTo(undefined)}
          backLabel={`Corrigir ${noun}`}
        />
      ) : null}
    </>
  );
}
