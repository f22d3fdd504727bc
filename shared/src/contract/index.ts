import type { StandardSchemaV1 } from '@standard-schema/spec';
import type { ServiceName } from '@driver-portal/shared/config';

export type { StandardSchemaV1 } from '@standard-schema/spec';
export * from './errors';
export * from './failure';

/*
 * How a call is declared. The platform holds only the mechanism: each remote declares the calls
 * it makes in its own `src/contract/` (docs/ownership.md, "Who owns what"), with a schema of the
 * answer that the client checks at run time. Schemas are Standard Schema objects (valibot in
 * this suite), so the shared client validates them without depending on a schema library and a
 * remote built with a newer valibot still works against an older host.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * One call of one service. `path` is relative to the service's base URL and may hold `:param`
 * placeholders. `answer` describes a successful answer; `body` what the call sends, if anything.
 */
export interface Endpoint<TResponse = unknown, TBody = undefined> {
  readonly service: ServiceName;
  readonly method: HttpMethod;
  readonly path: string;
  readonly answer: StandardSchemaV1<unknown, TResponse>;
  readonly body?: StandardSchemaV1<unknown, TBody>;
}

/** Any endpoint, whatever it answers or sends (tables, the sandbox's registry). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- variance: an Endpoint<X, Y> must fit here for every X and Y
export type AnyEndpoint = Endpoint<any, any>;

export type AnswerOf<E> = E extends Endpoint<infer R, unknown> ? R : never;
export type BodyOf<E> = E extends Endpoint<unknown, infer B> ? B : never;

type BodyType<S> = S extends StandardSchemaV1 ? StandardSchemaV1.InferInput<S> : undefined;

/** Declares one call with the schema of its answer (and of its body, when it sends one). */
export function defineEndpoint<TAnswer extends StandardSchemaV1, TBodySchema extends StandardSchemaV1 | undefined = undefined>(
  service: ServiceName,
  method: HttpMethod,
  path: string,
  schemas: { answer: TAnswer; body?: TBodySchema },
): Endpoint<StandardSchemaV1.InferOutput<TAnswer>, BodyType<TBodySchema>> {
  return { service, method, path, answer: schemas.answer, body: schemas.body } as Endpoint<
    StandardSchemaV1.InferOutput<TAnswer>,
    BodyType<TBodySchema>
  >;
}

/** A remote's table of calls: services, then named calls. */
export type EndpointTable = Readonly<Record<string, Readonly<Record<string, AnyEndpoint>>>>;

export interface NamedEndpoint {
  /** `service.call`, for messages. */
  name: string;
  endpoint: AnyEndpoint;
}

/** Every call of a table, named, in declaration order. */
export function endpointsOf(table: EndpointTable): NamedEndpoint[] {
  return Object.entries(table).flatMap(([group, calls]) =>
    Object.entries(calls).map(([call, endpoint]) => ({ name: `${group}.${call}`, endpoint })),
  );
}

export type SchemaCheck<T> = { ok: true; value: T } | { ok: false; problems: string[] };

/** Runs a schema over a value: the value it gives back, or what is wrong, path by path. */
export async function checkSchema<T>(schema: StandardSchemaV1<unknown, T>, value: unknown): Promise<SchemaCheck<T>> {
  const result = await schema['~standard'].validate(value);
  if (!result.issues) return { ok: true, value: result.value };
  return {
    ok: false,
    problems: result.issues.map((issue) => {
      const path = (issue.path ?? []).map((part) => String(typeof part === 'object' ? part.key : part)).join('.');
      return path ? `${path}: ${issue.message}` : issue.message;
    }),
  };
}

export type PathParams = Record<string, string | number>;

/** Fills `:param` placeholders, encoding each value so a value can never change the path. */
export function buildPath(path: string, params: PathParams = {}): string {
  return path.replace(/:([A-Za-z][A-Za-z0-9]*)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined || value === '') throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(value));
  });
}

/** Matches a concrete path against an endpoint pattern; used by the sandbox API. */
export function matchPath(pattern: string, path: string): PathParams | undefined {
  const patternParts = pattern.replace(/\/$/, '').split('/');
  const pathParts = path.replace(/\/$/, '').split('/');
  if (patternParts.length !== pathParts.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < patternParts.length; i += 1) {
    const expected = patternParts[i] ?? '';
    const actual = pathParts[i] ?? '';
    if (expected.startsWith(':')) params[expected.slice(1)] = decodeURIComponent(actual);
    else if (expected.toLowerCase() !== actual.toLowerCase()) return undefined;
  }
  return params;
}

/** The path with its placeholders reduced to `:`, so `driver/:guid` and `driver/:id` compare equal. */
export function pathShape(path: string): string {
  return path
    .replace(/\/$/, '')
    .split('/')
    .map((part) => (part.startsWith(':') ? ':' : part.toLowerCase()))
    .join('/');
}

/**
 * True when a list of the answer was read as an object, at any depth (valibot's object schemas
 * take an array for an object whose fields are all optional). Lists whose entries were left
 * out are not compared entry by entry.
 */
export function listReadAsObject(input: unknown, output: unknown): boolean {
  if (typeof output !== 'object' || output === null) return false;
  if (Array.isArray(input) && !Array.isArray(output)) return true;
  if (typeof input !== 'object' || input === null) return false;
  if (Array.isArray(input) && Array.isArray(output)) {
    return input.length === output.length && output.some((entry, index) => listReadAsObject(input[index], entry));
  }
  const fields = input as Record<string, unknown>;
  return Object.entries(output).some(([key, value]) => listReadAsObject(fields[key], value));
}
