import type { ServiceName } from '@driver-portal/shared/config';
import { SERVICE_ERROR_STYLE, type ValidationErrorBody } from '@driver-portal/shared/contract';

/** Services of the legacy error style (SERVICE_ERROR_STYLE) put the text to show in `Message`. */
export interface LegacyError {
  Message: string;
}

/** The statement service names its failure in `error` (docs/product-rules.md, "Errors": the alert's title). */
export interface StatementError {
  error: string;
}

/** The zip lookup only says that it failed. */
export interface ZipError {
  erro: true;
}

export type ErrorBody = LegacyError | ValidationErrorBody | StatementError | ZipError;

/** What a handler answers: a JSON body of the endpoint's response type, or an error body. */
export interface Reply<T> {
  status: number;
  body: T | ErrorBody;
}

export function ok<T>(body: T, status = 200): Reply<T> {
  return { status, body };
}

export function legacyError(status: number, message: string): Reply<never> {
  return { status, body: { Message: message } };
}

/** Newer services: one entry per failed rule, optionally naming the field. */
export function validationError(status: number, message: string, field?: string): Reply<never> {
  return { status, body: { validations: [field === undefined ? { message } : { field, message }] } };
}

/** The error shape each service uses, for answers the server gives on a handler's behalf. */
export function serviceError(service: ServiceName, status: number, message: string): Reply<never> {
  switch (SERVICE_ERROR_STYLE[service]) {
    case 'legacy':
      return legacyError(status, message);
    case 'statement':
      return { status, body: { error: message } };
    case 'zip':
      return { status, body: { erro: true } };
    case 'validation':
      return validationError(status, message);
  }
}

/** Texts a driver may read when the sandbox answers for a handler. */
export const SERVER_TEXTS = {
  sessionExpired: 'Sessão expirada. Faça login novamente.',
  statementUnauthorized: 'Acesso não autorizado ao serviço de extrato.',
  notFound: 'Recurso não encontrado.',
  badJson: 'Requisição inválida: o corpo não é um JSON válido.',
  internal: 'Ocorreu um erro inesperado no sandbox.',
  forced: (status: number) => `Erro simulado pelo sandbox (status ${status}).`,
} as const;
