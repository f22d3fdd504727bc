import { checkSchema, pathShape, type AnyEndpoint } from '@driver-portal/shared/contract';
import { declarations, type Declaration } from '../contracts';
import { serviceError, type Reply } from '../respond';
import type { Route, SandboxRequest } from '../router';
import { accountRoutes } from './account';
import { communicationRoutes } from './communication';
import { coreRoutes } from './core';
import { eulaRoutes } from './eula';
import { insuranceRoutes } from './insurance';
import { onboardingRoutes } from './onboarding';
import { registerRoutes } from './register';
import { statementRoutes } from './statement';
import { zipRoutes } from './zip';
import { cardRoutes } from './card';
import { vehicleRoutes } from './vehicle';

/** The handlers, one per provider call. */
export const handlerRoutes: readonly Route[] = [
  ...coreRoutes,
  ...communicationRoutes,
  ...registerRoutes,
  ...onboardingRoutes,
  ...insuranceRoutes,
  ...eulaRoutes,
  ...statementRoutes,
  ...zipRoutes,
  ...cardRoutes,
  ...vehicleRoutes,
  ...accountRoutes,
];

/** One provider call, whatever its placeholders are named: `register GET api/1.0/driver/:`. */
export const callKey = (endpoint: AnyEndpoint) => `${endpoint.service} ${endpoint.method} ${pathShape(endpoint.path)}`;

export class ContractBreach extends Error {}

/**
 * Wraps a handler so that what it receives and answers is checked against every remote's
 * declaration of the call: a body a declaration rejects is a 400 (what the provider would say),
 * a 2xx answer a declaration rejects is the sandbox's own bug, answered 500 and logged, so the
 * sandbox's tests fail instead of a screen learning to live with a wrong fixture.
 */
export function checkedAgainst(route: Route, declared: readonly Declaration[]): Route {
  const handle = async (request: SandboxRequest): Promise<Reply<unknown>> => {
    for (const { endpoint } of declared) {
      if (!endpoint.body) continue;
      const body = await checkSchema(endpoint.body, request.body);
      if (!body.ok) return serviceError(route.endpoint.service, 400, body.problems.join('; '));
    }
    const reply = await route.handle(request);
    if (reply.status < 200 || reply.status > 299) return reply;
    for (const { owner, endpoint } of declared) {
      const answer = await checkSchema(endpoint.answer, reply.body);
      if (!answer.ok) {
        const breach = new ContractBreach(`sandbox answer of ${owner} breaks its schema: ${answer.problems.join('; ')}`);
        console.error('[sandbox-api]', breach.message);
        return { status: 500, body: { Message: breach.message } };
      }
    }
    return reply;
  };
  return { endpoint: route.endpoint, handle };
}

/** Every handler, checked against every remote's declarations of its call (and the handler's own, for pending calls). */
export function bindDeclarations(routes: readonly Route[], declared: readonly Declaration[]): Route[] {
  return routes.map((route) => {
    const key = callKey(route.endpoint);
    const matching = declared.filter((item) => callKey(item.endpoint) === key);
    return checkedAgainst(route, matching.length > 0 ? matching : [{ owner: `sandbox ${key}`, endpoint: route.endpoint }]);
  });
}

/** Every call the sandbox answers. */
export const sandboxRoutes: readonly Route[] = bindDeclarations(handlerRoutes, declarations());
