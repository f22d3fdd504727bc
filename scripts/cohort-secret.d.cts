/** Types of cohort-secret.cjs: the canary cohort's signing secret for the deployment scripts. */
export const MIN_LENGTH: number;
export function cohortSecretProblem(secret: string): string | undefined;
export function deploymentCohortSecret(options: { env?: NodeJS.ProcessEnv; file: string }): string;
