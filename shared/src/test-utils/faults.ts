import { delay, HttpResponse } from 'msw';
import { endpointsOf, type AnyEndpoint, type EndpointTable } from '@driver-portal/shared/contract';
import { ApiError, callApi, PROXIED_SERVICES, TOKEN_SERVICES, type ApiErrorKind } from '@driver-portal/shared/http';
import { mockApi } from './platform';

/** The service's own text in every error shape the services use (legacy, statement, validation list). */
const SERVICE_TEXT = 'Campo inválido segundo o serviço.';

interface Fault {
  name: string;
  answer: () => Promise<Response> | Response;
  /** The kind of error the screen gets (it decides the text, the retry and the way out). */
  expected: (endpoint: AnyEndpoint) => ApiErrorKind;
  check?: (error: ApiError) => void;
}

/**
 * The faults every call of every screen meets on a bad day (issue 24's matrix): a 400 with the
 * service's message, a 401, a 404, a 500, a proxy's HTML error page, a hang and no network.
 * Answers that arrive with a 2xx (wrong shapes, empty bodies) are the answer-variant tests'.
 */
export const FAULTS: readonly Fault[] = [
  {
    name: '400 with the service message',
    answer: () =>
      HttpResponse.json({ Message: SERVICE_TEXT, error: SERVICE_TEXT, validations: [{ message: SERVICE_TEXT }] }, { status: 400 }),
    expected: () => 'validation',
    check: (error) => expect(error.message).toContain(SERVICE_TEXT),
  },
  {
    name: '401',
    answer: () => HttpResponse.json({ Message: 'Token inválido' }, { status: 401 }),
    // Only a service that takes the driver's token (itself, or through the portal's driver-data
    // proxy) can say the session expired.
    expected: (endpoint) => (TOKEN_SERVICES.has(endpoint.service) || PROXIED_SERVICES.has(endpoint.service) ? 'unauthorized' : 'server'),
  },
  { name: '404', answer: () => HttpResponse.json({}, { status: 404 }), expected: () => 'not-found' },
  { name: '500', answer: () => HttpResponse.json({}, { status: 500 }), expected: () => 'server' },
  {
    name: "502 with a proxy's HTML page",
    answer: () => new HttpResponse('<html><body><h1>502 Bad Gateway</h1>upstream=10.0.3.17</body></html>', { status: 502 }),
    expected: () => 'server',
    check: (error) => expect(error.message).not.toMatch(/<|upstream/),
  },
  {
    name: 'a hang',
    answer: async () => {
      await delay('infinite');
      return HttpResponse.json({});
    },
    expected: () => 'timeout',
  },
  { name: 'no network', answer: () => HttpResponse.error(), expected: () => 'offline' },
];

/** A value for every `:param` of a path. */
function paramsOf(path: string): Record<string, string> {
  return Object.fromEntries([...path.matchAll(/:([A-Za-z][A-Za-z0-9]*)/g)].map(([, name = '']) => [name, `p-${name}`]));
}

/**
 * Runs every call of a remote's table through every fault: each must end in an ApiError of the
 * kind its screen handles (never a success, never another exception), with a text to show.
 */
export function describeFaultMatrix(remote: string, table: EndpointTable): void {
  const calls = endpointsOf(table);
  describe(`${remote}: every call (${calls.length}) x every fault (${FAULTS.length})`, () => {
    it.each(calls.flatMap(({ name, endpoint }) => FAULTS.map((fault) => [name, fault.name, endpoint, fault] as const)))(
      '%s: %s',
      async (_name, _faultName, endpoint, fault) => {
        mockApi(endpoint, () => fault.answer());
        const outcome = await callApi(endpoint, { params: paramsOf(endpoint.path), timeoutMs: 50, token: 'fault-token' }).then(
          (value: unknown) => ({ resolved: value }),
          (error: unknown) => ({ error }),
        );
        expect(outcome).not.toHaveProperty('resolved');
        const { error } = outcome as { error: unknown };
        expect(error).toBeInstanceOf(ApiError);
        const apiError = error as ApiError;
        expect(apiError.kind).toBe(fault.expected(endpoint));
        expect(apiError.message.trim()).not.toBe('');
        fault.check?.(apiError);
      },
    );
  });
}
