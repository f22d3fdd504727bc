/** See redis-server.cjs. */
export interface ThrowawayRedis {
  port: number;
  /** redis://127.0.0.1:<port>/0 */
  url: string;
  /** With `acl`: each user's password (deploy/docker/redis-users.acl), and its URL with them. */
  passwords: Record<string, string>;
  urls: Record<string, string>;
  /** Kills it (SIGKILL, as a crash); the port stays free for start(). */
  stop(): Promise<void>;
  /** Starts it again on the same port, empty; resolves once it answers PING. */
  start(): Promise<void>;
  restart(): Promise<void>;
  /** Kills it and removes its folder. */
  close(): Promise<void>;
}
export function startRedis(options?: { port?: number; acl?: boolean }): Promise<ThrowawayRedis>;
export function hasRedisServer(): boolean;
export function freePort(): Promise<number>;
export function answersPing(port: number): Promise<boolean>;
