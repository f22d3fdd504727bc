import { driverValue } from '@driver-portal/shared/session';
import type { CrlvField, CrlvReading, CrlvResult } from './features/crlv/read';
import { registeringDriver } from './session';

export type { CrlvField, CrlvReading, CrlvResult };

/*
 * The CRLV-e the driver chose, read on the phone, carried from the PDF's choice (the capture
 * screen) to the vehicle data form (docs/decisions/0029): in the new flow the form opens later,
 * from the checklist; in the edit flow right after the upload, maybe while the reading still
 * runs. Here, at the app's top, because two features share it (features do not import each
 * other). The reader itself (pdf.js in a worker, features/crlv) is downloaded only when a PDF is
 * chosen: it is imported on the first reading, never by a screen's chunk.
 *
 * What was read is kept like the form's draft: in the session's storage (the page's memory in a
 * webview without storage) under the session's driver, with the driver and modality it was read
 * for; cleared on /Sair and on a driver switch with every value of the session. Nothing of it is
 * sent anywhere: the upload sends the PDF as before, the form sends what the driver confirmed.
 */

/** What was read for a driver's modality, and, once the vehicle form opened with it, what it filled. */
export interface KeptCrlvReading {
  guid: string;
  modalityType: number;
  result: CrlvResult;
  /** The form's values it filled (by the form's field names), set the first time the form opens with it. */
  filled?: Record<string, string>;
  /** Why a field was not filled, by field (shown under it), set with `filled`. */
  notes?: Record<string, string>;
}

/** How long the vehicle form waits for a reading still running before it opens without it. */
export const READING_WAIT_MS = 20_000;

const kept = driverValue('crlv-reading');

const RESULT_KINDS: ReadonlySet<string> = new Set(['read', 'not-crlv', 'no-text', 'damaged', 'locked', 'failed']);
const isRecordOfText = (value: unknown): value is Record<string, string> =>
  typeof value === 'object' && value !== null && Object.values(value).every((item) => typeof item === 'string');

/** The kept reading, or undefined when none or when what is kept is not one (written by another release). */
function keptReading(): KeptCrlvReading | undefined {
  const text = kept.get();
  if (!text) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null) return undefined;
    const { guid, modalityType, result, filled, notes } = value as Partial<KeptCrlvReading>;
    if (typeof guid !== 'string' || typeof modalityType !== 'number' || typeof result !== 'object' || result === null) return undefined;
    if (!RESULT_KINDS.has(result.kind)) return undefined;
    if (result.kind === 'read' && !isRecordOfText((result as { reading?: { fields?: unknown } }).reading?.fields)) return undefined;
    if ((filled !== undefined && !isRecordOfText(filled)) || (notes !== undefined && !isRecordOfText(notes))) return undefined;
    return { guid, modalityType, result, filled, notes };
  } catch {
    return undefined;
  }
}

const keep = (reading: KeptCrlvReading | undefined) => kept.set(reading ? JSON.stringify(reading) : undefined);

/** The reading under way (one at a time: a new choice replaces it). */
let running: { guid: string; modalityType: number; controller: AbortController; done: Promise<void> } | undefined;

/**
 * Reads the CRLV-e PDF the driver chose, in the background: returns at once, never throws and
 * never delays the upload. A previous reading (another PDF) is cancelled and forgotten. The
 * reader's chunk that cannot be downloaded (offline) is a failed reading, which the form says.
 */
export function readChosenCrlv(guid: string, modalityType: number, file: Blob): void {
  running?.controller.abort();
  keep(undefined);
  const controller = new AbortController();
  const done = import('./features/crlv/read')
    .then(({ readCrlvPdf }) => readCrlvPdf(file, { signal: controller.signal }))
    .catch((): CrlvResult => ({ kind: 'failed' }))
    .then((result) => {
      // Another PDF chosen since, or another driver on the phone: this reading is nobody's now.
      if (controller.signal.aborted || registeringDriver() !== guid) return;
      keep({ guid, modalityType, result });
    });
  const entry = { guid, modalityType, controller, done };
  running = entry;
  void done.finally(() => {
    if (running === entry) running = undefined;
  });
}

/** Whether a PDF chosen for this driver's modality is still being read. */
export function crlvReadingRunning(guid: string, modalityType: number): boolean {
  return running !== undefined && running.guid === guid && running.modalityType === modalityType;
}

/** Whether anything was read (or tried) for this driver's modality. */
export function hasCrlvReading(guid: string, modalityType: number): boolean {
  const reading = keptReading();
  return crlvReadingRunning(guid, modalityType) || (reading?.guid === guid && reading.modalityType === modalityType);
}

/**
 * The reading of the PDF chosen for this driver's modality: waits for one still running (at most
 * `waitMs`; longer, it is cancelled and kept as failed, so the form says so once and a late
 * reading never overwrites what the driver typed meanwhile). Undefined when no PDF was chosen.
 * Never rejects; `signal` only stops the waiting.
 */
export async function crlvReadingFor(
  guid: string,
  modalityType: number,
  signal?: AbortSignal,
  waitMs: number = READING_WAIT_MS,
): Promise<KeptCrlvReading | undefined> {
  const current = running;
  if (current && current.guid === guid && current.modalityType === modalityType) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = await Promise.race([
      current.done.then(() => false),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(true), waitMs);
        signal?.addEventListener('abort', () => resolve(false), { once: true });
      }),
    ]);
    clearTimeout(timer);
    if (late && running === current) {
      current.controller.abort();
      running = undefined;
      keep({ guid, modalityType, result: { kind: 'failed' } });
    }
  }
  const reading = keptReading();
  return reading?.guid === guid && reading.modalityType === modalityType ? reading : undefined;
}

/** Records what the reading filled on the form's first opening with it: later openings show the same marks, not the message again. */
export function markCrlvReadingShown(reading: KeptCrlvReading, filled: Record<string, string>, notes: Record<string, string>): void {
  const current = keptReading();
  if (current?.guid !== reading.guid || current.modalityType !== reading.modalityType || current.filled) return;
  keep({ ...current, filled, notes });
}

/** Forgets the reading (the vehicle was sent: nothing of the document stays on the phone longer than needed). */
export function forgetCrlvReading(): void {
  running?.controller.abort();
  running = undefined;
  keep(undefined);
}
