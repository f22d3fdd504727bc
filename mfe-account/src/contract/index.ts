import * as v from 'valibot';
import { defineEndpoint } from '@driver-portal/shared/contract';

/*
 * Every call this remote makes, with the schema of each answer (docs/product-rules.md, "Calls").
 * The register service is shared with the onboarding remote: each declares the calls it makes,
 * and the sandbox's tests fail when two declarations of one call disagree.
 */

export const EulaDocumentSchema = v.object({ documentUrl: v.nullish(v.string(), null) });
export type EulaDocument = v.InferOutput<typeof EulaDocumentSchema>;

export const DriverSchema = v.object({
  id: v.string(),
  name: v.string(),
  email: v.string(),
  mobile: v.string(),
  cpf: v.string(),
});
export type Driver = v.InferOutput<typeof DriverSchema>;

/** One policy the driver has not accepted yet (policy-update service, PascalCase). */
export const PolicyUpdateItemSchema = v.object({
  Id: v.number(),
  Descricao: v.string(),
  UrlDocumento: v.string(),
});
export type PolicyUpdateItem = v.InferOutput<typeof PolicyUpdateItemSchema>;

export const api = {
  register: {
    /** Terms document of a type: 0 use, 1 privacy, 2 image. */
    eulaDocument: defineEndpoint('register', 'GET', 'api/1.0/driver/eula/:type', { answer: EulaDocumentSchema }),
    driver: defineEndpoint('register', 'GET', 'api/1.0/driver/:guid', { answer: v.object({ response: DriverSchema }) }),
  },
  eula: {
    pendingPolicies: defineEndpoint('eula', 'GET', 'eula', { answer: v.array(PolicyUpdateItemSchema) }),
  },
} as const;
