// The reader in an engine whose ReadableStream has no async iterator (WebKit: Safari, WebKitGTK
// 2.50): the test documents of e2e/fixtures/crlv read in Node by the reader's own code (extract.ts
// through node-read.ts) with ReadableStream.prototype[Symbol.asyncIterator] removed before pdf.js
// loads. pdf.js's getTextContent walks its text stream with `for await` and threw there, so the
// taxi's PDF and the scan ended as `failed` ("Não conseguimos ler os dados deste PDF") in WebKit
// only (issue 47, decision 0029).
import { join } from 'node:path';
import { CRLV_FIXTURES as FIXTURES } from '../../../../e2e/fixtures/crlv/vehicles';
import { readWithNode } from '../../crlv-read-with-node';
import type { CrlvResult } from './read';

/** Run before pdf.js loads: what WebKit lacks, taken away (and checked gone, so this test cannot pass by accident). */
const AS_WEBKIT =
  'data:text/javascript,delete ReadableStream.prototype[Symbol.asyncIterator];' +
  'if (Symbol.asyncIterator in ReadableStream.prototype) throw new Error("ReadableStream is still async-iterable");';

async function readAsWebKit(files: readonly string[]): Promise<Record<string, CrlvResult>> {
  const read = await readWithNode(
    files.map((file) => join(FIXTURES, file)),
    { preload: [AS_WEBKIT] },
  );
  return Object.fromEntries(Object.entries(read).map(([file, result]) => [file.slice(FIXTURES.length + 1), result]));
}

let results: Record<string, CrlvResult>;
beforeAll(async () => {
  results = await readAsWebKit(['crlv-taxi-aluguel.pdf', 'scanned.pdf', 'broken.pdf']);
}, 60_000);

describe('the CRLV-e reader where ReadableStream is not async-iterable (WebKit)', () => {
  it('reads the taxi’s fields (the ones the vehicle form fills first)', () => {
    expect(results['crlv-taxi-aluguel.pdf']).toMatchObject({
      kind: 'read',
      reading: {
        fields: {
          Plate: 'FTX3D47',
          Renavam: '01234567897',
          Chassis: '9BD358A4NPYJ20381',
          OwnerDocument: '37161496080',
          EmissionDate: '12/03/2025',
        },
      },
    });
  });

  it('tells the scan has no text (not that the PDF could not be read)', () => {
    expect(results['scanned.pdf']).toEqual({ kind: 'no-text' });
  });

  it('still tells the broken PDF as damaged', () => {
    expect(results['broken.pdf']).toEqual({ kind: 'damaged' });
  });
});
