import { brazilCalendarDay, brazilToday, brazilYear, isoDateFromToday, resetBrazilDayFormat } from './dates';

/**
 * The helper against what different ICU versions answer (issue 29, point 1): the same instant must
 * give the same Brazil day whichever order, separators or pattern the engine's data uses.
 */
const RealDateTimeFormat = Intl.DateTimeFormat;
const lateEvening = new Date('2026-11-26T22:30:00-03:00'); // already 27 Nov in UTC

type Part = Intl.DateTimeFormatPart;
const part = (type: Intl.DateTimeFormatPartTypes, value: string): Part => ({ type, value });

function stubIcu(answer: { format?: string; parts?: Part[]; throwOnCreate?: boolean; throwOnParts?: boolean }) {
  const Fake = function (this: unknown) {
    if (answer.throwOnCreate) throw new RangeError('Invalid time zone specified: America/Sao_Paulo');
    return {
      format: () => answer.format ?? '',
      formatToParts: () => {
        if (answer.throwOnParts) throw new RangeError('Invalid Date');
        return answer.parts ?? [];
      },
      resolvedOptions: () => ({}),
    };
  } as unknown as typeof Intl.DateTimeFormat;
  jest.spyOn(Intl, 'DateTimeFormat').mockImplementation(Fake);
  resetBrazilDayFormat();
}

afterEach(() => {
  jest.restoreAllMocks();
  expect(Intl.DateTimeFormat).toBe(RealDateTimeFormat);
  resetBrazilDayFormat();
});

describe('Brazil day under different ICU outputs', () => {
  it('reads the real engine: 22:30 in São Paulo is still the 26th', () => {
    expect(brazilToday(lateEvening)).toBe('2026-11-26');
    expect(isoDateFromToday(-18, lateEvening)).toBe('2008-11-26');
    expect(brazilYear(new Date('2027-01-01T01:00:00Z'))).toBe(2026);
  });

  it('ICU 72 (WebKitGTK): en-CA formats as 11/26/2026; parts in month/day/year order', () => {
    stubIcu({
      format: '11/26/2026',
      parts: [part('month', '11'), part('literal', '/'), part('day', '26'), part('literal', '/'), part('year', '2026')],
    });
    expect(brazilToday(lateEvening)).toBe('2026-11-26');
    expect(isoDateFromToday(0, lateEvening)).toBe('2026-11-26');
    expect(isoDateFromToday(10, lateEvening)).toBe('2036-11-26');
  });

  it('newer ICU: en-CA as 2026-11-26; parts in year-month-day order', () => {
    stubIcu({
      format: '2026-11-26',
      parts: [part('year', '2026'), part('literal', '-'), part('month', '11'), part('literal', '-'), part('day', '26')],
    });
    expect(brazilToday(lateEvening)).toBe('2026-11-26');
    expect(isoDateFromToday(-18, lateEvening)).toBe('2008-11-26');
  });

  it('day/month/year with dots and padded numbers', () => {
    stubIcu({
      format: '26.11.2026',
      parts: [part('day', '26'), part('literal', '.'), part('month', '11'), part('literal', '.'), part('year', '2026')],
    });
    expect(brazilToday(lateEvening)).toBe('2026-11-26');
  });

  it('an engine without the zone data (constructor throws): Brazil fixed offset, not UTC', () => {
    stubIcu({ throwOnCreate: true });
    expect(brazilToday(lateEvening)).toBe('2026-11-26');
    expect(brazilCalendarDay(new Date('2026-11-27T02:59:00Z'))).toEqual({ year: 2026, month: 11, day: 26 });
    expect(brazilCalendarDay(new Date('2026-11-27T03:00:00Z'))).toEqual({ year: 2026, month: 11, day: 27 });
  });

  it('formatToParts throwing or answering nonsense (non-Latin digits, missing parts): fixed offset', () => {
    stubIcu({ throwOnParts: true });
    expect(brazilToday(lateEvening)).toBe('2026-11-26');
    stubIcu({ parts: [part('year', '٢٠٢٦'), part('month', '١١'), part('day', '٢٦')] });
    expect(brazilToday(lateEvening)).toBe('2026-11-26');
    stubIcu({ parts: [part('literal', '11/26/2026')] });
    expect(brazilToday(lateEvening)).toBe('2026-11-26');
  });

  it('years from a 29 February roll over to 1 March, as a date input would', () => {
    expect(isoDateFromToday(1, new Date('2028-02-29T12:00:00-03:00'))).toBe('2029-03-01');
    expect(isoDateFromToday(-4, new Date('2028-02-29T12:00:00-03:00'))).toBe('2024-02-29');
  });
});
