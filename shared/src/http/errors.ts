import { AxiosError } from 'axios';
import type { ServiceName } from '@driver-portal/shared/config';
import { SERVICE_ERROR_STYLE, type ValidationEntry } from '@driver-portal/shared/contract';
import { ERROR_TEXTS } from './messages';

/**
 * `unauthorized`: a service that takes the driver's token answered 401, so the session expired
 * or was never opened. Sending the same token again cannot help: screens show the way to sign in
 * again instead of a retry.
 */
export type ApiErrorKind = 'validation' | 'not-found' | 'server' | 'timeout' | 'offline' | 'cancelled' | 'unauthorized';

/**
 * Services that take the driver's bearer token (docs/product-rules.md, "Calls": the legacy core calls,
 * the policy-update service, and the statement proxy on the portal's own origin, which checks it
 * with the core service before adding its credential). Nothing else ever sees it: not the
 * register API, not the zip lookup or any other third-party host.
 */
export const TOKEN_SERVICES: ReadonlySet<ServiceName> = new Set(['core', 'eula', 'statement']);

/**
 * Services that take no token themselves but are reached through the portal's driver-data proxy
 * on the page's own origin, which checks the driver's token before the call goes on
 * (docs/security.md). The token goes to them only there: a base URL on another origin (the
 * provider's service itself) never gets it.
 */
export const PROXIED_SERVICES: ReadonlySet<ServiceName> = new Set(['register', 'insurance', 'card']);

/** Services whose error answers carry the text to show; the others get the catalogue texts. */
const carriesMessage = (service: ServiceName) => ['legacy', 'statement'].includes(SERVICE_ERROR_STYLE[service]);

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly status: number | undefined;
  /** The title an alert should show (the 400 title, or a generic one). */
  readonly title: string;
  /** For 400 answers: every validation entry, in order. */
  readonly validations: ValidationEntry[];
  readonly service: ServiceName;

  constructor(init: {
    kind: ApiErrorKind;
    status?: number;
    message: string;
    title?: string;
    validations?: ValidationEntry[];
    service: ServiceName;
  }) {
    super(init.message);
    this.name = 'ApiError';
    this.kind = init.kind;
    this.status = init.status;
    this.title = init.title ?? ERROR_TEXTS.alertTitle;
    this.validations = init.validations ?? [];
    this.service = init.service;
  }

  /** Message per form field, from the 400 validation list (first message wins). */
  fieldErrors(): Record<string, string> {
    const result: Record<string, string> = {};
    for (const entry of this.validations) {
      if (entry.field && !(entry.field in result)) result[entry.field] = entry.message;
    }
    return result;
  }
}

/**
 * The text to show from a failure answer, only when it comes in the service's own error shape
 * (`{ Message }` for the legacy services, `{ error }` for the statement service). A plain-text or
 * HTML body (a stack trace, a proxy's page: "java.lang.NullPointerException … upstream=10.0.3.17")
 * is never shown: the screen gets the catalogue's text instead.
 */
export function serverMessage(data: unknown, service: ServiceName): string | undefined {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return undefined;
  const body = data as Record<string, unknown>;
  const keys = SERVICE_ERROR_STYLE[service] === 'statement' ? ['error'] : ['Message', 'message'];
  for (const key of keys) {
    const value = body[key];
    if (typeof value === 'string' && value.trim() !== '') return value.trim();
  }
  return undefined;
}

/**
 * The service's own message in its own error shape (`Message` of the legacy services, `error` of
 * the statement service, the first `validations[].message` of the newer ones); a `message` in
 * any other shape (a framework's exception text) is never shown.
 */
export function ownMessage(data: unknown, service: ServiceName): string | undefined {
  if (carriesMessage(service)) return serverMessage(data, service);
  if (SERVICE_ERROR_STYLE[service] === 'validation') return validationEntries(data)[0]?.message;
  return undefined;
}

function validationEntries(data: unknown): ValidationEntry[] {
  if (!data || typeof data !== 'object') return [];
  const body = data as Record<string, unknown>;
  const list = body.validations ?? body.errors;
  if (!Array.isArray(list)) return [];
  return list
    .map((entry: unknown): ValidationEntry | undefined => {
      if (typeof entry === 'string') return { message: entry };
      if (entry && typeof entry === 'object') {
        const item = entry as Record<string, unknown>;
        const message = item.message ?? item.Message;
        const field = item.field ?? item.property ?? item.key;
        if (typeof message === 'string') return typeof field === 'string' ? { field, message } : { message };
      }
      return undefined;
    })
    .filter((entry): entry is ValidationEntry => entry !== undefined);
}

export function toApiError(error: unknown, service: ServiceName): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof AxiosError) {
    if (error.code === AxiosError.ERR_CANCELED) return new ApiError({ kind: 'cancelled', message: 'cancelled', service });
    const response = error.response;
    if (!response) {
      const timedOut = error.code === AxiosError.ECONNABORTED || error.code === AxiosError.ETIMEDOUT;
      if (timedOut) return new ApiError({ kind: 'timeout', message: ERROR_TEXTS.timeout, service });
      // No answer at all: for a driver on mobile data that is, in practice, the connection.
      return new ApiError({ kind: 'offline', message: ERROR_TEXTS.offline, service });
    }
    const { status, data } = response;
    // Only a 401 of a token service is about the driver's session (the statement proxy's 401
    // means the core service refused the token); the others' 401 is nothing signing in can fix.
    if (status === 401 && (TOKEN_SERVICES.has(service) || PROXIED_SERVICES.has(service))) {
      return new ApiError({
        kind: 'unauthorized',
        status,
        title: ERROR_TEXTS.sessionExpiredTitle,
        message: ERROR_TEXTS.sessionExpired,
        service,
      });
    }
    if (carriesMessage(service)) {
      return new ApiError({
        kind: status === 404 ? 'not-found' : status === 400 ? 'validation' : 'server',
        status,
        message: serverMessage(data, service) ?? ERROR_TEXTS.unexpected,
        service,
      });
    }
    if (status === 400) {
      const validations = validationEntries(data);
      return new ApiError({
        kind: 'validation',
        status,
        title: ERROR_TEXTS.validationTitle,
        message: validations.map((entry) => entry.message).join('\n') || ERROR_TEXTS.unexpected,
        validations,
        service,
      });
    }
    // Any other 4xx whose body carries the service's own message shows it (the catalogue's rule
    // for 400, docs/answers.md "Reading answers"): "Veículo não encontrado." tells the driver what
    // to fix, where "tente novamente mais tarde" would have them retry what cannot succeed. A 5xx
    // (or a 4xx without a message) keeps the catalogue's text.
    const own = status < 500 ? ownMessage(data, service) : undefined;
    if (status === 404) return new ApiError({ kind: 'not-found', status, message: own ?? ERROR_TEXTS.notFound, service });
    return new ApiError({ kind: 'server', status, message: own ?? ERROR_TEXTS.unexpected, service });
  }
  return new ApiError({ kind: 'server', message: ERROR_TEXTS.unexpected, service });
}
