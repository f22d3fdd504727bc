import { dayLabel, formatBRL, formatDate, formatDateTime, parseServerDate, truncate, typedDateToIso } from '.';

describe('formatting', () => {
  it('BRL with pt-BR separators', () => {
    expect(formatBRL(1614)).toBe('R$ 1.614,00');
    expect(formatBRL(134.5)).toBe('R$ 134,50');
    expect(formatBRL(-12.3)).toBe('-R$ 12,30');
    expect(formatBRL(undefined)).toBe('—');
  });

  it('dates in Brazil time, whatever the time zone of the phone', () => {
    expect(formatDate('2026-11-20T23:30:00')).toBe('20/11/2026');
    expect(formatDateTime('2026-11-20T23:30:00')).toBe('20/11/2026 23:30');
    // An explicit UTC instant is shown in Brazil time.
    expect(formatDateTime('2026-11-21T02:30:00Z')).toBe('20/11/2026 23:30');
    expect(formatDate('05/01/2026')).toBe('05/01/2026');
  });

  it('an unreadable date is shown as it came instead of crashing', () => {
    expect(parseServerDate('amanhã')).toBeUndefined();
    expect(formatDate('amanhã')).toBe('amanhã');
    expect(formatDateTime(null)).toBe('');
  });

  it('a date-time at 23:30 of 29/02/2028 in Brazil (02:30 of 01/03 in UTC) is shown on the 29th; a bare day is that day', () => {
    expect(formatDate('2028-03-01T02:30:00Z')).toBe('29/02/2028');
    expect(formatDateTime('2028-02-29T23:30:00')).toBe('29/02/2028 23:30');
    expect(formatDate('2028-02-29')).toBe('29/02/2028');
    expect(formatDate('31/12/2026 23:59')).toBe('31/12/2026');
    expect(dayLabel('2028-02-29T00:00:00', new Date('2028-02-29T23:59:00-03:00'))).toBe('Hoje');
    expect(dayLabel('2028-02-29T23:59:00', new Date('2028-03-01T00:01:00-03:00'))).toBe('Ontem');
  });

  it('"Hoje" today, "Ontem" within 24 hours, else DD/MM/YYYY', () => {
    const now = new Date('2026-11-22T10:00:00-03:00');
    expect(dayLabel('2026-11-22T00:10:00', now)).toBe('Hoje');
    expect(dayLabel('2026-11-21T18:00:00', now)).toBe('Ontem');
    expect(dayLabel('2026-11-21T09:00:00', now)).toBe('21/11/2026');
    expect(dayLabel('2026-10-01T09:00:00', now)).toBe('01/10/2026');
  });

  it('truncates ride names at 25 characters', () => {
    expect(truncate('Aeroporto Internacional de Guarulhos', 25)).toBe('Aeroporto Internacional d...');
    expect(truncate('Centro', 25)).toBe('Centro');
  });
});

describe('typedDateToIso', () => {
  it.each([
    ['05/11/2026', '2026-11-05'],
    [' 29/02/2024 ', '2024-02-29'],
    // Issue 44, point 3: the Gregorian leap years (every 4, but centuries only every 400) and months' last days.
    ['29/02/2028', '2028-02-29'],
    ['29/02/2000', '2000-02-29'],
    ['28/02/2027', '2027-02-28'],
    ['30/04/2026', '2026-04-30'],
    ['31/12/2026', '2026-12-31'],
    ['01/01/1900', '1900-01-01'],
  ])('%s is %s', (typed, iso) => expect(typedDateToIso(typed)).toBe(iso));

  it.each([
    '31/02/2020',
    '00/01/2000',
    '29/02/2023',
    '29/02/2027',
    '29/02/1900',
    '29/02/2100',
    '31/04/2026',
    '32/12/2026',
    '30/02/2028',
    '01/13/2020',
    '01/01/1899',
    '1/1/2020',
    '2020-01-01',
    '',
    null,
    undefined,
  ])('%p is not a real day', (typed) => expect(typedDateToIso(typed)).toBeUndefined());
});
