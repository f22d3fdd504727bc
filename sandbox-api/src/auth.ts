import { timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { ServiceName } from '@driver-portal/shared/config';
import { DEFAULT_STATEMENT_BASIC_AUTH, DEMO_TOKEN } from './constants';

/** The bearer token of a request, if it carries one. */
export function bearerToken(headers: IncomingHttpHeaders): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(headers.authorization ?? '');
  return match?.[1];
}

/**
 * The statement service's `Authorization` value. Read on every call, from the server's
 * environment only: it is never written into anything a browser receives.
 */
export function statementAuthorization(): string {
  const credential = process.env.STATEMENT_BASIC_AUTH ?? DEFAULT_STATEMENT_BASIC_AUTH;
  return `Basic ${Buffer.from(credential, 'utf8').toString('base64')}`;
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Who may call what, as the provider does it: core takes the driver's token, the eula service any
 * bearer token, the statement service its fixed basic credential; the newer services take none.
 */
export function isAuthorized(service: ServiceName, headers: IncomingHttpHeaders): boolean {
  switch (service) {
    case 'core':
      return bearerToken(headers) === DEMO_TOKEN;
    case 'eula':
      return bearerToken(headers) !== undefined;
    case 'statement':
      return sameSecret(headers.authorization ?? '', statementAuthorization());
    case 'register':
    case 'communication':
    case 'insurance':
    case 'card':
    case 'zipLookup':
      return true;
  }
}
