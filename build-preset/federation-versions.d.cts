/** Whether `version` is in `range`, exactly as Module Federation 2's runtime says it (federation-versions.cjs). */
export function satisfy(version: string, range: string): boolean;
/** The versions of @module-federation/enhanced whose containers the host's runtime speaks with. */
export const FEDERATION_PROTOCOL: string;
