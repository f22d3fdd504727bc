import { useState } from 'react';
import { useParams } from 'react-router';
import { onlyDigits } from '@driver-portal/shared/format';
import { HOME_PATH } from '@driver-portal/shared/links';
import { Page } from '@driver-portal/shared/ui';
import { confirmedMobile } from '../../session';
import { CreateAccountForm } from './CreateAccountForm';
import { MobileSteps } from './MobileSteps';
import { CREATE_ACCOUNT_TEXTS } from './texts';

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
        <CreateAccountForm mobile={validated} />
      ) : (
        <MobileSteps
          initialMobile={fromPath}
          onValidated={(mobile) => {
            confirmedMobile.set(mobile);
            setValidated(mobile);
          }}
        />
      )}
    </Page>
  );
}
