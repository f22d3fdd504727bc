import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useSingleFlight } from '@driver-portal/shared/data';
import { showSuccess } from '@driver-portal/shared/events';
import { formatMobile } from '../../format';
import { clearDraft, Form, FormDraft, FormField, Formik, loadDraft, PasswordField, useCountdown } from '@driver-portal/shared/forms';
import { HOME_PATH } from '@driver-portal/shared/links';
import { Button, Page } from '@driver-portal/shared/ui';
import { mobileSchema, object, passwordSchema } from '@driver-portal/shared/validation';
import { CodeStep } from '../../code-step';
import { DriverUnknown } from '../../driver';
import { accountPaths } from '../../paths';
import { knownDriverId } from '../../session';
import { changePassword, PASSWORD_TEXTS, sendPasswordCode } from './api';
import './password.css';

/** What forgot password hands over: the driver it found and the mobile typed there. */
export interface PasswordRouteState {
  driverId?: string;
  mobile?: string;
}

function routeState(state: unknown): PasswordRouteState {
  if (!state || typeof state !== 'object') return {};
  const { driverId, mobile } = state as Record<string, unknown>;
  return { driverId: typeof driverId === 'string' ? driverId : undefined, mobile: typeof mobile === 'string' ? mobile : undefined };
}

/** docs/product-rules.md, "Account": not sent (phone), sent (code), filled (new password). */
type Step = 'phone' | 'code' | 'password';

const phoneSchema = object({ mobile: mobileSchema() });
const newPasswordSchema = object({ newPassword: passwordSchema() });

function PasswordSteps({ driverId, mobileGiven }: { driverId: string; mobileGiven: string | undefined }) {
  const draftKey = `change-password:${driverId}`;
  const [step, setStep] = useState<Step>('phone');
  const [sentTo, setSentTo] = useState<string>();
  const [code, setCode] = useState('');
  const countdown = useCountdown();

  const { run: send } = useSingleFlight(async (mobile: string) => {
    try {
      await sendPasswordCode(driverId, mobile);
    } catch {
      return; // Alerted; the mobile stays.
    }
    setSentTo(mobile);
    countdown.restart();
    setStep('code');
  });

  const { run: submit } = useSingleFlight(async (newPassword: string) => {
    try {
      await changePassword(driverId, newPassword, code);
    } catch {
      // Alerted. The code is the likely culprit: cleared, and back to its step.
      setCode('');
      setStep('code');
      return;
    }
    clearDraft(draftKey);
    showSuccess(PASSWORD_TEXTS.changed, { redirectTo: accountPaths.myAccount(driverId) });
  });

  return (
    <>
      {/* The phone's form stays mounted: its draft is saved, and "Reenviar código" comes back to it as it was. */}
      <div hidden={step !== 'phone'}>
        <p className="password-intro">Vamos enviar um código de 6 dígitos por SMS para o celular do seu cadastro.</p>
        <Formik
          // The mobile forgot password checked wins over an older draft; a value set by code is
          // not masked by the field, so it comes in the mask's form.
          initialValues={mobileGiven ? { mobile: formatMobile(mobileGiven) } : loadDraft(draftKey, { mobile: '' })}
          validationSchema={phoneSchema}
          validateOnMount
          onSubmit={async (values) => {
            await send(values.mobile);
          }}
        >
          {({ isValid, isSubmitting }) => (
            <Form noValidate>
              <FormDraft storageKey={draftKey} />
              <FormField name="mobile" label="Celular" mask="mobile" autoComplete="tel-national" />
              <Button type="submit" className="button-block" disabled={!isValid} aria-disabled={isSubmitting || undefined}>
                Enviar código
              </Button>
            </Form>
          )}
        </Formik>
        <div className="password-links">
          <Button
            variant="link"
            onClick={() => {
              setSentTo(undefined);
              setStep('code');
            }}
          >
            Já possuo um código
          </Button>
          <Link to={accountPaths.forgotPassword()}>Esqueci minha senha</Link>
        </div>
      </div>
      {step === 'code' ? (
        <CodeStep
          sentTo={sentTo ? formatMobile(sentTo) : undefined}
          confirmLabel="Continuar"
          onConfirm={async (typed) => {
            setCode(typed);
            setStep('password');
            return 'confirmed';
          }}
          // docs/product-rules.md, "Account": "Reenviar código" goes back to the phone. It waits
          // only after a code was sent here: "Já possuo um código" sent none, so nothing to wait for.
          onResend={() => setStep('phone')}
          remaining={sentTo ? countdown.remaining : 0}
        />
      ) : null}
      {step === 'password' ? (
        <Formik
          initialValues={{ newPassword: '' }}
          validationSchema={newPasswordSchema}
          validateOnMount
          onSubmit={(values) => submit(values.newPassword)}
        >
          {({ isValid, isSubmitting }) => (
            <Form noValidate>
              {/* Never in a draft: no FormDraft here. */}
              {/* The platform's PasswordField: minlength and maxlength 8, the seed's hint, a longer paste kept whole and refused. */}
              <PasswordField name="newPassword" label="Nova senha" kind="new" />
              <Button type="submit" className="button-block" disabled={!isValid} aria-disabled={isSubmitting || undefined}>
                Alterar senha
              </Button>
            </Form>
          )}
        </Formik>
      ) : null}
    </>
  );
}

/**
 * /my-account/change-password — three steps: the mobile (the code goes to it), the 6-digit
 * code, the new password of 8 characters. "Já possuo um código" jumps to the code; "Reenviar
 * código" goes back to the mobile. A failed change clears the code and returns to its step.
 * Opened from forgot password, it acts on the driver that screen found.
 */
export function ChangePasswordPage() {
  const given = routeState(useLocation().state);
  const driverId = given.driverId ?? knownDriverId();
  return (
    <Page title="Alterar senha" backTo={driverId ? accountPaths.myAccount(driverId) : HOME_PATH}>
      {driverId ? <PasswordSteps key={driverId} driverId={driverId} mobileGiven={given.mobile} /> : <DriverUnknown />}
    </Page>
  );
}
