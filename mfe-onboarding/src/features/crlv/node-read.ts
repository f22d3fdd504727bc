/**
 * Reads PDF files in Node with the reader the browser runs (extract.ts, parse.ts) and pdf.js's
 * legacy build (its Node build: no worker, the same parser in-thread), and prints one JSON line
 * per file: `{ "file": ..., "result": CrlvResult }`. Jest runs it as a child process, since pdf.js
 * is an ES module Jest's CommonJS transform does not load (crlv-fixtures.test.ts).
 *
 * Usage: node --import tsx mfe-onboarding/src/features/crlv/node-read.ts <file.pdf>...
 */
import { readFileSync } from 'node:fs';
import { readPdf } from './extract';

async function main(files: readonly string[]): Promise<void> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  for (const file of files) {
    const result = await readPdf(pdfjs.getDocument, new Uint8Array(readFileSync(file)), { verbosity: 0 });
    process.stdout.write(`${JSON.stringify({ file, result })}\n`);
  }
}

void main(process.argv.slice(2));
