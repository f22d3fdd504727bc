import type { PDFWorker as PdfWorker } from 'pdfjs-dist/types/src/display/api';
import type { CrlvResult } from './read';
import { readPdf, type GetDocument } from './extract';

/**
 * pdf.js's legacy build, shipped as Mozilla publishes it (two files, emitted by Rspack as assets
 * with a content hash, not re-bundled): its modern build calls Promise.withResolvers, Promise.try,
 * Uint8Array.fromBase64 and more that the browser floor (Chromium 105, Safari 16.4, Firefox 115)
 * lacks, while the legacy build carries core-js's polyfills for them (decision 0029).
 * `new URL(..., import.meta.url)` makes these addresses on the remote's own server.
 */
const LIBRARY_URL = new URL('pdfjs-dist/legacy/build/pdf.min.mjs', import.meta.url);
const WORKER_URL = new URL('pdfjs-dist/legacy/build/pdf.worker.min.mjs', import.meta.url);

interface PdfJs {
  getDocument: GetDocument;
  PDFWorker: typeof PdfWorker;
}

let library: Promise<PdfJs> | undefined;
/** The running worker, and what aborts the reads it serves when it fails (its file not downloaded, refused, crashed). */
let worker: { pdf: PdfWorker; failed: AbortController } | undefined;

/** pdf.js's API, downloaded once (a module script from this remote's origin: CSP script-src, CORS for the host). */
function loadLibrary(): Promise<PdfJs> {
  library ??= import(/* webpackIgnore: true */ LIBRARY_URL.href).then((module: PdfJs) => module);
  // A failed download is tried again on the next file, not cached as a failure.
  library.catch(() => {
    library = undefined;
  });
  return library;
}

/**
 * pdf.js's worker, started once and kept for the next file. A page may only start a worker from
 * its own origin: on the remote's own page the file itself, inside the host's page (another
 * origin) a one-line module made on the spot that imports it (CSP worker-src blob:, decision 0029).
 * The worker is handed to pdf.js as a port, so pdf.js never falls back to parsing on the page's
 * thread (its "fake worker").
 */
function startWorker(pdfjs: PdfJs): NonNullable<typeof worker> {
  if (worker && !worker.pdf.destroyed && !worker.failed.signal.aborted) return worker;
  let source = WORKER_URL.href;
  let blobUrl: string | undefined;
  if (WORKER_URL.origin !== window.location.origin) {
    blobUrl = URL.createObjectURL(new Blob([`import ${JSON.stringify(source)};`], { type: 'text/javascript' }));
    source = blobUrl;
  }
  const port = new Worker(source, { type: 'module', name: 'crlv-reader' });
  // The worker has read its source once started; the address is no longer needed.
  if (blobUrl) setTimeout(() => URL.revokeObjectURL(blobUrl), 10_000);
  const failed = new AbortController();
  // pdf.js listens to a port it is given for messages only: a worker whose file cannot be
  // downloaded or run (offline, refused by the CSP) would leave the read waiting for ever.
  port.addEventListener('error', () => failed.abort(), { once: true });
  worker = { pdf: pdfjs.PDFWorker.create({ port, name: 'crlv-reader' }), failed };
  return worker;
}

/**
 * Reads a chosen PDF in pdf.js's worker (see extract.ts for what is read and what each error means).
 * @throws when pdf.js cannot be downloaded or its worker cannot start (read.ts turns that into `failed`)
 */
export async function readInWorker(file: Blob, signal?: AbortSignal): Promise<CrlvResult> {
  const pdfjs = await loadLibrary();
  const data = new Uint8Array(await file.arrayBuffer());
  const running = startWorker(pdfjs);
  // This read ends when the driver's signal aborts or the worker fails, whichever comes first.
  const ended = new AbortController();
  const end = () => ended.abort();
  if (signal?.aborted || running.failed.signal.aborted) end();
  signal?.addEventListener('abort', end, { once: true });
  running.failed.signal.addEventListener('abort', end, { once: true });
  try {
    const result = await readPdf(pdfjs.getDocument, data, { worker: running.pdf }, ended.signal);
    if (result.kind === 'failed') {
      // The worker may be what failed: the next file starts a new one.
      running.pdf.destroy();
      if (worker === running) worker = undefined;
    }
    return result;
  } finally {
    signal?.removeEventListener('abort', end);
    running.failed.signal.removeEventListener('abort', end);
  }
}
