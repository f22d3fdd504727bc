import { act, renderHook, waitFor } from '@testing-library/react';
import { useZipLookup } from '.';

type Lookup = (digits: string, signal: AbortSignal) => Promise<string>;

function setup(initialCep: string, lookup: Lookup) {
  const found: string[] = [];
  const left: string[] = [];
  // Inline callbacks on every render, as a form passes them: they must not restart the lookup.
  const hook = renderHook(
    ({ cep }) =>
      useZipLookup(
        cep,
        (digits, signal) => lookup(digits, signal),
        (street) => found.push(street),
        (street) => left.push(street),
      ),
    {
      initialProps: { cep: initialCep },
    },
  );
  return { ...hook, found, left };
}

describe('useZipLookup', () => {
  it('looks a CEP up once it is complete, once, and hands over what it found', async () => {
    const lookup = jest.fn<Promise<string>, [string, AbortSignal]>().mockResolvedValue('Avenida Paulista');
    const { rerender, found, result } = setup('', lookup);
    rerender({ cep: '01310-10' });
    expect(lookup).not.toHaveBeenCalled();
    rerender({ cep: '01310-100' });
    await waitFor(() => expect(found).toEqual(['Avenida Paulista']));
    rerender({ cep: '01310-100' });
    expect(lookup).toHaveBeenCalledTimes(1);
    expect(lookup).toHaveBeenCalledWith('01310100', expect.any(AbortSignal));
    expect(result.current.notFound).toBe(false);
  });

  it('a CEP the form starts with (a restored draft) is not looked up again', () => {
    const lookup = jest.fn<Promise<string>, [string, AbortSignal]>().mockResolvedValue('x');
    setup('01310-100', lookup);
    expect(lookup).not.toHaveBeenCalled();
  });

  it('not found for the CEP typed; editing the CEP clears it', async () => {
    const lookup = jest.fn<Promise<string>, [string, AbortSignal]>().mockRejectedValue(new Error('404'));
    const { rerender, result } = setup('', lookup);
    rerender({ cep: '99999-999' });
    await waitFor(() => expect(result.current.notFound).toBe(true));
    rerender({ cep: '99999-99' });
    expect(result.current.notFound).toBe(false);
  });

  it('a CEP changed while its lookup runs aborts it: only the last one fills', async () => {
    const pending: Array<{ digits: string; signal: AbortSignal; resolve: (street: string) => void }> = [];
    const lookup: Lookup = (digits, signal) => new Promise((resolve) => pending.push({ digits, signal, resolve }));
    const { rerender, found } = setup('', lookup);
    rerender({ cep: '01310-100' });
    rerender({ cep: '01310-10' });
    rerender({ cep: '20040-020' });
    expect(pending.map((call) => [call.digits, call.signal.aborted])).toEqual([
      ['01310100', true],
      ['20040020', false],
    ]);
    await act(async () => {
      pending[0]?.resolve('Avenida Paulista');
      pending[1]?.resolve('Avenida Rio Branco');
    });
    expect(found).toEqual(['Avenida Rio Branco']);
  });

  it('a CEP changed after its lookup filled the address hands what it filled back, once, to be undone', async () => {
    const lookup = jest.fn<Promise<string>, [string, AbortSignal]>().mockResolvedValue('Avenida Paulista');
    const { rerender, found, left } = setup('', lookup);
    rerender({ cep: '01310-100' });
    await waitFor(() => expect(found).toEqual(['Avenida Paulista']));
    expect(left).toEqual([]);
    rerender({ cep: '01310-10' });
    expect(left).toEqual(['Avenida Paulista']);
    rerender({ cep: '99999-99' });
    expect(left).toEqual(['Avenida Paulista']);
  });

  it('retyping a CEP whose lookup failed says nothing while the new lookup runs', async () => {
    let fail = true;
    let answer: ((street: string) => void) | undefined;
    const lookup: Lookup = () => (fail ? Promise.reject(new Error('timeout')) : new Promise<string>((resolve) => (answer = resolve)));
    const { rerender, result, found } = setup('', lookup);
    rerender({ cep: '01310-100' });
    await waitFor(() => expect(result.current.notFound).toBe(true));
    fail = false;
    rerender({ cep: '01310-10' });
    rerender({ cep: '01310-100' });
    expect(result.current.notFound).toBe(false);
    await act(async () => answer?.('Avenida Paulista'));
    expect(found).toEqual(['Avenida Paulista']);
    expect(result.current.notFound).toBe(false);
  });
});
