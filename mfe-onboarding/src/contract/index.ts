import * as v from 'valibot';
import { defineEndpoint } from '@driver-portal/shared/contract';

/*
 * Every call this remote makes, with the schema of each answer (docs/product-rules.md, "Calls").
 * The register service is shared with the account remote: each declares the calls it makes,
 * and the sandbox's tests fail when two declarations of one call disagree.
 */

export const DriverSchema = v.object({
  id: v.string(),
  name: v.string(),
  email: v.string(),
  mobile: v.string(),
  cpf: v.string(),
});
export type Driver = v.InferOutput<typeof DriverSchema>;

/** A policy the new driver must accept, with the link to its document. */
export const PolicyItemSchema = v.object({
  id: v.number(),
  description: v.string(),
  documentUrl: v.string(),
  checked: v.optional(v.boolean()),
});
export type PolicyItem = v.InferOutput<typeof PolicyItemSchema>;

export const DriverStatesSchema = v.object({
  states: v.array(v.object({ response: v.object({ driverStateType: v.number() }) })),
});
export type DriverStates = v.InferOutput<typeof DriverStatesSchema>;

export const api = {
  register: {
    /** `response` is null when no driver has this mobile. */
    driverByMobile: defineEndpoint('register', 'GET', 'api/1.0/driver/mobile/:phone', {
      answer: v.object({ response: v.nullable(DriverSchema) }),
    }),
    driver: defineEndpoint('register', 'GET', 'api/1.0/driver/:guid', { answer: v.object({ response: DriverSchema }) }),
    driverStates: defineEndpoint('register', 'GET', 'api/1.0/driver/:guid/states', { answer: DriverStatesSchema }),
    policies: defineEndpoint('register', 'GET', 'api/2.0/driver/eula', { answer: v.array(PolicyItemSchema) }),
  },
} as const;
