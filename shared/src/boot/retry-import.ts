/**
 * A dynamic import (a chunk) that failed to load is asked for once more, a moment later: a
 * webview on a moving phone loses a request now and then (issue 29, point 5). The bundler forgets
 * a chunk whose load failed, so the second `import()` downloads it again. If that fails too the
 * caller decides: telemetry gives up quietly, a screen shows its area's fallback. Nothing here
 * leaves a rejection unhandled.
 */
export const RETRY_DELAY_MS = 800;

export function retryImport<T>(load: () => Promise<T>, { delayMs = RETRY_DELAY_MS }: { delayMs?: number } = {}): Promise<T> {
  return load().catch(
    () =>
      new Promise<T>((resolve, reject) => {
        setTimeout(() => load().then(resolve, reject), delayMs);
      }),
  );
}

/** A dynamic import that is allowed to fail (telemetry, extras): tried twice, then nothing, quietly. */
export function importQuietly<T>(load: () => Promise<T>, use: (module: T) => void, options?: { delayMs?: number }): void {
  retryImport(load, options).then(use, () => undefined);
}

export const START_FAILURE_TEXT = {
  title: 'Não foi possível abrir o portal',
  body: 'Verifique sua conexão com a internet e tente novamente.',
  retry: 'Tentar novamente',
} as const;

/**
 * An app's code could not be loaded even on the second try (offline at the first visit): a plain
 * message and a way to try again, written without React (which is in the chunk that failed).
 */
export function showStartFailure(doc: Document = document): void {
  const root = doc.getElementById('root') ?? doc.body;
  const section = doc.createElement('section');
  section.setAttribute('role', 'alert');
  section.className = 'start-failure';
  const title = doc.createElement('h1');
  title.textContent = START_FAILURE_TEXT.title;
  const body = doc.createElement('p');
  body.textContent = START_FAILURE_TEXT.body;
  const retry = doc.createElement('button');
  retry.type = 'button';
  retry.textContent = START_FAILURE_TEXT.retry;
  retry.addEventListener('click', () => doc.defaultView?.location.reload());
  section.append(title, body, retry);
  root.replaceChildren(section);
}

/** Starts an app's code chunk: tried twice, else the start failure message. */
export function startApp<T>(load: () => Promise<T>, run: (module: T) => unknown, doc: Document = document): Promise<void> {
  return retryImport(load).then(
    (module) => void run(module),
    () => showStartFailure(doc),
  );
}
