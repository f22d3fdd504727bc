import * as v from 'valibot';
import { defineEndpoint } from '@driver-portal/shared/contract';

/*
 * Every call this remote makes, with the schema of each answer (docs/product-rules.md, "Calls").
 * The documents do not show the insurance base path, so it is ours: the service's base URL comes
 * from the runtime configuration (`services.insurance` in env.json) and the calls live under
 * `api/1.0/insurance/`. No bearer token is sent to this service.
 */

export const InsurancePolicySchema = v.object({
  active: v.boolean(),
  policyNumber: v.nullable(v.string()),
  /** ISO date-time. */
  expirationDate: v.nullable(v.string()),
  bestPaymentDay: v.nullable(v.number()),
  requestId: v.nullable(v.string()),
});
export type InsurancePolicy = v.InferOutput<typeof InsurancePolicySchema>;

/** Renewal and cancellation answer a JSON object; its content is not shown. */
const AcceptedSchema = v.looseObject({});

export const api = {
  insurance: {
    activePolicy: defineEndpoint('insurance', 'GET', 'api/1.0/insurance/:driverId/active-policy', { answer: InsurancePolicySchema }),
    renew: defineEndpoint('insurance', 'PUT', 'api/1.0/insurance/:requestId/renew', { answer: AcceptedSchema }),
    cancel: defineEndpoint('insurance', 'PUT', 'api/1.0/insurance/:requestId/cancel', { answer: AcceptedSchema }),
  },
} as const;
