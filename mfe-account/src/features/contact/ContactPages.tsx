import { emailSchema, mobileSchema } from '@driver-portal/shared/validation';
import { formatMobile } from '../../format';
import { changeEmail, changeMobile, CONTACT_TEXTS, sendEmailCode, sendMobileCode } from './api';
import { ContactChangeFlow } from './ContactChangeFlow';

/** /my-account/change-email — "Email invalido" while the address is not valid, and Alterar disabled. */
export function ChangeEmailPage() {
  return (
    <ContactChangeFlow
      title="Alterar e-mail"
      intro="Informe o novo e-mail. Vamos enviar um código de 6 dígitos para confirmar que ele é seu."
      field={{ label: 'Novo e-mail', type: 'email', inputMode: 'email', autoComplete: 'email' }}
      rule={emailSchema()}
      noun="e-mail"
      draftName="change-email"
      sendCode={sendEmailCode}
      confirm={changeEmail}
      successText={CONTACT_TEXTS.emailChanged}
    />
  );
}

/** /my-account/change-mobile — the mobile masked (00) 0.0000.0000, sent as its 11 digits. */
export function ChangeMobilePage() {
  return (
    <ContactChangeFlow
      title="Alterar celular"
      intro="Informe o novo celular. Vamos enviar um código de 6 dígitos por SMS para confirmar que ele é seu."
      field={{ label: 'Novo celular', mask: 'mobile', autoComplete: 'tel-national' }}
      rule={mobileSchema()}
      noun="celular"
      draftName="change-mobile"
      shown={formatMobile}
      sendCode={sendMobileCode}
      confirm={changeMobile}
      successText={CONTACT_TEXTS.mobileChanged}
    />
  );
}
