import { sessionValue } from '@driver-portal/shared/session';
import { crlvReadingFor, crlvReadingRunning, forgetCrlvReading, hasCrlvReading, readChosenCrlv, type CrlvResult } from './crlv-reading';

// What the capture screen hands the vehicle form (decision 0029): one reading at a time, waited
// for a while, kept per driver and modality. The reader itself is mocked: its own tests read PDFs.
jest.mock('./features/crlv/read', () => ({ readCrlvPdf: jest.fn() }));
const reader = jest.requireMock<{ readCrlvPdf: jest.Mock<Promise<CrlvResult>, [Blob, { signal?: AbortSignal }?]> }>('./features/crlv/read');

const GUID = 'guid-7';
const pdf = () => new Blob(['%PDF-1.7\n'], { type: 'application/pdf' });
const READ: CrlvResult = { kind: 'read', reading: { fields: { Plate: 'ABC1D23' } } };
/** The reader is imported before it is called: a few turns of the event loop. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

/** A reading the test answers when it wants, and whether it was cancelled. */
function pending() {
  let answer: (result: CrlvResult) => void = () => undefined;
  let signal: AbortSignal | undefined;
  reader.readCrlvPdf.mockImplementationOnce((_file, options) => {
    signal = options?.signal;
    return new Promise<CrlvResult>((resolve) => (answer = resolve));
  });
  return { answer: (result: CrlvResult) => answer(result), cancelled: () => signal?.aborted === true };
}

beforeEach(() => {
  reader.readCrlvPdf.mockReset();
  sessionValue('driverGuid').set(GUID);
});
afterEach(() => forgetCrlvReading());

it('a reading that takes too long counts as not read, is cancelled, and its late answer never replaces it', async () => {
  const slow = pending();
  readChosenCrlv(GUID, 0, pdf());
  expect(crlvReadingRunning(GUID, 0)).toBe(true);
  const reading = await crlvReadingFor(GUID, 0, undefined, 50);
  expect(reading?.result).toEqual({ kind: 'failed' });
  expect(slow.cancelled()).toBe(true);
  slow.answer(READ);
  await settle();
  expect((await crlvReadingFor(GUID, 0))?.result).toEqual({ kind: 'failed' });
});

it('another PDF chosen cancels the reading of the first, whose answer is dropped', async () => {
  const first = pending();
  readChosenCrlv(GUID, 0, pdf());
  reader.readCrlvPdf.mockResolvedValueOnce({ kind: 'no-text' });
  readChosenCrlv(GUID, 0, pdf());
  await settle();
  expect(first.cancelled()).toBe(true);
  first.answer(READ);
  expect((await crlvReadingFor(GUID, 0))?.result).toEqual({ kind: 'no-text' });
});

it('is kept for the driver and modality it was read for only', async () => {
  reader.readCrlvPdf.mockResolvedValue(READ);
  readChosenCrlv(GUID, 1, pdf());
  expect((await crlvReadingFor(GUID, 1))?.result).toEqual(READ);
  expect(await crlvReadingFor(GUID, 0)).toBeUndefined();
  expect(await crlvReadingFor('guid-8', 1)).toBeUndefined();
  expect(hasCrlvReading(GUID, 1)).toBe(true);
  expect(hasCrlvReading(GUID, 0)).toBe(false);
});

it('a reading that ends after another driver took the phone is nobody’s', async () => {
  const slow = pending();
  readChosenCrlv(GUID, 0, pdf());
  await settle();
  sessionValue('driverGuid').set('guid-8');
  slow.answer(READ);
  await settle();
  sessionValue('driverGuid').set(GUID);
  expect(await crlvReadingFor(GUID, 0)).toBeUndefined();
});

it('what is kept and is not a reading (another release wrote it) is ignored', async () => {
  sessionValue('crlv-reading').set('{"guid":"guid-7","modalityType":0,"result":{"kind":"read","reading":{"fields":{"Plate":7}}}}');
  expect(await crlvReadingFor(GUID, 0)).toBeUndefined();
});
