import * as v from 'valibot';
import { accepted, listOf, numericId, shownText, strict } from '@driver-portal/shared/answers';
import { expectationOf, variantsOf, type Variant } from './answer-variants';

/** The generator's verdicts come from the declaration: these hold it to the rule of docs/answers.md. */
const answer = v.object({
  id: numericId('asked by it'),
  title: shownText(''),
  total: strict(v.number(), 'money'),
  undecided: v.string(),
  items: listOf(v.object({ key: strict(v.string(), 'saved by it'), label: shownText() }), 'itens'),
  address: v.nullish(v.object({ city: shownText() }), null),
  summary: v.fallback(v.nullable(v.object({ total: v.number() })), null),
});
const verdict = (kind: Variant['kind'], path: (string | 0)[]) => expectationOf(answer, { kind, path, label: kind });

describe('answer variants', () => {
  it('lists a variant of every kind the declaration allows', () => {
    const labels = variantsOf(answer).map((variant) => variant.label);
    expect(labels).toEqual(
      expect.arrayContaining([
        'null-field $.id',
        'numeric-string $.id',
        'number-for-text $.title',
        'missing-field $.total',
        'empty-list $.items',
        'broken-item $.items',
        'null-field $.items[0].key',
        'no-content-204',
        'html-200',
        'failed-200',
        'list-for-object',
        'extra-fields',
        'list-for-object $.address',
        'list-for-object $.summary',
        'list-for-object $.items[0]',
      ]),
    );
  });

  it('a list where an object is declared, at any depth: absent with a fallback, the entry left out in a list, else refused', () => {
    expect(verdict('list-for-object', [])).toMatchObject({ outcome: 'refused' });
    expect(verdict('list-for-object', ['address'])).toMatchObject({ outcome: 'refused', why: 'an object is never a list' });
    expect(verdict('list-for-object', ['summary'])).toMatchObject({ outcome: 'works', shown: 'absent' });
    expect(verdict('list-for-object', ['items', 0])).toMatchObject({ outcome: 'works', listShorter: ['items'] });
  });

  it('a field only shown takes null and near types, read as absent or converted', () => {
    expect(verdict('null-field', ['title'])).toMatchObject({ outcome: 'works', shown: 'absent' });
    expect(verdict('number-for-text', ['title'])).toMatchObject({ outcome: 'works', shown: 'converted' });
  });

  it('a strict field refuses the answer, or leaves its list entry out', () => {
    expect(verdict('null-field', ['total'])).toMatchObject({ outcome: 'refused', why: 'strict: money' });
    expect(verdict('numeric-string', ['total'])).toMatchObject({ outcome: 'refused' });
    expect(verdict('numeric-string', ['id'])).toMatchObject({ outcome: 'works' });
    expect(verdict('null-field', ['items', 0, 'key'])).toMatchObject({ outcome: 'works', listShorter: ['items'] });
    expect(verdict('broken-item', ['items'])).toMatchObject({ outcome: 'works', listShorter: ['items'] });
  });

  it('a field declared with no rule is expected to be tolerant, so a schema refusing it fails its tests', () => {
    expect(verdict('null-field', ['undecided'])).toMatchObject({ outcome: 'works', why: 'no rule declared: tolerant by default' });
  });

  it('an empty 2xx works only for a call whose answer is not used; a page or a failure never', () => {
    expect(verdict('no-content-204', [])).toMatchObject({ outcome: 'refused' });
    expect(expectationOf(accepted(), { kind: 'no-content-204', path: [], label: '' })).toMatchObject({ outcome: 'works' });
    expect(expectationOf(accepted(), { kind: 'html-200', path: [], label: '' })).toMatchObject({ outcome: 'refused' });
    expect(expectationOf(accepted(), { kind: 'list-for-object', path: [], label: '' })).toMatchObject({ outcome: 'refused' });
  });
});
