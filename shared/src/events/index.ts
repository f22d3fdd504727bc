/**
 * The platform's event bus. Events travel as DOM events on `window`, so the host, every
 * remote and a remote's standalone page talk through one channel even if a remote was built
 * with its own copy of this module.
 */
// eslint-disable-next-line no-restricted-imports -- the boot's messages are kept beside the keys, which the boot bundles before federation (constants, no state)
import { takeBootAlerts } from '../session/keys';

export type AlertKind = 'success' | 'error';

export interface AlertRequest {
  title: string;
  message?: string;
  /** Extra lines, e.g. the validation list of a 400 answer. */
  details?: string[];
  kind: AlertKind;
  /** Path to navigate to when the driver presses OK. */
  redirectTo?: string;
}

export interface LoadingChange {
  id: string;
  active: boolean;
}

const ALERT_EVENT = 'driver-portal:alert';
const LOADING_EVENT = 'driver-portal:loading';

export function showAlert(request: AlertRequest): void {
  window.dispatchEvent(new CustomEvent<AlertRequest>(ALERT_EVENT, { detail: request }));
}

export function showSuccess(title: string, options: Omit<AlertRequest, 'title' | 'kind'> = {}): void {
  showAlert({ ...options, title, kind: 'success' });
}

export function showError(title: string, options: Omit<AlertRequest, 'title' | 'kind'> = {}): void {
  showAlert({ ...options, title, kind: 'error' });
}

export function onAlert(listener: (request: AlertRequest) => void): () => void {
  const handler = (event: Event) => listener((event as CustomEvent<AlertRequest>).detail);
  window.addEventListener(ALERT_EVENT, handler);
  // What the boot had to say before any dialog listened (a handoff refused, say): shown first.
  takeBootAlerts(window).forEach((alert) => listener(alert));
  return () => window.removeEventListener(ALERT_EVENT, handler);
}

let loadingSequence = 0;

/**
 * Shows the global loading overlay until the returned function is called. Each load has its
 * own id, so one load finishing never hides the overlay while another is still running, and
 * calling the function twice is harmless.
 */
export function beginLoading(): () => void {
  loadingSequence += 1;
  const id = `${Date.now().toString(36)}-${loadingSequence}-${Math.random().toString(36).slice(2, 8)}`;
  window.dispatchEvent(new CustomEvent<LoadingChange>(LOADING_EVENT, { detail: { id, active: true } }));
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    window.dispatchEvent(new CustomEvent<LoadingChange>(LOADING_EVENT, { detail: { id, active: false } }));
  };
}

export async function withLoading<T>(work: Promise<T> | (() => Promise<T>)): Promise<T> {
  const end = beginLoading();
  try {
    return await (typeof work === 'function' ? work() : work);
  } finally {
    end();
  }
}

export function onLoadingChange(listener: (change: LoadingChange) => void): () => void {
  const handler = (event: Event) => listener((event as CustomEvent<LoadingChange>).detail);
  window.addEventListener(LOADING_EVENT, handler);
  return () => window.removeEventListener(LOADING_EVENT, handler);
}
