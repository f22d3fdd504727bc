/**
 * Data that starts with the code (issue 8). A screen's call normally starts in `useLoad`'s
 * effect, after the screen's chunk has downloaded and rendered. A route whose `lazy` names a
 * `loader` chunk of its own (React Router's granular lazy loading) has that small chunk
 * downloaded beside the component's, and the loader starts the call at once; `useLoad` then takes
 * the call already on its way instead of starting another.
 *
 * The loader returns at once: the screen shows its own loading and error states exactly as
 * before, and a failed call gets the same error state and retry.
 */
type Load = (signal: AbortSignal) => Promise<unknown>;

interface Started {
  promise: Promise<unknown>;
  controller: AbortController;
}

/** Calls started by a loader and not yet taken by their screen, by the load function. */
const started = new Map<Load, Started>();

/**
 * A route loader that starts `load` (the same function the screen passes to `useLoad`). Pair it
 * with `shouldRevalidate: () => false` on the route: a revalidation would start a call no screen
 * takes.
 */
export function routeLoader(load: Load): () => null {
  return () => {
    const controller = new AbortController();
    const promise = load(controller.signal);
    // Handled by the screen that takes it; a call nobody takes must not be an unhandled rejection.
    promise.catch(() => undefined);
    // A newer navigation to the same screen replaces a call that was never taken.
    started.get(load)?.controller.abort();
    started.set(load, { promise, controller });
    return null;
  };
}

/** The call a loader started for `load`, if any, handed over once. */
export function takeStarted<T>(
  load: (signal: AbortSignal) => Promise<T>,
): { promise: Promise<T>; controller: AbortController } | undefined {
  const entry = started.get(load);
  started.delete(load);
  // The entry was stored under this very function, so its promise is this function's result.
  return entry as { promise: Promise<T>; controller: AbortController } | undefined;
}
