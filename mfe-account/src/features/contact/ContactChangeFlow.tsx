import { ApiError } from '@driver-portal/shared/http';
import { useState } from 'react';
import { useSingleFlight } from '@driver-portal/shared/data';
import { showSuccess } from '@driver-portal/shared/events';
import {
  clearDraft,
  draftStorage,
  draftStorageKey,
  Form,
  FormDraft,
  FormField,
  Formik,
  loadDraft,
  RESEND_WAIT_SECONDS,
  useCountdown,
  type FormFieldProps,
} from '@driver-portal/shared/forms';
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

/** Where and when the code went: kept with the drafts, so a reload stays on the code step. */
interface CodeSent {
  to: string;
  at: number;
}

/*
 * Kept beside the value's draft, under the same rules (docs/session.md, "Drafts": under the
 * driver, cleared by /Sair and a driver switch, dropped once the change is done). The code the
 * driver types is never stored: after a reload it is typed again, not requested again.
 */
const codeSentKey = (draftKey: string) => draftStorageKey(`${draftKey}:code-sent`);

function readCodeSent(draftKey: string): CodeSent | undefined {
  try {
    const parsed: unknown = JSON.parse(draftStorage().getItem(codeSentKey(draftKey)) ?? 'null');
    if (!parsed || typeof parsed !== 'object') return undefined;
    const { to, at } = parsed as Record<string, unknown>;
    return typeof to === 'string' && to !== '' && typeof at === 'number' ? { to, at } : undefined;
  } catch {
    return undefined;
  }
}

function writeCodeSent(draftKey: string, sent: CodeSent | undefined): void {
  // The drafts' storage: without storage in the webview, the page's memory (lost on a reload).
  if (sent) draftStorage().setItem(codeSentKey(draftKey), JSON.stringify(sent));
  else draftStorage().removeItem(codeSentKey(draftKey));
}

/**
 * New value, "Alterar" (enabled only while the value is valid) sends the code to it, then the
 * 6-digit code and "Confirmar"; success says so and leads to my account. What the driver typed
 * is kept across a reload (the code never is), and so is the step: a reload on the code step
 * stays there, for the code already sent.
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
  const [codeSent, setCodeSent] = useState(() => readCodeSent(draftKey));
  const sentTo = codeSent?.to;
  // The countdown starts when the page opens; after a reload the wait counts from the send
  // instead: the seconds already waited before the reload are taken off.
  const countdown = useCountdown();
  const [waitedBefore, setWaitedBefore] = useState(() => {
    const restored = readCodeSent(draftKey);
    return restored ? Math.min(RESEND_WAIT_SECONDS, Math.max(0, Math.floor((Date.now() - restored.at) / 1000))) : 0;
  });
  const step = (sent: CodeSent | undefined) => {
    writeCodeSent(draftKey, sent);
    setCodeSent(sent);
  };

  const { run: send } = useSingleFlight(async (value: string) => {
    try {
      await sendCode(driverId, value);
    } catch {
      return false; // Alerted; the value stays for another try.
    }
    step({ to: value, at: Date.now() });
    setWaitedBefore(0);
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
    writeCodeSent(draftKey, undefined);
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
          remaining={Math.max(0, countdown.remaining - waitedBefore)}
          onBack={() => step(undefined)}
          backLabel={`Corrigir ${noun}`}
        />
      ) : null}
    </>
  );
}
