import type { ServiceName } from '@driver-portal/shared/config';
import type {
  Deposit,
  Driver,
  DriverStates,
  EulaDocument,
  InboxCategory,
  InboxMessageDetail,
  InboxMessageList,
  InsurancePolicy,
  Notification,
  NotificationBody,
  PolicyItem,
  PolicyUpdateItem,
  Statement,
  Ride,
} from './types';

export * from './types';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * How each service answers a failure, the one place the clients and the sandbox read it from:
 * - legacy: `{ Message }`, the text to show (seed 1 section 8, "the server's message");
 * - validation: `{ validations: [{ field?, message }] }` on 400, the catalogue texts otherwise;
 * - statement: `{ error }`, the text to show (seed 2 section 8);
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

/**
 * One call of one service. `path` is relative to the service's base URL and may hold `:param`
 * placeholders. The type parameters only carry the response and body types to the callers.
 */
export interface Endpoint<TResponse = unknown, TBody = undefined> {
  readonly service: ServiceName;
  readonly method: HttpMethod;
  readonly path: string;
  /** Phantom fields: never set, only read by the type checker. */
  readonly response?: TResponse;
  readonly body?: TBody;
}

function endpoint<TResponse, TBody = undefined>(service: ServiceName, method: HttpMethod, path: string): Endpoint<TResponse, TBody> {
  return { service, method, path };
}

/** The typed table of every call the portal makes (seed 1 section 7, seed 2 section 7). */
export const api = {
  core: {
    notifications: endpoint<Notification[]>('core', 'GET', 'notificacoes/lista'),
    notification: endpoint<NotificationBody>('core', 'GET', 'notificacoes/:id'),
    currentStatement: endpoint<Statement>('core', 'GET', 'extrato/extrato-mescorrente'),
    statementByMonth: endpoint<Statement>('core', 'GET', 'extrato/extrato-data'),
    rideDetail: endpoint<Ride>('core', 'GET', 'extrato/extrato-detalhe/'),
    deposits: endpoint<Deposit[]>('core', 'GET', 'extrato/depositos'),
    changePassword: endpoint<unknown>('core', 'PUT', 'Taxista/AlterarSenha'),
    resendPassword: endpoint<unknown>('core', 'GET', 'Taxista/ReenviarSenha'),
  },
  communication: {
    categories: endpoint<InboxCategory[]>('communication', 'GET', 'inbox/:driverId/categories'),
    messages: endpoint<InboxMessageList>('communication', 'GET', 'inbox/:driverId/categories/:categoryId'),
    markViewed: endpoint<unknown>('communication', 'PUT', 'inbox/:driverId/request/:requestId'),
    message: endpoint<InboxMessageDetail>('communication', 'GET', 'inbox/:driverId/categories/:categoryId/message/:messageId'),
  },
  register: {
    driverByMobile: endpoint<{ response: Driver | null }>('register', 'GET', 'api/1.0/driver/mobile/:phone'),
    driverStates: endpoint<DriverStates>('register', 'GET', 'api/1.0/driver/:guid/states'),
    policies: endpoint<PolicyItem[]>('register', 'GET', 'api/2.0/driver/eula'),
    eulaDocument: endpoint<EulaDocument>('register', 'GET', 'api/1.0/driver/eula/:type'),
    driver: endpoint<{ response: Driver }>('register', 'GET', 'api/1.0/driver/:guid'),
  },
  insurance: {
    activePolicy: endpoint<InsurancePolicy>('insurance', 'GET', 'api/1.0/insurance/:driverId/active-policy'),
    renew: endpoint<unknown>('insurance', 'PUT', 'api/1.0/insurance/:requestId/renew'),
    cancel: endpoint<unknown>('insurance', 'PUT', 'api/1.0/insurance/:requestId/cancel'),
  },
  eula: {
    pendingPolicies: endpoint<PolicyUpdateItem[]>('eula', 'GET', 'eula'),
  },
} as const;

export type PathParams = Record<string, string | number>;

/** Fills `:param` placeholders, encoding each value so a value can never change the path. */
export function buildPath(path: string, params: PathParams = {}): string {
  return path.replace(/:([A-Za-z][A-Za-z0-9]*)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined || value === '') throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(value));
  });
}

/** Matches a concrete path against an endpoint pattern; used by the sandbox API. */
export function matchPath(pattern: string, path: string): PathParams | undefined {
  const patternParts = pattern.replace(/\/$/, '').split('/');
  const pathParts = path.replace(/\/$/, '').split('/');
  if (patternParts.length !== pathParts.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < patternParts.length; i += 1) {
    const expected = patternParts[i] ?? '';
    const actual = pathParts[i] ?? '';
    if (expected.startsWith(':')) params[expected.slice(1)] = decodeURIComponent(actual);
    else if (expected.toLowerCase() !== actual.toLowerCase()) return undefined;
  }
  return params;
}
