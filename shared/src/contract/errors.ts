import type { ServiceName } from '@driver-portal/shared/config';

/**
 * How each service answers a failure, the one place the clients and the sandbox read it from
 * (docs/product-rules.md, "Errors"):
 * - legacy: `{ Message }`, the text to show (the server's message);
 * - validation: `{ validations: [{ field?, message }] }` on 400, the catalogue texts otherwise;
 * - statement: `{ error }`, the text to show;
 * - zip: `{ erro: true }` only (the screen says "CEP não encontrado").
 */
export type ErrorStyle = 'legacy' | 'validation' | 'statement' | 'zip';

export const SERVICE_ERROR_STYLE: Readonly<Record<ServiceName, ErrorStyle>> = {
  core: 'legacy',
  communication: 'legacy',
  eula: 'legacy',
  statement: 'statement',
  register: 'validation',
  insurance: 'validation',
  card: 'validation',
  zipLookup: 'zip',
};

/** Legacy error answers carry the text to show in `Message`. */
export interface LegacyErrorBody {
  Message?: string;
  message?: string;
}

/** 400 answers of the newer services: one entry per failed rule. */
export interface ValidationEntry {
  field?: string;
  message: string;
}

export interface ValidationErrorBody {
  validations: ValidationEntry[];
}
