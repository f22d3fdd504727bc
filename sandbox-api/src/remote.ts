/**
 * What a remote's own sandbox endpoints import (`<remote>/sandbox/handlers.ts`, loaded by
 * remote-handlers.ts): `export const handlers = [route(api.x.y, (request) => ({ status: 200, body }))]`.
 * `route` types each answer by the endpoint's schema; `serviceError` answers in the service's error shape.
 */
export { route, queryValue, type Handler, type Route, type SandboxRequest } from './router';
export { serviceError, type Reply } from './respond';
