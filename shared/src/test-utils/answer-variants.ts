/**
 * The answer variants real services send, generated from an endpoint's declaration (docs/answers.md,
 * "Reading answers"), and what the client must make of each: "must work" or "must be refused".
 *
 * A valid answer is generated from the answer schema (fast-check), then one variant is applied:
 * null for a field, a field missing, a number sent as a numeric string, a text sent as a number,
 * an unknown enum value, extra fields, an empty list, one broken entry in a list, 204, an empty
 * 200, an HTML 200, a 200 whose body says it failed, a list where an object was declared (the whole
 * answer, or any object in it at any depth).
 *
 * The expected outcome is decided from the rule each field was declared with
 * (`@driver-portal/shared/answers`), never by running the schema: a field only shown tolerates
 * null, absence and near types; a `strict` field refuses them, which drops the entry of the
 * nearest list (the answer still works, one entry short) or, outside a list, refuses the answer.
 * A field declared with no rule at all is expected to be tolerant, so a schema that refuses it
 * fails its tests until someone declares the decision.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { HttpResponse } from 'msw';
import { answerRuleOf, type AnswerRule } from '@driver-portal/shared/answers';
import { endpointsOf, type AnyEndpoint, type EndpointTable } from '@driver-portal/shared/contract';
import { ApiError, callApi } from '@driver-portal/shared/http';
import { mockApi } from './platform';

/** The parts of a valibot schema object the generator reads (valibot documents them). */
interface SchemaNode {
  type: string;
  entries?: Record<string, SchemaNode>;
  item?: SchemaNode;
  wrapped?: SchemaNode;
  options?: readonly unknown[];
  literal?: unknown;
  fallback?: unknown;
  default?: unknown;
}

type PathPart = string | 0;

export type VariantKind =
  | 'null-field'
  | 'missing-field'
  | 'numeric-string'
  | 'number-for-text'
  | 'unknown-enum'
  | 'extra-fields'
  | 'empty-list'
  | 'broken-item'
  | 'no-content-204'
  | 'empty-200'
  | 'html-200'
  | 'failed-200'
  | 'list-for-object';

export interface Variant {
  kind: VariantKind;
  /** Where in the answer, for field and list variants (`0` is the first entry of a list). */
  path: PathPart[];
  /** Readable: `null-field $.Corridas[0].Status`. */
  label: string;
}

export type Expectation =
  { outcome: 'works'; why: string; listShorter?: PathPart[]; shown?: 'absent' | 'converted' } | { outcome: 'refused'; why: string };

/** What the mocked service answers for one variant. */
export interface VariantResponse {
  status: number;
  body: string | null;
  contentType?: string;
}

const node = (schema: unknown) => schema as SchemaNode;

/** Wrappers that allow null or absence; their rule is read on the wrapper itself. */
function unwrap(schema: SchemaNode): { base: SchemaNode; nullable: boolean; optional: boolean } {
  let base = schema;
  let nullable = false;
  let optional = false;
  for (;;) {
    if ((base.type === 'nullable' || base.type === 'nullish') && base.wrapped) nullable = true;
    if ((base.type === 'optional' || base.type === 'nullish' || base.type === 'exact_optional') && base.wrapped) optional = true;
    if (!['nullable', 'nullish', 'optional', 'exact_optional'].includes(base.type) || !base.wrapped) break;
    base = base.wrapped;
  }
  return { base, nullable, optional };
}

const isObjectNode = (schema: SchemaNode) => ['object', 'loose_object', 'strict_object'].includes(schema.type);
const rule = (schema: SchemaNode): AnswerRule | undefined => answerRuleOf(schema);

/** The item schema when `schema` is a list (declared with `listOf` or a plain array). */
function listItem(schema: SchemaNode): SchemaNode | undefined {
  const declared = rule(schema);
  if (declared?.kind === 'list') return node(declared.item);
  const { base } = unwrap(schema);
  const inner = rule(base);
  if (inner?.kind === 'list') return node(inner.item);
  return base.type === 'array' ? base.item : undefined;
}

/** What a field's base value is, for the near-type variants. */
function valueKind(schema: SchemaNode): 'text' | 'number' | 'flag' | 'enum' | 'other' {
  const declared = rule(schema);
  if (declared?.kind === 'shown') return declared.as === 'text' ? 'text' : declared.as === 'number' ? 'number' : 'flag';
  if (declared?.kind === 'strict' && declared.digits) return 'number';
  const { base } = unwrap(schema);
  if (base.type === 'string') return 'text';
  if (base.type === 'number') return 'number';
  if (base.type === 'boolean') return 'flag';
  if (base.type === 'picklist') return 'enum';
  return 'other';
}

const DATE_NAME = /(^|[a-z])(Data|data|Date|date|At)$|^(Data|date)/;

function textSample(key: string): fc.Arbitrary<string> {
  if (DATE_NAME.test(key)) {
    return fc
      .date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2030-12-31T00:00:00Z'), noInvalidDate: true })
      .map((date) => date.toISOString());
  }
  return fc.stringMatching(/^[A-Za-zÀ-ú0-9][A-Za-zÀ-ú0-9 .,-]{0,18}$/);
}

/** A valid answer for a schema: every field present and not null, so field variants always apply. */
export function sampleOf(schema: unknown, key = ''): fc.Arbitrary<unknown> {
  const current = node(schema);
  const declared = rule(current);
  if (declared?.kind === 'accepted') return fc.constantFrom({}, { Message: 'OK' }, { id: 'abc' });
  if (declared?.kind === 'shown') {
    if (declared.as === 'text') return textSample(key);
    if (declared.as === 'number') return fc.integer({ min: 0, max: 100_000 });
    return fc.boolean();
  }
  if (declared?.kind === 'strict' && declared.digits) return fc.integer({ min: 1, max: 999_999 });
  const item = listItem(current);
  if (item) return fc.array(sampleOf(item, key), { minLength: 2, maxLength: 4 });
  const { base } = unwrap(current);
  if (isObjectNode(base)) {
    const entries = Object.entries(base.entries ?? {}).map(([name, entry]) => [name, sampleOf(entry, name)] as const);
    return fc.record(Object.fromEntries(entries));
  }
  switch (base.type) {
    case 'string':
      return textSample(key);
    case 'number':
      return fc.integer({ min: 0, max: 100_000 });
    case 'boolean':
      return fc.boolean();
    case 'picklist':
      return fc.constantFrom(...(base.options ?? []));
    case 'literal':
      return fc.constant(base.literal);
    case 'union':
      return sampleOf(base.options?.[0], key);
    default:
      return fc.constant({});
  }
}

interface Located {
  schema: SchemaNode;
  /** The nearest list the path goes through, and whether it leaves out what it cannot read. */
  list?: { path: PathPart[]; tolerant: boolean; why: string };
}

/** True when a list drops an unreadable entry: `listOf`, or a plain array nobody decided about. */
function listIsTolerant(schema: SchemaNode): { tolerant: boolean; why: string } {
  const declared = rule(schema) ?? rule(unwrap(schema).base);
  if (declared?.kind === 'strict') return { tolerant: false, why: `strict list: ${declared.why}` };
  return { tolerant: true, why: 'a broken entry is left out' };
}

function fieldVariants(schema: SchemaNode, path: PathPart[], into: Variant[]): void {
  const current = schema;
  const item = listItem(current);
  if (item) {
    into.push({ kind: 'empty-list', path, label: `empty-list ${label(path)}` });
    if (isObjectNode(unwrap(item).base)) into.push({ kind: 'broken-item', path, label: `broken-item ${label(path)}` });
    fieldVariants(item, [...path, 0], into);
    return;
  }
  const { base } = unwrap(current);
  if (!isObjectNode(base) || rule(current)?.kind === 'accepted') return;
  // A list where this object is declared; at the top it is added by `variantsOf` with the whole-answer variants.
  if (path.length > 0) into.push({ kind: 'list-for-object', path, label: `list-for-object ${label(path)}` });
  for (const [name, entry] of Object.entries(base.entries ?? {})) {
    const at = [...path, name];
    into.push({ kind: 'null-field', path: at, label: `null-field ${label(at)}` });
    into.push({ kind: 'missing-field', path: at, label: `missing-field ${label(at)}` });
    const kind = valueKind(entry);
    if (kind === 'number') into.push({ kind: 'numeric-string', path: at, label: `numeric-string ${label(at)}` });
    if (kind === 'text') into.push({ kind: 'number-for-text', path: at, label: `number-for-text ${label(at)}` });
    if (kind === 'enum') into.push({ kind: 'unknown-enum', path: at, label: `unknown-enum ${label(at)}` });
    fieldVariants(entry, at, into);
  }
}

const label = (path: PathPart[]) => `$${path.map((part) => (part === 0 ? '[0]' : `.${part}`)).join('')}`;

/** Every variant of an endpoint's answer. */
export function variantsOf(answer: unknown): Variant[] {
  const root = node(answer);
  const variants: Variant[] = [];
  fieldVariants(root, [], variants);
  const whole = (kind: VariantKind): Variant => ({ kind, path: [], label: kind });
  variants.push(whole('extra-fields'), whole('no-content-204'), whole('empty-200'), whole('html-200'), whole('failed-200'));
  if (!listItem(root)) variants.push(whole('list-for-object'));
  return variants;
}

/** The schema at a path, and the nearest list on the way. */
function locate(answer: unknown, path: PathPart[]): Located {
  let schema = node(answer);
  let list: Located['list'];
  path.forEach((part, index) => {
    if (part === 0) {
      const item = listItem(schema);
      if (!item) throw new Error(`no list at ${label(path.slice(0, index))}`);
      list = { path: path.slice(0, index), ...listIsTolerant(schema) };
      schema = item;
      return;
    }
    const entries = unwrap(schema).base.entries ?? {};
    const entry = entries[part];
    if (!entry) throw new Error(`no field ${label(path.slice(0, index + 1))}`);
    schema = entry;
  });
  return { schema, list };
}

/** Whether a field's declaration takes the variant as it is. */
function fieldTakes(schema: SchemaNode, kind: VariantKind): { takes: boolean; why: string } {
  const declared = rule(schema) ?? rule(unwrap(schema).base);
  const { nullable, optional } = unwrap(schema);
  const hasFallback = schema.fallback !== undefined;
  if (declared?.kind === 'shown' || hasFallback) return { takes: true, why: 'only shown: read as absent or converted' };
  if (kind === 'null-field' && nullable) return { takes: true, why: 'declared nullable' };
  if (kind === 'missing-field' && optional) return { takes: true, why: 'declared optional' };
  if (kind === 'numeric-string' && declared?.kind === 'strict' && declared.digits)
    return { takes: true, why: 'an id in digits is the same id' };
  if (kind === 'extra-fields' || kind === 'empty-list') return { takes: true, why: 'nothing the screen reads is missing' };
  if (declared?.kind === 'strict') return { takes: false, why: `strict: ${declared.why}` };
  if (declared?.kind === 'list') return { takes: false, why: 'a list must be a list' };
  return { takes: true, why: 'no rule declared: tolerant by default' };
}

/** What the client must make of a variant, from the declaration alone. */
export function expectationOf(answer: unknown, variant: Variant): Expectation {
  const root = node(answer);
  const acceptedCall = rule(root)?.kind === 'accepted';
  switch (variant.kind) {
    case 'no-content-204':
    case 'empty-200':
      return acceptedCall
        ? { outcome: 'works', why: 'a call whose answer is not used succeeds on any empty 2xx' }
        : { outcome: 'refused', why: 'the screen reads this answer: an empty body has nothing to show' };
    case 'html-200':
      return { outcome: 'refused', why: 'an HTML page (a proxy, a captive portal) is never the service' };
    case 'failed-200':
      return { outcome: 'refused', why: 'the body says it failed' };
    case 'list-for-object': {
      if (variant.path.length === 0) return { outcome: 'refused', why: 'an object is never a list' };
      // Deeper: a field with a fallback reads the list as absent; otherwise the list leaves its entry out, or the answer is refused.
      const { schema, list } = locate(answer, variant.path);
      if (schema.fallback !== undefined) return { outcome: 'works', why: 'only shown: a list reads as absent', shown: 'absent' };
      if (list?.tolerant) return { outcome: 'works', why: 'entry left out (an object is never a list)', listShorter: list.path };
      return { outcome: 'refused', why: 'an object is never a list' };
    }
    case 'extra-fields':
      return { outcome: 'works', why: 'unknown fields are ignored' };
    case 'empty-list':
      return { outcome: 'works', why: 'an empty list is a list' };
    case 'broken-item': {
      const { schema, list } = locate(answer, [...variant.path, 0]);
      void schema;
      const owner = list ?? { path: variant.path, ...listIsTolerant(locate(answer, variant.path).schema) };
      return owner.tolerant
        ? { outcome: 'works', why: 'the broken entry is left out, the others shown', listShorter: variant.path }
        : { outcome: 'refused', why: owner.why };
    }
    default: {
      const { schema, list } = locate(answer, variant.path);
      const verdict = fieldTakes(schema, variant.kind);
      if (verdict.takes) {
        if (rule(schema)?.kind === 'shown') {
          const converted = variant.kind === 'numeric-string' || variant.kind === 'number-for-text';
          return { outcome: 'works', why: verdict.why, shown: converted ? 'converted' : 'absent' };
        }
        return { outcome: 'works', why: verdict.why };
      }
      if (list?.tolerant) return { outcome: 'works', why: `entry left out (${verdict.why})`, listShorter: list.path };
      return { outcome: 'refused', why: verdict.why };
    }
  }
}

/**
 * What a shown field must read after a variant: absent (its declared fallback), or the value the
 * sample had, converted back (`"12"` read as 12, `4242` read as `"4242"`).
 */
export function expectedShownValue(answer: unknown, variant: Variant, sample: unknown, shown: 'absent' | 'converted'): unknown {
  if (shown === 'absent') return locate(answer, variant.path).schema.fallback;
  return variant.kind === 'number-for-text' ? '4242' : at(sample, variant.path);
}

const clone = <T>(value: T): T => structuredClone(value);

function at(value: unknown, path: PathPart[]): unknown {
  return path.reduce<unknown>((current, part) => (current as Record<string | number, unknown> | undefined)?.[part], value);
}

function parentOf(value: unknown, path: PathPart[]): { parent: Record<string | number, unknown>; key: string | number } {
  const parent = at(value, path.slice(0, -1)) as Record<string | number, unknown>;
  return { parent, key: path[path.length - 1] as string | number };
}

/** Reads the value at a path of an answer (or of what the client made of it). */
export const valueAt = at;

export const EXTRA_FIELD = 'campoQueNinguemDeclarou';

/** The HTTP answer of a variant applied to a valid sample. */
export function responseOf(variant: Variant, sample: unknown): VariantResponse {
  const json = (body: unknown): VariantResponse => ({ status: 200, body: JSON.stringify(body), contentType: 'application/json' });
  switch (variant.kind) {
    case 'no-content-204':
      return { status: 204, body: null };
    case 'empty-200':
      return { status: 200, body: '' };
    case 'html-200':
      return { status: 200, body: '<!doctype html><html><body><h1>502 Bad Gateway</h1></body></html>', contentType: 'text/html' };
    case 'failed-200':
      return json({ success: false, Message: 'Não foi possível concluir.', erro: true });
    case 'list-for-object': {
      if (variant.path.length === 0) return json([1, 2]);
      const changed = clone(sample);
      const { parent, key } = parentOf(changed, variant.path);
      parent[key] = [1, 2];
      return json(changed);
    }
    case 'extra-fields': {
      const changed = clone(sample);
      if (changed && typeof changed === 'object' && !Array.isArray(changed)) (changed as Record<string, unknown>)[EXTRA_FIELD] = 'x';
      if (Array.isArray(changed))
        changed.forEach((entry) => entry && typeof entry === 'object' && ((entry as Record<string, unknown>)[EXTRA_FIELD] = 1));
      return json(changed);
    }
    case 'empty-list': {
      const changed = clone(sample);
      if (variant.path.length === 0) return json([]);
      const { parent, key } = parentOf(changed, variant.path);
      parent[key] = [];
      return json(changed);
    }
    case 'broken-item': {
      const changed = clone(sample);
      const list = (variant.path.length === 0 ? changed : at(changed, variant.path)) as unknown[];
      list[0] = 'entrada quebrada';
      return json(changed);
    }
    default: {
      const changed = clone(sample);
      const { parent, key } = parentOf(changed, variant.path);
      if (variant.kind === 'null-field') parent[key] = null;
      else if (variant.kind === 'missing-field') delete parent[key];
      else if (variant.kind === 'numeric-string') parent[key] = String(parent[key]);
      else if (variant.kind === 'number-for-text') parent[key] = 4242;
      else if (variant.kind === 'unknown-enum') parent[key] = 'VALOR_NOVO';
      return json(changed);
    }
  }
}

/** What one remote's variants gave: the closing note's counts. */
export interface VariantTally {
  owner: string;
  endpoints: number;
  variants: number;
  runs: number;
  mustWork: number;
  mustBeRefused: number;
  /** Variants that must be refused, by reason. */
  refusedBecause: Record<string, number>;
}

/** `:name` placeholders of a path, each given a plausible value. */
function paramsOf(path: string): Record<string, string> {
  return Object.fromEntries([...path.matchAll(/:([A-Za-z][A-Za-z0-9]*)/g)].map((match) => [match[1] ?? '', '1']));
}

const reasonKey = (why: string) => (why.startsWith('strict: ') ? 'a strict field (id, money, status) broken' : why);

/**
 * One Jest test per endpoint of a remote's table: every variant of its answer, each run against
 * generated valid answers through `callApi` and the mocked network, at least `minRuns` runs per
 * endpoint in all. Writes the tally to `$TMPDIR/answer-variants/<owner>.json`.
 */
export function describeAnswerVariants(owner: string, table: EndpointTable, minRuns = 100): void {
  const tally: VariantTally = { owner, endpoints: 0, variants: 0, runs: 0, mustWork: 0, mustBeRefused: 0, refusedBecause: {} };
  describe(`${owner}: every answer variant of every endpoint`, () => {
    afterAll(() => {
      const dir = join(tmpdir(), 'answer-variants');
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, `${owner}.json`), `${JSON.stringify(tally, null, 2)}\n`);
    });
    for (const { name, endpoint } of endpointsOf(table)) {
      it(`${name}: what must work works, what must be refused is refused`, async () => {
        const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
        try {
          const variants = variantsOf(endpoint.answer);
          const runsEach = Math.max(2, Math.ceil(minRuns / variants.length));
          tally.endpoints += 1;
          for (const variant of variants) {
            const expected = expectationOf(endpoint.answer, variant);
            tally.variants += 1;
            if (expected.outcome === 'works') tally.mustWork += 1;
            else {
              tally.mustBeRefused += 1;
              tally.refusedBecause[reasonKey(expected.why)] = (tally.refusedBecause[reasonKey(expected.why)] ?? 0) + 1;
            }
            await fc.assert(
              fc.asyncProperty(sampleOf(endpoint.answer), async (sample) => {
                tally.runs += 1;
                warn.mockClear();
                const response = responseOf(variant, sample);
                mockApi(
                  endpoint,
                  () =>
                    new HttpResponse(response.body, {
                      status: response.status,
                      headers: response.contentType ? { 'Content-Type': response.contentType } : {},
                    }),
                );
                const outcome = await callApi(endpoint, { params: paramsOf(endpoint.path) }).then(
                  (value: unknown) => ({ ok: true as const, value }),
                  (error: unknown) => ({ ok: false as const, error }),
                );
                const context = `${name} ${variant.label} (${expected.why})`;
                if (expected.outcome === 'refused') {
                  if (outcome.ok) throw new Error(`${context}: must be refused, was taken as a success: ${JSON.stringify(outcome.value)}`);
                  expect(outcome.error).toBeInstanceOf(ApiError);
                  return;
                }
                if (!outcome.ok) throw new Error(`${context}: must work, was refused: ${String(outcome.error)} ${response.body ?? ''}`);
                if (expected.listShorter) {
                  const before = valueAt(sample, expected.listShorter) as unknown[];
                  const after = valueAt(outcome.value, expected.listShorter) as unknown[];
                  expect({ context, entries: after.length }).toEqual({ context, entries: before.length - 1 });
                  // The entry left out is counted where telemetry reads it.
                  expect(warn.mock.calls.some((args) => String(args[0]).includes('left out'))).toBe(true);
                }
                if (expected.shown) {
                  const shown = valueAt(outcome.value, variant.path);
                  expect({ context, shown }).toEqual({
                    context,
                    shown: expectedShownValue(endpoint.answer, variant, sample, expected.shown),
                  });
                }
              }),
              { numRuns: runsEach },
            );
          }
        } finally {
          warn.mockRestore();
        }
      }, 120_000);
    }
  });
}

/**
 * A "must work" variant of a valid answer, for component tests: every field declared only shown
 * is `null` (style `null`) or sent as a near type (style `near`: a number as a numeric string, a
 * flag as `"true"`), every numeric id as its digits, and a field nobody declared added to every
 * object. Fields the screen acts on are left as they are.
 */
export function tolerantVariant<T>(answer: unknown, value: T, style: 'null' | 'near'): T {
  const visit = (schema: SchemaNode, current: unknown): unknown => {
    const declared = rule(schema) ?? rule(unwrap(schema).base);
    if (declared?.kind === 'shown') {
      if (style === 'null') return null;
      if (declared.as === 'number' && typeof current === 'number') return String(current);
      if (declared.as === 'flag' && typeof current === 'boolean') return String(current);
      return current;
    }
    if (declared?.kind === 'strict' && declared.digits && typeof current === 'number') return String(current);
    const item = listItem(schema);
    if (item && Array.isArray(current)) return current.map((entry: unknown) => visit(item, entry));
    const { base } = unwrap(schema);
    if (isObjectNode(base) && current && typeof current === 'object' && !Array.isArray(current)) {
      const fields = current as Record<string, unknown>;
      const entries = Object.entries(fields).map(([key, field]) => {
        const entry = base.entries?.[key];
        return [key, entry ? visit(entry, field) : field] as const;
      });
      return { ...Object.fromEntries(entries), [EXTRA_FIELD]: 'x' };
    }
    return current;
  };
  return visit(node(answer), value) as T;
}

/** The answer with a broken entry (a text where an object is declared) first in every list that leaves such entries out. */
export function withBrokenEntry<T>(answer: unknown, value: T): T {
  const visit = (schema: SchemaNode, current: unknown): unknown => {
    const item = listItem(schema);
    if (item && Array.isArray(current)) {
      const entries = current.map((entry: unknown) => visit(item, entry));
      return isObjectNode(unwrap(item).base) && listIsTolerant(schema).tolerant ? ['entrada quebrada', ...entries] : entries;
    }
    const { base } = unwrap(schema);
    if (isObjectNode(base) && current && typeof current === 'object' && !Array.isArray(current)) {
      return Object.fromEntries(
        Object.entries(current as Record<string, unknown>).map(([key, field]) => {
          const entry = base.entries?.[key];
          return [key, entry ? visit(entry, field) : field];
        }),
      );
    }
    return current;
  };
  return visit(node(answer), value) as T;
}

/** Answers an endpoint with a body the generator built (any JSON, not only the declared output type). */
export function mockAnswer(endpoint: AnyEndpoint, body: unknown): void {
  mockApi(endpoint, () => HttpResponse.json(body as Parameters<typeof HttpResponse.json>[0]));
}

/**
 * The "must work" answers of a call declared with `accepted()` (a save, a toggle, a request), as
 * the generator makes them: 204, an empty 200, an object with a field nobody declared. For
 * component tests: `it.each(ACCEPTED_ANSWERS)` with `mockApi(endpoint, answer)`.
 */
export const ACCEPTED_ANSWERS: readonly (readonly [string, () => Response])[] = [
  ['204 No Content', () => new HttpResponse(null, { status: 204 })],
  ['an empty 200', () => new HttpResponse('', { status: 200 })],
  ['an object with a field nobody declared', () => HttpResponse.json({ [EXTRA_FIELD]: 'x' })],
];
