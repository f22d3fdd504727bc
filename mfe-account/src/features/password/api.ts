import { onlyDigits } from '@driver-portal/shared/format';
import { callApi } from '@driver-portal/shared/http';
import { api } from '../../contract';

export const PASSWORD_TEXTS = {
  changed: 'Senha alterada com sucesso!',
  mismatch: 'Seus dados não correspondem ao cadastro informado.',
  legacySent: 'A nova senha foi enviada para seu e-mail!',
} as const;

const sending = { overlay: true, alertOnError: true } as const;

/** POST register api/1.0/driver/:guid/password/:mobile/send-code (the mobile as 11 digits). */
export const sendPasswordCode = (guid: string, mobile: string) =>
  callApi(api.register.sendPasswordCode, { params: { guid, mobile: onlyDigits(mobile) }, ...sending });

/** PUT register api/1.0/driver/:guid/password `{ newPassword, verificationCode }`. */
export const changePassword = (guid: string, newPassword: string, verificationCode: string) =>
  callApi(api.register.changePassword, { params: { guid }, body: { newPassword, verificationCode }, ...sending });

/** GET register …/forgetpassword/mobile/:mobile/personalregistrationnumber/:cpf (digits only); the screen alerts its failure. */
export const lookUpDriver = (mobile: string, cpf: string) =>
  callApi(api.register.forgotPassword, { params: { mobile: onlyDigits(mobile), cpf: onlyDigits(cpf) }, overlay: true });

/** The legacy reminder, GET core Taxista/ReenviarSenha?cpf=<digits>, when the lookup gives no id. */
export const legacyReminder = (cpf: string) => callApi(api.core.resendPassword, { query: { cpf: onlyDigits(cpf) }, ...sending });
