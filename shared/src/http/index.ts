import axios, { type AxiosInstance, type AxiosRequestTransformer } from 'axios';
import { serviceBaseUrl, type ServiceName } from '@driver-portal/shared/config';
import { buildPath, checkSchema, listReadAsObject, saysFailed, type Endpoint, type PathParams } from '@driver-portal/shared/contract';
import { getToken } from '@driver-portal/shared/session';
import { beginLoading, showAlert } from '@driver-portal/shared/events';
import { SIGN_OUT_PATH } from '@driver-portal/shared/links';
import { ApiError, ownMessage, PROXIED_SERVICES, TOKEN_SERVICES, toApiError } from './errors';
import { nfcBody } from './normalize';

export { ApiError, PROXIED_SERVICES, TOKEN_SERVICES, type ApiErrorKind } from './errors';
export { ERROR_TEXTS } from './messages';
import { ERROR_TEXTS } from './messages';

export const REQUEST_TIMEOUT_MS = 20_000;

const clients = new Map<string, AxiosInstance>();

/** One pre-configured client per service, created on first use with the runtime base URL. */
export function serviceClient(service: ServiceName): AxiosInstance {
  const baseURL = serviceBaseUrl(service);
  const key = `${service} ${baseURL}`;
  let client = clients.get(key);
  if (!client) {
    // After axios writes a body as JSON text, that text in NFC, whoever built the body
    // (./normalize.ts); a FormData, a Blob or any other binary body is left as it is.
    const transformRequest = ([] as AxiosRequestTransformer[]).concat(axios.defaults.transformRequest ?? [], nfcBody);
    client = axios.create({ baseURL, withCredentials: false, transformRequest });
    client.interceptors.request.use((config) => {
      const token = getToken();
      const target = new URL(config.url ?? '', baseURL);
      // Only attach the token to this service's own origin, whatever path was built; a proxied
      // service only when that origin is the page's (the portal's proxy checks it there).
      const takesToken =
        TOKEN_SERVICES.has(service) || (PROXIED_SERVICES.has(service) && new URL(baseURL).origin === window.location.origin);
      if (takesToken && token && !config.headers.has('Authorization') && target.origin === new URL(baseURL).origin) {
        config.headers.set('Authorization', `Bearer ${token}`);
      }
      return config;
    });
    clients.set(key, client);
  }
  return client;
}

export interface CallOptions<TBody> {
  params?: PathParams;
  query?: Record<string, string | number | boolean | undefined>;
  body?: TBody;
  /** Show the global loading overlay while the call runs. */
  overlay?: boolean;
  /** Publish the catalogue alert when the call fails (forms); lists show errors inline. */
  alertOnError?: boolean;
  /** Where the error alert's OK leads. */
  errorRedirect?: string;
  signal?: AbortSignal;
  /** Overrides the session token, e.g. the token carried by /policies/:token. */
  token?: string;
  /** Overrides {@link REQUEST_TIMEOUT_MS} (e.g. a short one for the zip lookup). */
  timeoutMs?: number;
}

function alertForError(error: ApiError, redirectTo?: string): void {
  if (error.kind === 'cancelled') return;
  if (error.kind === 'unauthorized') {
    // OK leads out of the dead session, whatever the form asked for: /Sair clears the refused
    // token on every origin and ends on /Login (see SessionExpiredState in the ui part).
    showAlert({ kind: 'error', title: error.title, message: error.message, redirectTo: SIGN_OUT_PATH });
    return;
  }
  if (error.kind === 'validation' && error.validations.length > 0) {
    showAlert({ kind: 'error', title: error.title, details: error.validations.map((v) => v.message), redirectTo });
    return;
  }
  showAlert({ kind: 'error', title: error.title, message: error.message, redirectTo });
}

/**
 * Calls one declared endpoint; every failure becomes an {@link ApiError}. A 2xx answer counts
 * only when it matches the endpoint's answer schema: an HTML page from a captive portal, a
 * truncated body or `null` is the catalogue's unexpected error, never a false success or a
 * crashed screen.
 */
export async function callApi<TResponse, TBody = undefined>(
  endpoint: Endpoint<TResponse, TBody>,
  options: CallOptions<TBody> = {},
): Promise<TResponse> {
  const client = serviceClient(endpoint.service);
  const endLoading = options.overlay ? beginLoading() : undefined;
  // Our own timer rather than XHR's timeout: it works with every adapter and tells a timeout
  // apart from the screen cancelling the call.
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const cancel = () => controller.abort();
  if (options.signal?.aborted) controller.abort();
  options.signal?.addEventListener('abort', cancel);
  try {
    const response = await client.request<TResponse>({
      method: endpoint.method,
      url: buildPath(endpoint.path, options.params),
      params: options.query,
      data: options.body,
      signal: controller.signal,
      headers: options.token && TOKEN_SERVICES.has(endpoint.service) ? { Authorization: `Bearer ${options.token}` } : undefined,
    });
    const where = `${endpoint.service} ${endpoint.method} ${endpoint.path}`;
    // A 2xx whose body says it failed is a failure, whatever the schema would read in it.
    if (saysFailed(response.data)) {
      console.warn(`[driver-portal] a 2xx answer from ${where} says it failed`);
      throw failedAnswer(endpoint.service, response.data);
    }
    const checked = await checkSchema(endpoint.answer, response.data);
    if (!checked.ok) {
      console.warn(`[driver-portal] malformed answer from ${where}:`, checked.problems);
      throw malformedAnswer(endpoint.service);
    }
    // An object is never an array: a schema of an object read from a list (`[]` where `{}` was
    // declared, here or in any field) would otherwise give a false success.
    if (listReadAsObject(response.data, checked.value)) {
      console.warn(`[driver-portal] malformed answer from ${where}: a list where an object was declared`);
      throw malformedAnswer(endpoint.service);
    }
    return checked.value;
  } catch (error) {
    const apiError = timedOut
      ? new ApiError({ kind: 'timeout', message: ERROR_TEXTS.timeout, service: endpoint.service })
      : toApiError(error, endpoint.service);
    if (options.alertOnError) alertForError(apiError, options.errorRedirect);
    throw apiError;
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', cancel);
    endLoading?.();
  }
}

/**
 * The error for a 2xx whose body says it failed: the service's own message when it carries one
 * in its error shape, else the catalogue's unexpected error.
 */
function failedAnswer(service: ServiceName, body: unknown): ApiError {
  return new ApiError({ kind: 'server', message: ownMessage(body, service) ?? ERROR_TEXTS.unexpected, service });
}

/**
 * The error for an answer whose body is not the shape the contract says: screens show it as
 * any other failure ("Ocorreu um erro inesperado…", with a retry) instead of crashing.
 */
export function malformedAnswer(service: ServiceName): ApiError {
  return new ApiError({ kind: 'server', message: ERROR_TEXTS.unexpected, service });
}
