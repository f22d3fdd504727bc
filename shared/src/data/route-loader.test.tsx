import { act, renderHook, waitFor } from '@testing-library/react';
import { routeLoader, useLoad } from '.';

describe('routeLoader', () => {
  it("starts the call before the screen renders; the screen's first load takes it instead of calling again", async () => {
    const load = jest.fn((signal: AbortSignal) => Promise.resolve(signal.aborted ? 'cancelada' : 'lista'));
    routeLoader(load)();
    expect(load).toHaveBeenCalledTimes(1);

    const { result } = renderHook(() => useLoad(load, []));
    await waitFor(() => expect(result.current.state.status).toBe('success'));
    expect(result.current.state.data).toBe('lista');
    expect(load).toHaveBeenCalledTimes(1);

    // The retry calls again.
    act(() => result.current.reload());
    await waitFor(() => expect(load).toHaveBeenCalledTimes(2));
  });

  it('a failed early call gets the same error state as one the screen made', async () => {
    const load = jest.fn(() => Promise.reject(new Error('quebrou')));
    routeLoader(load)();
    const { result } = renderHook(() => useLoad(load, []));
    await waitFor(() => expect(result.current.state.status).toBe('error'));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('a call no screen took is cancelled when the loader runs again, and the screen takes the newer one', async () => {
    const signals: AbortSignal[] = [];
    const load = jest.fn((signal: AbortSignal) => {
      signals.push(signal);
      return Promise.resolve(signals.length);
    });
    routeLoader(load)();
    routeLoader(load)();
    expect(signals[0]?.aborted).toBe(true);

    const { result, unmount } = renderHook(() => useLoad(load, []));
    await waitFor(() => expect(result.current.state.data).toBe(2));
    expect(load).toHaveBeenCalledTimes(2);
    unmount();
    expect(signals[1]?.aborted).toBe(true);
  });

  it('without a loader the screen calls as before', async () => {
    const load = jest.fn(() => Promise.resolve('lista'));
    const { result } = renderHook(() => useLoad(load, []));
    await waitFor(() => expect(result.current.state.status).toBe('success'));
    expect(load).toHaveBeenCalledTimes(1);
  });
});
