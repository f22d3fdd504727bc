import { api } from '../../contract';
import { callApi } from '@driver-portal/shared/http';
import { onlyDigits } from '@driver-portal/shared/format';

/** Texts of the success alerts (docs/product-rules.md, "Errors"), to the letter. */
export const SUCCESS_TEXTS = {
  changed: 'Senha alterada!',
  resent: 'Senha reenviada!',
} as const;

/**
 * PUT core Taxista/AlterarSenha?senhaAntiga=&novaSenha= (docs/product-rules.md, "Calls").
 *
 * Known weakness of the provider's API: it takes both passwords in the query string rather than
 * in the body, so they may end up in the provider's server or proxy access logs. On our side the
 * request only ever goes to the core base URL over HTTPS (runtime configuration), is made by
 * XHR (never the page's address, so never the URL bar or the browser history), and nothing of
 * ours logs it. Moving them to the body needs the provider to change the call.
 *
 * A failure is alerted in error style with the server's message (legacy catalogue) by callApi;
 * the promise still rejects so the form knows it failed.
 */
export const changePassword = (senhaAntiga: string, novaSenha: string) =>
  callApi(api.core.changePassword, { query: { senhaAntiga, novaSenha }, overlay: true, alertOnError: true });

/** GET core Taxista/ReenviarSenha?cpf=<digits only> (docs/product-rules.md, "Calls"); failures alerted as above. */
export const resendPassword = (cpf: string) =>
  callApi(api.core.resendPassword, { query: { cpf: onlyDigits(cpf) }, overlay: true, alertOnError: true });
