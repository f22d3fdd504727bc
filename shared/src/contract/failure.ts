/*
 * What every 2xx answer is checked for before its schema (docs/answers.md, "Reading answers"):
 * some services answer a failure with a 200 (ViaCEP's `{ "erro": true }`, a legacy
 * `{ "Success": false, "Message": … }`), and a body that says it failed is never a success,
 * whatever its schema would make of it.
 */

const FALSE_WHEN_FAILED = ['success', 'Success', 'sucesso', 'Sucesso', 'ok', 'Ok', 'OK'] as const;
const SET_WHEN_FAILED = ['erro', 'Erro', 'error', 'Error'] as const;
const FAILED_STATUS = new Set(['error', 'erro', 'fail', 'failed', 'failure', 'falha']);

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `true`, `"true"`, a non-empty text or a non-empty object: a flag or error field that is set. */
function isSet(value: unknown): boolean {
  if (value === true) return true;
  if (typeof value === 'string') return value.trim() !== '' && value.trim().toLowerCase() !== 'false';
  if (Array.isArray(value)) return value.length > 0;
  if (isPlainObject(value)) return Object.keys(value).length > 0;
  return false;
}

/** True when a 2xx body says, in one of the ways the provider's services do, that the call failed. */
export function saysFailed(body: unknown): boolean {
  if (!isPlainObject(body)) return false;
  if (FALSE_WHEN_FAILED.some((key) => body[key] === false || body[key] === 'false')) return true;
  if (SET_WHEN_FAILED.some((key) => isSet(body[key]))) return true;
  const status = body.status ?? body.Status;
  if (typeof status === 'string' && FAILED_STATUS.has(status.trim().toLowerCase())) return true;
  const validations = body.validations ?? body.errors;
  return Array.isArray(validations) && validations.length > 0;
}

/** A body with nothing in it: a 204, an empty 200, or only whitespace. */
export function isEmptyBody(body: unknown): boolean {
  return body === undefined || body === null || (typeof body === 'string' && body.trim() === '');
}

/** An HTML page (a proxy's or a captive portal's) where JSON was expected. */
export function isHtmlBody(body: unknown): boolean {
  return typeof body === 'string' && /^\s*</.test(body);
}

/**
 * What a call whose answer the screen does not use (a save, a toggle, a request) takes as a
 * success: an empty body, or a JSON object that does not say it failed. An array, a text or an
 * HTML page is not the service we called (a proxy, a wrong route): refused.
 */
export function isAcceptedBody(body: unknown): boolean {
  if (isEmptyBody(body)) return true;
  return isPlainObject(body) && !saysFailed(body);
}
