import type { PDFDocumentLoadingTask, PDFDocumentProxy, PDFPageProxy, TextContent, TextItem } from 'pdfjs-dist/types/src/display/api';
import type { DocumentInitParameters } from 'pdfjs-dist/types/src/display/api';
import type { CrlvResult } from './read';
import { readCrlvText, type PageText } from './parse';

/** The part of pdf.js this module uses: the browser's build (modern or legacy) or Node's legacy one. */
export type GetDocument = (source: DocumentInitParameters) => PDFDocumentLoadingTask;

/** At most this many pages are read: a CRLV-e is one page; a long PDF is not one and is not read through. */
const MAX_PAGES = 4;

/**
 * A page's text items, read from pdf.js's text stream with a reader. pdf.js's own getTextContent
 * walks that ReadableStream with `for await`, and WebKit (Safari, WebKitGTK 2.50) has no
 * ReadableStream async iterator: there it throws "TypeError: undefined is not a function", and
 * every PDF with a page would end as `failed` (pdf.js issues 21557, 21924; decision 0029).
 */
async function textItems(page: PDFPageProxy): Promise<TextContent['items']> {
  const reader = page.streamTextContent().getReader() as ReadableStreamDefaultReader<TextContent>;
  const items: TextContent['items'] = [];
  try {
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) items.push(...chunk.value.items);
  } finally {
    reader.releaseLock();
  }
  return items;
}

/** Text items of one page in viewport coordinates (see PageText). */
async function pageText(document: PDFDocumentProxy, number: number): Promise<PageText[]> {
  const page = await document.getPage(number);
  const viewport = page.getViewport({ scale: 1 });
  const items = await textItems(page);
  const [a, b, c, d, e, f] = viewport.transform as [number, number, number, number, number, number];
  return items
    .filter((item): item is TextItem => 'str' in item)
    .map((item) => {
      const [, , , , tx, ty] = item.transform as [number, number, number, number, number, number];
      // The item's origin (its baseline's left end) from PDF space into the viewport's.
      return { str: item.str, x: a * tx + c * ty + e, y: b * tx + d * ty + f, width: item.width, height: item.height };
    });
}

/**
 * What pdf.js's errors mean for a driver's file, by their name (pdf.js rebuilds them by name
 * across the worker): a password asked (PasswordException) → locked; not a PDF or a broken one
 * (InvalidPDFException, FormatError, and pdf.js's "UnknownErrorException" for a structure it gave
 * up on) → damaged; anything else (the worker, memory, an abort) → failed.
 */
export function resultOfError(error: unknown): CrlvResult {
  const name =
    error instanceof Error || (typeof error === 'object' && error !== null && 'name' in error)
      ? String((error as { name: unknown }).name)
      : '';
  if (name === 'PasswordException') return { kind: 'locked' };
  if (name === 'InvalidPDFException' || name === 'FormatError' || name === 'UnknownErrorException') return { kind: 'damaged' };
  return { kind: 'failed' };
}

/**
 * Reads a PDF's bytes with pdf.js and its text as a CRLV-e. Never rejects.
 * @param getDocument pdf.js's getDocument (its worker already set up by the caller)
 * @param data the file's bytes (handed to pdf.js's worker, which takes them over)
 * @param init further pdf.js parameters (the worker to use)
 * @param signal aborting it destroys the loading task: the result is then `failed`
 */
export async function readPdf(
  getDocument: GetDocument,
  data: Uint8Array,
  init: Omit<DocumentInitParameters, 'data'> = {},
  signal?: AbortSignal,
): Promise<CrlvResult> {
  if (signal?.aborted) return { kind: 'failed' };
  // No fonts, no scripts, no network: text only (pdf.js fetches nothing for the text stream with
  // these, and a PDF's JavaScript never runs). pdf.js's recovery stays on (stopAtErrors false): a
  // real document with a generator's small error is read; a file with no PDF structure left is
  // still refused (InvalidPDFException).
  const task = getDocument({ ...init, data, isEvalSupported: false, stopAtErrors: false, disableFontFace: true, useSystemFonts: false });
  const abort = () => void task.destroy();
  signal?.addEventListener('abort', abort, { once: true });
  try {
    const document = await task.promise;
    const pages: PageText[][] = [];
    for (let number = 1; number <= Math.min(document.numPages, MAX_PAGES); number += 1) {
      pages.push(await pageText(document, number));
    }
    if (signal?.aborted) return { kind: 'failed' };
    return readCrlvText(pages);
  } catch (error) {
    return signal?.aborted ? { kind: 'failed' } : resultOfError(error);
  } finally {
    signal?.removeEventListener('abort', abort);
    await task.destroy().catch(() => undefined);
  }
}
