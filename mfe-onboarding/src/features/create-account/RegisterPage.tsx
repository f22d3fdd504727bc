import { useState } from 'react';
import { useParams } from 'react-router';
import { useLoad } from '@driver-portal/shared/data';
import { onlyDigits } from '@driver-portal/shared/format';
import { ApiError, ERROR_TEXTS } from '@driver-portal/shared/http';
import { HOME_PATH } from '@driver-portal/shared/links';
import { LoadView, Page } from '@driver-portal/shared/ui';
import { confirmedMobile } from '../../session';
import { MobileSteps } from './MobileSteps';
import { CREATE_ACCOUNT_TEXTS } from './texts';

/**
 * The create-user form, in a chunk of its own: the first screen (the mobile) downloads only what
 * it shows, on a phone on mobile data (the deep link's byte budget, bench/deep-links.json). It is
 * fetched as soon as the SMS went out, while the driver reads the code; a failed download says
 * so, with a retry, and keeps the confirmed mobile.
 */
const loadCreateAccountForm = () =>
  import('./CreateAccountForm').catch(() => {
    throw new ApiError({ kind: 'offline', message: ERROR_TEXTS.offline, service: 'register' });
  });

function CreateAccountStep({ mobile }: { mobile: string }) {
  const load = useLoad(() => loadCreateAccountForm(), []);
  return <LoadView {...load}>{({ CreateAccountForm }) => <CreateAccountForm mobile={mobile} />}</LoadView>;
}

/**
 * /register/send-code/ and /register/create-account/:phone: the mobile confirmation, then the
 * create-user form. The phone of the path (the native app's) fills the mobile. A mobile confirmed
 * earlier in this session goes straight to the form (a reload does not ask for a new code).
 */
export function RegisterPage() {
  const { phone = '' } = useParams();
  const fromPath = onlyDigits(phone);
  const [validated, setValidated] = useState<string | undefined>(() => {
    const confirmed = confirmedMobile.get();
    return confirmed && (fromPath === '' || fromPath === confirmed) ? confirmed : undefined;
  });
  return (
    <Page title={validated ? CREATE_ACCOUNT_TEXTS.formTitle : CREATE_ACCOUNT_TEXTS.mobileTitle} backTo={HOME_PATH}>
      {validated ? (
        <CreateAccountStep mobile={validated} />
      ) : (
        <MobileSteps
          initialMobile={fromPath}
          onCodeSent={() => void loadCreateAccountForm().catch(() => undefined)}
          onValidated={(mobile) => {
            confirmedMobile.set(mobile);
            setValidated(mobile);
          }}
        />
      )}
    </Page>
  );
}
