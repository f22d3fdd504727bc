import {
  ageOn,
  anniversary,
  BRAZIL_TIME_ZONES,
  brazilCalendarDay,
  brazilToday,
  brazilYear,
  daysInMonth,
  driverTimeZone,
  isoDateFromToday,
  latestBirthDateFor,
  resetBrazilDayFormat,
} from './dates';

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
});

/** Noon in São Paulo of a YYYY-MM-DD day: no zone of Brazil is on another day then. */
const noon = (iso: string) => new Date(`${iso}T12:00:00-03:00`);
/** The phone's own zone, as the engine reports it (the existing Intl, only resolvedOptions' timeZone changed). */
function phoneZone(zone: string | undefined) {
  jest.restoreAllMocks();
  const real = RealDateTimeFormat.prototype.resolvedOptions;
  jest.spyOn(RealDateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (this: Intl.DateTimeFormat) {
    return { ...real.call(this), timeZone: zone as string };
  });
}
/** An engine that reports the phone's zone but has no data for any zone (a formatter with timeZone throws). */
function noZoneData(zone: string) {
  const Fake = function (this: unknown, _locale?: string, options?: Intl.DateTimeFormatOptions) {
    if (options?.timeZone) throw new RangeError(`Invalid time zone specified: ${options.timeZone}`);
    return { resolvedOptions: () => ({ timeZone: zone }) };
  } as unknown as typeof Intl.DateTimeFormat;
  jest.spyOn(Intl, 'DateTimeFormat').mockImplementation(Fake);
  resetBrazilDayFormat();
}

describe('periods of years (Código Civil, art. 132 §3)', () => {
  it('29/02/2028: an 18-year-old was born on 28/02/2010 or before (01/03/2010 turns 18 tomorrow); 10 years ahead is 01/03/2038', () => {
    const leapDay = noon('2028-02-29');
    expect(isoDateFromToday(-18, leapDay)).toBe('2010-02-28');
    expect(latestBirthDateFor(18, leapDay)).toBe('2010-02-28');
    expect(isoDateFromToday(0, leapDay)).toBe('2028-02-29');
    expect(isoDateFromToday(10, leapDay)).toBe('2038-03-01');
    expect(isoDateFromToday(1, leapDay)).toBe('2029-03-01');
    // Back to another leap year the day exists.
    expect(isoDateFromToday(-4, leapDay)).toBe('2024-02-29');
    expect(isoDateFromToday(-20, leapDay)).toBe('2008-02-29');
  });

  it('born 29/02/2008: 17 on 28/02/2026, 18 on 01/03/2026; 19 on 01/03/2027, not on 28/02/2027', () => {
    expect(isoDateFromToday(-18, noon('2026-02-28'))).toBe('2008-02-28');
    expect(isoDateFromToday(-18, noon('2026-03-01'))).toBe('2008-03-01');
    expect(isoDateFromToday(-19, noon('2027-02-28'))).toBe('2008-02-28');
    expect(isoDateFromToday(-19, noon('2027-03-01'))).toBe('2008-03-01');
    expect(ageOn('2008-02-29', '2026-02-28')).toBe(17);
    expect(ageOn('2008-02-29', '2026-03-01')).toBe(18);
    expect(ageOn('2008-02-29', '2027-02-28')).toBe(18);
    expect(ageOn('2008-02-29', '2028-02-28')).toBe(19);
    expect(ageOn('2008-02-29', '2028-02-29')).toBe(20);
    expect(ageOn('2010-03-01', '2028-02-29')).toBe(17);
    expect(ageOn('2010-02-28', '2028-02-29')).toBe(18);
    expect(ageOn('2010-03-01', '2028-03-01')).toBe(18);
  });

  it('on a common year 28 February and 1 March are next to each other: 28/02/2027 and 01/03/2027', () => {
    expect(isoDateFromToday(-18, noon('2027-02-28'))).toBe('2009-02-28');
    expect(isoDateFromToday(1, noon('2027-02-28'))).toBe('2028-02-28');
    expect(isoDateFromToday(-18, noon('2027-03-01'))).toBe('2009-03-01');
    expect(isoDateFromToday(0, noon('2027-03-01'))).toBe('2027-03-01');
  });

  it("a month's last day and the next month's first: 30/04 and 01/05/2026, 31/12/2026 and 01/01/2027", () => {
    expect(isoDateFromToday(-18, noon('2026-04-30'))).toBe('2008-04-30');
    expect(isoDateFromToday(-18, noon('2026-05-01'))).toBe('2008-05-01');
    expect(isoDateFromToday(10, noon('2026-04-30'))).toBe('2036-04-30');
    expect(isoDateFromToday(-18, noon('2026-12-31'))).toBe('2008-12-31');
    expect(isoDateFromToday(1, noon('2026-12-31'))).toBe('2027-12-31');
    expect(isoDateFromToday(-18, noon('2027-01-01'))).toBe('2009-01-01');
    expect(brazilYear(noon('2026-12-31'))).toBe(2026);
    expect(brazilYear(noon('2027-01-01'))).toBe(2027);
  });

  it('anniversary rolls over, daysInMonth follows the Gregorian leap years (1900 and 2100 are common, 2000 is leap)', () => {
    expect(anniversary({ year: 2028, month: 2, day: 29 }, 10)).toBe('2038-03-01');
    expect(anniversary({ year: 2028, month: 2, day: 29 }, 4)).toBe('2032-02-29');
    expect(anniversary({ year: 2026, month: 1, day: 31 }, 1)).toBe('2027-01-31');
    expect([daysInMonth(2028, 2), daysInMonth(2027, 2), daysInMonth(2000, 2), daysInMonth(1900, 2), daysInMonth(2100, 2)]).toEqual([
      29, 28, 29, 28, 28,
    ]);
    expect([daysInMonth(2026, 4), daysInMonth(2026, 12), daysInMonth(2026, 1)]).toEqual([30, 31, 31]);
  });
});

/** Local midnight of 2027-01-01 in a zone of offset `hours`, as an instant. */
const newYearMidnight = (hours: number) => Date.UTC(2027, 0, 1) - hours * 60 * 60 * 1000;
const MINUTE = 60 * 1000;
const ZONES = Object.entries(BRAZIL_TIME_ZONES);

describe("whose day: the phone's when it is in one of Brazil's zones, else São Paulo's", () => {
  it.each(ZONES)('%s (UTC%i): 23:59 on 31/12/2026 is still 2026; 00:00 and 00:01 are 01/01/2027', (zone, hours) => {
    const midnight = newYearMidnight(hours);
    expect(brazilToday(new Date(midnight - MINUTE), zone)).toBe('2026-12-31');
    expect(brazilToday(new Date(midnight), zone)).toBe('2027-01-01');
    expect(brazilToday(new Date(midnight + MINUTE), zone)).toBe('2027-01-01');
    expect(brazilYear(new Date(midnight - MINUTE), zone)).toBe(2026);
    expect(brazilYear(new Date(midnight + MINUTE), zone)).toBe(2027);
  });

  it.each(ZONES)(
    "%s (UTC%i) as the phone's own zone: the 18-year limit turns at its own midnight of 29/02 and 01/03/2028",
    (zone, hours) => {
      phoneZone(zone);
      expect(driverTimeZone()).toBe(zone);
      const leapMidnight = Date.UTC(2028, 1, 29) - hours * 60 * 60 * 1000;
      const marchMidnight = Date.UTC(2028, 2, 1) - hours * 60 * 60 * 1000;
      expect(isoDateFromToday(-18, new Date(leapMidnight - MINUTE))).toBe('2010-02-28');
      expect(isoDateFromToday(0, new Date(leapMidnight - MINUTE))).toBe('2028-02-28');
      expect(isoDateFromToday(-18, new Date(leapMidnight + MINUTE))).toBe('2010-02-28');
      expect(isoDateFromToday(0, new Date(leapMidnight + MINUTE))).toBe('2028-02-29');
      expect(isoDateFromToday(-18, new Date(marchMidnight - MINUTE))).toBe('2010-02-28');
      expect(isoDateFromToday(-18, new Date(marchMidnight + MINUTE))).toBe('2010-03-01');
    },
  );

  it.each(ZONES)('%s (UTC%i) on an engine without zone data: the same days from the fixed offset', (zone, hours) => {
    noZoneData(zone);
    expect(driverTimeZone()).toBe(zone);
    const midnight = newYearMidnight(hours);
    expect(brazilToday(new Date(midnight - MINUTE))).toBe('2026-12-31');
    expect(brazilToday(new Date(midnight + MINUTE))).toBe('2027-01-01');
  });

  it('22:30 of 28/02/2026 in Rio Branco is already 01/03 in São Paulo: the Acre phone still refuses born 29/02/2008', () => {
    const acreEvening = new Date('2026-02-28T22:30:00-05:00');
    phoneZone('America/Rio_Branco');
    expect(isoDateFromToday(-18, acreEvening)).toBe('2008-02-28');
    phoneZone('America/Sao_Paulo');
    expect(isoDateFromToday(-18, acreEvening)).toBe('2008-03-01');
    // 00:30 of 01/03 on Noronha is 23:30 of 28/02 in São Paulo: the island's driver is 18 already.
    phoneZone('America/Noronha');
    expect(isoDateFromToday(-18, new Date('2026-03-01T00:30:00-02:00'))).toBe('2008-03-01');
  });

  it.each(['UTC', 'Europe/Lisbon', 'America/New_York', 'Asia/Tokyo', undefined])('a phone in %s counts São Paulo’s day', (zone) => {
    phoneZone(zone);
    expect(driverTimeZone()).toBe('America/Sao_Paulo');
    // 23:30 of 31/12/2026 in São Paulo: 02:30 of 01/01 in UTC and Lisbon, 11:30 in Tokyo, 21:30 in New York.
    expect(brazilToday(new Date('2026-12-31T23:30:00-03:00'))).toBe('2026-12-31');
    expect(brazilToday(new Date('2027-01-01T00:30:00-03:00'))).toBe('2027-01-01');
  });

  it('an engine whose resolvedOptions throws counts São Paulo’s day; a zone passed by name outside Brazil too', () => {
    jest.spyOn(RealDateTimeFormat.prototype, 'resolvedOptions').mockImplementation(() => {
      throw new TypeError('resolvedOptions is not a function');
    });
    expect(driverTimeZone()).toBe('America/Sao_Paulo');
    jest.restoreAllMocks();
    expect(brazilToday(new Date('2026-12-31T23:30:00-03:00'), 'Europe/Lisbon')).toBe('2026-12-31');
  });
});
