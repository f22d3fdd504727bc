import { onlyDigits } from '@driver-portal/shared/format';
import { callApi } from '@driver-portal/shared/http';
import { api } from '../../contract';

export const CONTACT_TEXTS = {
  emailChanged: 'E-mail alterado com sucesso!',
  mobileChanged: 'Alterado com sucesso!',
} as const;

/*
 * docs/product-rules.md, "Calls" (Account): the code goes to the new value (POST, the value in
 * the path), then the change carries the value and the code (PUT). Failures are alerted by
 * callApi in error style (the 400 list) and reject, so the screen stays where it is.
 */
const sending = { overlay: true, alertOnError: true } as const;

export const sendEmailCode = (guid: string, email: string) => callApi(api.register.sendEmailCode, { params: { guid, email }, ...sending });

export const changeEmail = (guid: string, email: string, code: string) =>
  callApi(api.register.changeEmail, { params: { guid }, body: { newEmailAddress: email, validationCode: code }, ...sending });

/** The mobile travels as its 11 digits. */
export const sendMobileCode = (guid: string, mobile: string) =>
  callApi(api.register.sendMobileCode, { params: { guid, mobile: onlyDigits(mobile) }, ...sending });

export const changeMobile = (guid: string, mobile: string, code: string) =>
  callApi(api.register.changeMobile, {
    params: { guid },
    body: { newMobilePhoneNumber: onlyDigits(mobile), verificationCode: code },
    ...sending,
  });
