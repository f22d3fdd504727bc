import { eitherSignal } from '.';

// The browser floor (iOS 16.4) has no AbortSignal.any: the same result by hand.
describe('eitherSignal', () => {
  const any = AbortSignal.any;
  afterEach(() => {
    AbortSignal.any = any;
  });

  it.each([
    ['with AbortSignal.any', false],
    ['without it (Safari before 17.4)', true],
  ])('%s: fires when either signal fires, with its reason', (_case, withoutAny) => {
    if (withoutAny) (AbortSignal as { any?: unknown }).any = undefined;
    const first = new AbortController();
    const second = new AbortController();
    const both = eitherSignal(first.signal, second.signal);
    expect(both.aborted).toBe(false);
    second.abort(new DOMException('late', 'TimeoutError'));
    expect(both.aborted).toBe(true);
    expect((both.reason as DOMException).name).toBe('TimeoutError');
  });

  it('an already aborted signal gives an aborted one (without AbortSignal.any)', () => {
    (AbortSignal as { any?: unknown }).any = undefined;
    const gone = new AbortController();
    gone.abort('gone');
    expect(eitherSignal(gone.signal, new AbortController().signal).aborted).toBe(true);
  });
});
