import { timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { ServiceName } from '@driver-portal/shared/config';
import { DEFAULT_STATEMENT_BASIC_AUTH, DEMO_DRIVER_ID, DEMO_TOKEN, DRIVER_TOKEN_PREFIX } from './constants';
import type { SandboxState } from './state';

/** The bearer token of a request, if it carries one. */
export function bearerToken(headers: IncomingHttpHeaders): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(headers.authorization ?? '');
  return match?.[1];
}

const DRIVER_ID_PATTERN = /^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$/;

/** The driver a sandbox token belongs to (constants.ts, `driverToken`); undefined for any other token. */
export function driverOfToken(token: string | undefined): string | undefined {
  if (token === DEMO_TOKEN) return DEMO_DRIVER_ID;
  if (!token?.startsWith(DRIVER_TOKEN_PREFIX)) return undefined;
  const driverId = token.slice(DRIVER_TOKEN_PREFIX.length);
  return DRIVER_ID_PATTERN.test(driverId) ? driverId : undefined;
}

/**
 * The token check's answer header naming the token's driver (on 204): the portal's proxy passes it
 * on to the services as SIGNED_IN_DRIVER_HEADER, the only way a service learns who signed in.
 */
export const TOKEN_DRIVER_HEADER = 'X-Portal-Token-Driver';
/**
 * What the portal's proxy sends the services for a call it checked a token for: the driver the
 * provider said the token is (never what the page sent: the proxy replaces it). The insurer
 * refuses a contract naming another driver (handlers/insurance.ts); a call without it did not
 * come through the proxy (docs/security.md, "Deployment requirement").
 */
export const SIGNED_IN_DRIVER_HEADER = 'X-Portal-Signed-In-Driver';

/** The driver whose insurance policy an insurance request (renew, cancel) is; undefined when none is. */
function ownerOfInsuranceRequest(state: SandboxState, requestId: string): string | undefined {
  const wanted = requestId.toLowerCase();
  const owner = Object.entries(state.insurance.policiesByDriver).find(([, policy]) => policy.requestId?.toLowerCase() === wanted);
  return owner?.[0];
}

const sameId = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * The provider's token check the portal's driver-data proxy asks before every call
 * (`GET /auth/driver`, docs/security.md): 401 without a token the provider issued; 403 when the
 * driver the proxy names (`X-Portal-Driver-Id`, taken from the call's path) is not the token's,
 * or when the insurance request it names (`X-Portal-Insurance-Request`, renew and cancel) is not
 * one of the token's driver's policies (an unknown request too: nothing tells it apart from
 * another driver's); 204 otherwise (nothing named: any signed-in driver).
 */
export function checkDriverToken(headers: IncomingHttpHeaders, state: SandboxState): 204 | 401 | 403 {
  const tokenDriver = driverOfToken(bearerToken(headers));
  if (tokenDriver === undefined) return 401;
  const named = headers['x-portal-driver-id'];
  if (named !== undefined && named !== '' && !(typeof named === 'string' && sameId(named, tokenDriver))) return 403;
  const request = headers['x-portal-insurance-request'];
  if (request !== undefined && request !== '') {
    const owner = typeof request === 'string' ? ownerOfInsuranceRequest(state, request) : undefined;
    if (owner === undefined || !sameId(owner, tokenDriver)) return 403;
  }
  return 204;
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
      // Every driver's token, as the provider's core service does.
      return driverOfToken(bearerToken(headers)) !== undefined;
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
