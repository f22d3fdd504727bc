// readCrlvPdf's promise to the screens: it never rejects. The reader's download (browser-reader.ts,
// its own chunk) is replaced here; the real one runs in the e2e and the bench.
import { readCrlvPdf } from './read';
import { readInWorker } from './browser-reader';

jest.mock('./browser-reader', () => ({ readInWorker: jest.fn() }));
const reader = jest.mocked(readInWorker);

const pdf = new Blob(['%PDF-1.7'], { type: 'application/pdf' });

describe('readCrlvPdf', () => {
  afterEach(() => reader.mockReset());

  it('gives what the reader read, handing it the file and the signal', async () => {
    reader.mockResolvedValue({ kind: 'read', reading: { fields: { Plate: 'FTX3D47' } } });
    const controller = new AbortController();
    await expect(readCrlvPdf(pdf, { signal: controller.signal })).resolves.toEqual({
      kind: 'read',
      reading: { fields: { Plate: 'FTX3D47' } },
    });
    expect(reader).toHaveBeenCalledWith(pdf, controller.signal);
  });

  it('says failed, without rejecting, when the reader cannot be downloaded or started (offline)', async () => {
    reader.mockRejectedValue(new TypeError('Failed to fetch dynamically imported module'));
    await expect(readCrlvPdf(pdf)).resolves.toEqual({ kind: 'failed' });
  });
});
