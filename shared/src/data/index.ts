import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, malformedAnswer } from '@driver-portal/shared/http';
import { takeStarted } from './route-loader';

export { routeLoader } from './route-loader';

export type LoadState<T> =
  | { status: 'loading'; data?: undefined; error?: undefined }
  | { status: 'success'; data: T; error?: undefined }
  | { status: 'error'; data?: undefined; error: ApiError };

export interface UseLoadResult<T> {
  state: LoadState<T>;
  /** Loads again (the retry button of every error state). */
  reload: () => void;
}

/**
 * Loads data for a screen, cancelling the request when the screen goes away or its inputs
 * change. Errors become {@link ApiError}s for the screen's error state. On its first load it
 * takes the call the route's loader already started for `load` ({@link routeLoader}), if any.
 */
export function useLoad<T>(load: (signal: AbortSignal) => Promise<T>, deps: readonly unknown[]): UseLoadResult<T> {
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<{ inputs: readonly unknown[]; state: LoadState<T> }>();
  const loadRef = useRef(load);
  useEffect(() => {
    loadRef.current = load;
  });
  const inputs = [...deps, attempt];
  // A result only counts for the inputs it was loaded with: new inputs mean loading again.
  const state: LoadState<T> = result && sameInputs(result.inputs, inputs) ? result.state : { status: 'loading' };

  useEffect(() => {
    const early = attempt === 0 ? takeStarted(loadRef.current) : undefined;
    const controller = early?.controller ?? new AbortController();
    (early?.promise ?? loadRef.current(controller.signal)).then(
      (data) => {
        if (!controller.signal.aborted) setResult({ inputs, state: { status: 'success', data } });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        // A loader that threw something else (a bug, not a call) still gets an error state.
        const apiError = error instanceof ApiError ? error : malformedAnswer('core');
        setResult({ inputs, state: { status: 'error', error: apiError } });
      },
    );
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller lists the inputs of `load`
  }, inputs);

  const reload = useCallback(() => setAttempt((value) => value + 1), []);
  return { state, reload };
}

function sameInputs(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((value, index) => Object.is(value, b[index]));
}

export interface SingleFlight<A extends unknown[], R> {
  /** Starts the action unless it is already running (then resolves to undefined at once). */
  run: (...args: A) => Promise<R | undefined>;
  /** For `aria-disabled` on the control that started it. */
  running: boolean;
}

/**
 * One action at a time: a second tap, or Enter in a field, while a request is on its way does
 * not send it again. The flag is a ref (a re-render comes too late to stop a double tap) mirrored
 * in state for the UI.
 */
export function useSingleFlight<A extends unknown[], R>(action: (...args: A) => Promise<R>): SingleFlight<A, R> {
  const busy = useRef(false);
  const [running, setRunning] = useState(false);
  const run = useCallback(
    async (...args: A) => {
      if (busy.current) return undefined;
      busy.current = true;
      setRunning(true);
      try {
        return await action(...args);
      } finally {
        busy.current = false;
        setRunning(false);
      }
    },
    [action],
  );
  return { run, running };
}
