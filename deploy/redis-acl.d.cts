/** See redis-acl.cjs. */
export interface RedisUser {
  name: string;
  rules: string;
}
export const RULES_FILE: string;
export const RULES_PREFIX: string;
export function redisUsers(text?: string): RedisUser[];
export function passwordVariable(name: string): string;
export function passwordProblem(password: string | undefined): string | undefined;
export function newPassword(): string;
export function aclFileText(passwords: Record<string, string>, options?: { prefix?: string; users?: RedisUser[] }): string;
export function redisUrl(parts: { host: string; port: number | string; user: string; password: string; db?: number }): string;
