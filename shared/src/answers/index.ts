import * as v from 'valibot';
import { isAcceptedBody, listReadAsObject } from '@driver-portal/shared/contract';

/*
 * How a remote declares what it reads of an answer: the tolerant-reader rule of
 * docs/answers.md ("Reading answers"). Real services send null for a text, a number as a
 * string, a list with one broken entry, a 204 for a save; the screen must refuse only what it
 * cannot do without.
 *
 * - `shownText`, `shownNumber`, `shownFlag`: fields only shown. Null, missing or a near type
 *   (a number for a text, a numeric string for a number) read as absent or converted.
 * - `strict(schema, why)`: a field the screen acts on (an id for a later call, money, a date or
 *   status that decides what the driver may do). It stays exactly as declared, and `why` says
 *   why next to the schema.
 * - `shownObject(entries, absent)`: an object only shown; anything else (null, a list) reads as
 *   `absent`.
 * - `listOf(item, what)`: a list whose unreadable entries are left out and counted on the
 *   console; a list of which no entry can be read is refused.
 * - `accepted()`: the answer of a call whose content the screen does not use: any empty body or
 *   a JSON object that does not say it failed.
 *
 * Each helper records its rule as valibot metadata (`ANSWER_RULE`), which the answer-variant
 * generator of the test utilities reads to decide which variant must work and which must be
 * refused: a field declared with none of them fails those tests until someone decides.
 */

export const ANSWER_RULE = 'driverPortalAnswerRule';

export type AnswerRule =
  | { kind: 'shown'; as: 'text' | 'number' | 'flag' }
  | { kind: 'strict'; why: string; digits?: true }
  | { kind: 'list'; item: v.GenericSchema; what: string }
  | { kind: 'accepted' };

/** The rule as valibot metadata, typed with the value it passes on so the pipe keeps its output type. */
const rule = <TValue>(value: AnswerRule) => v.metadata<TValue, Record<string, AnswerRule>>({ [ANSWER_RULE]: value });

const NUMERIC = /^\s*-?\d+(\.\d+)?\s*$/;

/**
 * A text that is only shown: a string as it comes, a number as its digits, anything else (null,
 * missing, an object) as `absent` (null by default; `''` where the screen shows nothing).
 */
export function shownText<const TAbsent extends string | null = null>(absent: TAbsent = null as TAbsent) {
  return v.fallback(
    v.pipe(
      v.unknown(),
      v.transform((value): string | TAbsent => {
        if (typeof value === 'string') return value;
        if (typeof value === 'number' && Number.isFinite(value)) return String(value);
        return absent;
      }),
      rule<string | TAbsent>({ kind: 'shown', as: 'text' }),
    ),
    absent,
  );
}

/** A number that is only shown: a number, or a numeric string converted; anything else is null. */
export function shownNumber() {
  return v.fallback(
    v.pipe(
      v.unknown(),
      v.transform((value): number | null => {
        if (typeof value === 'number' && Number.isFinite(value)) return value;
        if (typeof value === 'string' && NUMERIC.test(value)) return Number(value);
        return null;
      }),
      rule<number | null>({ kind: 'shown', as: 'number' }),
    ),
    null,
  );
}

/** A yes/no that is only shown: a boolean, `"true"`/`"false"`; anything else is `absent`. */
export function shownFlag(absent: boolean) {
  return v.fallback(
    v.pipe(
      v.unknown(),
      v.transform((value): boolean => {
        if (typeof value === 'boolean') return value;
        if (value === 'true' || value === 'false') return value === 'true';
        return absent;
      }),
      rule<boolean>({ kind: 'shown', as: 'flag' }),
    ),
    absent,
  );
}

/** A field the screen acts on: exactly as declared. `why` is the reason, read in reviews and reports. */
export function strict<TSchema extends v.GenericSchema>(schema: TSchema, why: string) {
  return v.pipe(schema, rule<v.InferOutput<TSchema>>({ kind: 'strict', why }));
}

/**
 * A numeric id used in a later call: a number, or a string of digits converted (the same id,
 * whatever the service's JSON writer did with it); anything else is refused.
 */
export function numericId(why: string) {
  return v.pipe(
    v.union([v.pipe(v.number(), v.integer()), v.pipe(v.string(), v.regex(/^\s*\d+\s*$/), v.transform(Number))]),
    rule<number>({ kind: 'strict', why, digits: true }),
  );
}

/**
 * A list shown entry by entry: an entry the item schema refuses is left out and counted on the
 * console (`what` names the list), so one broken entry does not hide the good ones. A body that
 * is not a list, or a non-empty list of which no entry can be read, is refused.
 */
export function listOf<TItem extends v.GenericSchema>(item: TItem, what: string) {
  return v.pipe(
    v.array(v.unknown()),
    v.rawTransform<unknown[], v.InferOutput<TItem>[]>(({ dataset, addIssue, NEVER }) => {
      const readable: v.InferOutput<TItem>[] = [];
      const problems: string[] = [];
      dataset.value.forEach((entry, index) => {
        const result = v.safeParse(item, entry);
        // An object is never a list, here either: an entry in which one was read as the other is left out.
        if (result.success && listReadAsObject(entry, result.output)) problems.push(`#${index}: a list where an object was declared`);
        else if (result.success) readable.push(result.output);
        else problems.push(`#${index}: ${result.issues.map((issue) => `${v.getDotPath(issue) ?? ''} ${issue.message}`.trim()).join('; ')}`);
      });
      if (problems.length > 0) {
        console.warn(`[driver-portal] ${what}: ${problems.length} of ${dataset.value.length} entries left out`, problems);
      }
      if (problems.length > 0 && readable.length === 0) {
        addIssue({ message: `no entry of ${what} could be read` });
        return NEVER;
      }
      return readable;
    }),
    rule<v.InferOutput<TItem>[]>({ kind: 'list', item, what }),
  );
}

/**
 * An object only shown, read as `absent` when the service sends anything else: null, a text, or a
 * list (valibot's `object` alone takes a list for an object whose fields may all be absent).
 */
export function shownObject<
  const TEntries extends v.ObjectEntries,
  const TAbsent extends v.InferOutput<v.ObjectSchema<TEntries, undefined>> | null,
>(entries: TEntries, absent: TAbsent) {
  type Shown = v.InferOutput<v.ObjectSchema<TEntries, undefined>>;
  const object = v.object(entries);
  const neverAList: typeof object = {
    ...object,
    '~run'(dataset, config) {
      if (!Array.isArray(dataset.value)) return object['~run'](dataset, config);
      v._addIssue(this, 'type', dataset, config);
      // The dataset now carries the issue: a failure, which the fallback reads as absent.
      return dataset as unknown as ReturnType<(typeof object)['~run']>;
    },
  };
  // Only the fallback below runs it (through `~run`); its own `~standard` is never called.
  // The fallback takes `absent` for anything the object refuses; `null` included when `absent` is null.
  return v.fallback(neverAList as unknown as v.GenericSchema<unknown, Shown | TAbsent>, absent);
}

/**
 * The answer of a call whose content is not used: success on any empty body (204, an empty 200)
 * or a JSON object that does not say it failed. An array, a text or an HTML page is refused.
 */
export function accepted() {
  return v.pipe(
    v.unknown(),
    v.check(isAcceptedBody, 'not an empty body or a JSON object that does not say it failed'),
    rule<unknown>({ kind: 'accepted' }),
  );
}

/** The rule a schema was declared with, if any. */
export function answerRuleOf(schema: unknown): AnswerRule | undefined {
  const pipe = (schema as { pipe?: readonly { type?: string; metadata?: Record<string, unknown> }[] }).pipe;
  const found = pipe?.find((action) => action.type === 'metadata' && action.metadata && ANSWER_RULE in action.metadata);
  return found?.metadata?.[ANSWER_RULE] as AnswerRule | undefined;
}
