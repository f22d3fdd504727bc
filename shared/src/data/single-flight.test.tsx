import { act, renderHook } from '@testing-library/react';
import { useSingleFlight } from '.';

describe('useSingleFlight', () => {
  it('runs an action once while it is on its way, and again after it ends (even after a failure)', async () => {
    let finish: () => void = () => {};
    const action = jest.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const { result } = renderHook(() => useSingleFlight(action));

    let first: Promise<void | undefined> = Promise.resolve();
    act(() => {
      first = result.current.run();
      void result.current.run(); // a double tap
    });
    expect(action).toHaveBeenCalledTimes(1);
    expect(result.current.running).toBe(true);

    await act(async () => {
      finish();
      await first;
    });
    expect(result.current.running).toBe(false);

    action.mockImplementationOnce(() => Promise.reject(new Error('falhou')));
    await act(async () => {
      await expect(result.current.run()).rejects.toThrow('falhou');
    });
    await act(async () => {
      const again = result.current.run();
      finish();
      await again;
    });
    expect(action).toHaveBeenCalledTimes(3);
  });
});
