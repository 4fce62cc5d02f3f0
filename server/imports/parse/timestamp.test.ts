import { describe, expect, it } from 'vitest';
import { ParseProblem } from './problem';
import { TIMESTAMP_FORMATS, timestampParser } from './timestamp';

const utc = (iso: string) => Date.parse(iso);
const MINUTE = 60_000;

/** Parses rows in order, feeding each result back as `previousMs`, as an importer would. */
function parseSeries(parse: ReturnType<typeof timestampParser>, texts: string[]): unknown[] {
  let previous: number | undefined;
  return texts.map((text) => {
    const result = parse(text, previous);
    if (typeof result === 'number') previous = result;
    return result;
  });
}

describe('timestampParser: formats', () => {
  it('lists every format for the API schema', () => {
    expect(TIMESTAMP_FORMATS).toContain('iso');
    expect(TIMESTAMP_FORMATS).toHaveLength(8);
  });

  it('reads ISO 8601 with Z or an offset as absolute, ignoring the zone', () => {
    const parse = timestampParser('iso', 'Europe/London');
    expect(parse('2024-03-31T01:15:00Z')).toBe(utc('2024-03-31T01:15:00Z'));
    expect(parse('2024-03-31t01:15:00.250z')).toBe(utc('2024-03-31T01:15:00.250Z'));
    expect(parse('2024-03-31T06:45:00+05:30')).toBe(utc('2024-03-31T01:15:00Z'));
    expect(parse('2024-03-31 03:15-0200')).toBe(utc('2024-03-31T05:15:00Z'));
    expect(parse('2024-03-31T03:15:00+02')).toBe(utc('2024-03-31T01:15:00Z'));
    // 01:30 London does not exist, but with an offset it is an ordinary instant.
    expect(parse('2024-03-31T01:30:00+00:00')).toBe(utc('2024-03-31T01:30:00Z'));
  });

  it('reads the common UTC shape exactly as the general reader does, errors included', () => {
    const parse = timestampParser('iso', 'Europe/London');
    // A leading space takes the general reader, which trims it; the text as written takes the fixed-place one.
    let seed = 11;
    const next = (below: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % below;
    };
    const two = (value: number) => String(value).padStart(2, '0');
    for (let run = 0; run < 20_000; run++) {
      const date = `${1950 + next(140)}-${two(next(14))}-${two(next(33))}`;
      const time = `${two(next(26))}:${two(next(61))}:${two(next(61))}`;
      const text = `${date}T${time}${next(2) ? `.${String(next(1000)).padStart(3, '0')}` : ''}Z`;
      expect(parse(text)).toEqual(parse(` ${text}`));
      const instant = parse(text);
      if (typeof instant === 'number') expect(instant).toBe(utc(text));
    }
    expect(parse('2024-02-29T23:59:59.999Z')).toBe(utc('2024-02-29T23:59:59.999Z'));
    expect(parse('2023-02-29T00:00:00Z')).toEqual({
      error: '"2023-02-29T00:00:00Z" is not a real date: February 2023 has 28 days',
    });
    expect(parse('2024-06-30T24:00:00Z')).toBe(utc('2024-07-01T00:00:00Z'));
    expect(parse('2024-0a-30T12:00:00Z')).toHaveProperty('error');
  });

  it('reads ISO 8601 without an offset as wall time in the zone', () => {
    const parse = timestampParser('iso', 'Europe/London');
    expect(parse('2024-07-01T12:00:00')).toBe(utc('2024-07-01T11:00:00Z'));
    expect(parse('2024-07-01T12:00')).toBe(utc('2024-07-01T11:00:00Z'));
  });

  it('reads the day-month-year and year-month-day formats, seconds optional', () => {
    const expected = utc('2024-07-01T11:05:00Z');
    expect(timestampParser('YYYY-MM-DD HH:mm:ss', 'Europe/London')('2024-07-01 12:05:00')).toBe(expected);
    expect(timestampParser('YYYY-MM-DD HH:mm:ss', 'Europe/London')('2024-07-01T12:05')).toBe(expected);
    expect(timestampParser('YYYY-MM-DD HH:mm:ss', 'Europe/London')('2024-7-1 12:05')).toBe(expected);
    expect(timestampParser('DD/MM/YYYY HH:mm:ss', 'Europe/London')('01/07/2024 12:05')).toBe(expected);
    expect(timestampParser('MM/DD/YYYY HH:mm:ss', 'Europe/London')('07/01/2024 12:05:00')).toBe(expected);
    expect(timestampParser('MM/DD/YYYY HH:mm:ss', 'Europe/London')('7/1/2024 12:05')).toBe(expected);
    expect(timestampParser('DD.MM.YYYY HH:mm:ss', 'Europe/London')('01.07.2024 12:05:00,000')).toBe(expected);
  });

  it('trims surrounding whitespace', () => {
    expect(timestampParser('iso', 'UTC')('  2024-07-01T12:00:00Z \t')).toBe(utc('2024-07-01T12:00:00Z'));
  });

  it('reads 24:00 as midnight at the end of the day', () => {
    const parse = timestampParser('DD.MM.YYYY HH:mm:ss', 'Europe/Berlin');
    expect(parse('30.06.2024 24:00')).toBe(utc('2024-06-30T22:00:00Z'));
    expect(parse('30.06.2024 24:15')).toEqual({ error: '"30.06.2024 24:15" is not a real time of day' });
  });

  it('reads epoch seconds and milliseconds', () => {
    expect(timestampParser('epoch-s', 'Europe/London')('1711847700')).toBe(1_711_847_700_000);
    expect(timestampParser('epoch-s', 'Europe/London')('1711847700.5')).toBe(1_711_847_700_500);
    expect(timestampParser('epoch-ms', 'Europe/London')('1711847700123')).toBe(1_711_847_700_123);
  });

  it('reads Excel serials as wall time, rounding float noise to the second', () => {
    // 45382 is 2024-03-31; 0.0104166667 of a day is 00:15.
    expect(timestampParser('excel-serial', 'UTC')('45382.0104166667')).toBe(utc('2024-03-31T00:15:00Z'));
    expect(timestampParser('excel-serial', 'UTC')('45382,0104166')).toBe(utc('2024-03-31T00:15:00Z'));
    expect(timestampParser('excel-serial', 'Europe/London')('45474.5')).toBe(utc('2024-07-01T11:00:00Z'));
    expect(timestampParser('excel-serial', 'Asia/Kolkata')('45382')).toBe(utc('2024-03-30T18:30:00Z'));
  });
});

describe('timestampParser: rejections', () => {
  const parse = timestampParser('YYYY-MM-DD HH:mm:ss', 'Europe/London');

  it('rejects text in another format, showing an example', () => {
    expect(parse('31/03/2024 01:00')).toEqual({
      error: '"31/03/2024 01:00" is not the format YYYY-MM-DD HH:mm:ss (for example 2024-03-31 01:15:00)',
    });
    expect(timestampParser('iso', 'UTC')('yesterday')).toEqual({
      error: '"yesterday" is not an ISO 8601 timestamp (for example 2024-03-31T01:15:00Z)',
    });
    expect(timestampParser('epoch-s', 'UTC')('1.7e9')).toHaveProperty('error');
    expect(timestampParser('excel-serial', 'UTC')('-1')).toHaveProperty('error');
    expect(parse('')).toEqual({ error: 'the timestamp is empty' });
  });

  it('rejects impossible dates and times instead of rolling them over', () => {
    expect(parse('2024-02-30 00:00')).toEqual({
      error: '"2024-02-30 00:00" is not a real date: February 2024 has 29 days',
    });
    expect(parse('2023-02-29 00:00')).toEqual({
      error: '"2023-02-29 00:00" is not a real date: February 2023 has 28 days',
    });
    expect(parse('2024-13-01 00:00')).toEqual({
      error: '"2024-13-01 00:00" is not a real date: there is no month 13',
    });
    expect(parse('2024-01-01 12:60')).toEqual({ error: '"2024-01-01 12:60" is not a real time of day' });
    expect(parse('2024-02-29 23:59:59')).toBe(utc('2024-02-29T23:59:59Z'));
    expect(timestampParser('iso', 'UTC')('2024-01-01T00:00+24:00')).toEqual({
      error: '"2024-01-01T00:00+24:00" is not an ISO 8601 timestamp (for example 2024-03-31T01:15:00Z)',
    });
  });

  it('rejects timestamps more than 50 years from today', () => {
    expect(parse('2200-01-01 00:00')).toEqual({
      error: '"2200-01-01 00:00" is more than 50 years from today',
    });
    expect(parse('1900-01-01 00:00')).toEqual({
      error: '"1900-01-01 00:00" is more than 50 years from today',
    });
  });

  it('suggests the other epoch unit when that would fit', () => {
    expect(timestampParser('epoch-ms', 'UTC')('1711847700')).toEqual({
      error:
        '"1711847700" (1970-01-20T19:30:47.700Z) is more than 50 years from today; it looks like seconds (epoch-s)',
    });
    const asSeconds = timestampParser('epoch-s', 'UTC')('1711847700000');
    expect(asSeconds).toHaveProperty('error');
    expect((asSeconds as { error: string }).error).toMatch(/looks like milliseconds \(epoch-ms\)$/);
  });

  it('throws at creation for an unknown time zone', () => {
    expect(() => timestampParser('iso', 'Mars/Olympus_Mons')).toThrow(ParseProblem);
    expect(() => timestampParser('iso', 'Mars/Olympus_Mons')).toThrow(
      '"Mars/Olympus_Mons" is not a known time zone. Use an IANA name such as Europe/London.',
    );
  });
});

describe('timestampParser: daylight saving', () => {
  it('Europe/London spring forward: 01:00–01:59 does not exist', () => {
    const parse = timestampParser('YYYY-MM-DD HH:mm:ss', 'Europe/London');
    expect(parse('2024-03-31 00:59:59')).toBe(utc('2024-03-31T00:59:59Z'));
    expect(parse('2024-03-31 01:30')).toEqual({
      error: '01:30 on 2024-03-31 does not exist in Europe/London (clocks go forward)',
    });
    expect(parse('2024-03-31 01:00:30')).toEqual({
      error: '01:00:30 on 2024-03-31 does not exist in Europe/London (clocks go forward)',
    });
    expect(parse('2024-03-31 02:00')).toBe(utc('2024-03-31T01:00:00Z'));
  });

  it('Europe/London fall back: a repeated hour maps to the earlier instant on its own', () => {
    const parse = timestampParser('YYYY-MM-DD HH:mm:ss', 'Europe/London');
    expect(parse('2024-10-27 00:30')).toBe(utc('2024-10-26T23:30:00Z'));
    expect(parse('2024-10-27 01:30')).toBe(utc('2024-10-27T00:30:00Z'));
    expect(parse('2024-10-27 02:00')).toBe(utc('2024-10-27T02:00:00Z'));
  });

  it('Europe/London fall back: an hour listed twice in order gives 8 distinct quarter-hours', () => {
    const parse = timestampParser('YYYY-MM-DD HH:mm:ss', 'Europe/London');
    const quarter = ['00', '15', '30', '45'];
    const texts = [
      '2024-10-27 00:45',
      ...quarter.map((m) => `2024-10-27 01:${m}`),
      ...quarter.map((m) => `2024-10-27 01:${m}`),
      '2024-10-27 02:00',
    ];
    const expected = texts.map((_, i) => utc('2024-10-26T23:45:00Z') + i * 15 * MINUTE);
    expect(parseSeries(parse, texts)).toEqual(expected);
  });

  it('Europe/London fall back: a later wall time after the overlap is not pushed forward', () => {
    const parse = timestampParser('YYYY-MM-DD HH:mm:ss', 'Europe/London');
    // Only the first pass listed: still the earlier instants.
    expect(parseSeries(parse, ['2024-10-27 00:45', '2024-10-27 01:00', '2024-10-27 01:15'])).toEqual([
      utc('2024-10-26T23:45:00Z'),
      utc('2024-10-27T00:00:00Z'),
      utc('2024-10-27T00:15:00Z'),
    ]);
  });

  it('Australia/Sydney: DST ends on the first Sunday in April (02:00–02:59 twice)', () => {
    const parse = timestampParser('DD/MM/YYYY HH:mm:ss', 'Australia/Sydney');
    expect(parse('07/04/2024 01:59')).toBe(utc('2024-04-06T14:59:00Z'));
    expect(parse('07/04/2024 02:30')).toBe(utc('2024-04-06T15:30:00Z'));
    expect(parse('07/04/2024 02:30', utc('2024-04-06T15:45:00Z'))).toBe(utc('2024-04-06T16:30:00Z'));
    expect(parse('07/04/2024 03:00')).toBe(utc('2024-04-06T17:00:00Z'));
  });

  it('Australia/Sydney: DST starts on the first Sunday in October (02:00–02:59 skipped)', () => {
    const parse = timestampParser('DD/MM/YYYY HH:mm:ss', 'Australia/Sydney');
    expect(parse('06/10/2024 01:59')).toBe(utc('2024-10-05T15:59:00Z'));
    expect(parse('06/10/2024 02:00')).toEqual({
      error: '02:00 on 2024-10-06 does not exist in Australia/Sydney (clocks go forward)',
    });
    expect(parse('06/10/2024 03:00')).toBe(utc('2024-10-05T16:00:00Z'));
  });

  it('Asia/Kolkata: a half-hour offset with no DST', () => {
    const parse = timestampParser('YYYY-MM-DD HH:mm:ss', 'Asia/Kolkata');
    expect(parse('2024-03-31 05:30')).toBe(utc('2024-03-31T00:00:00Z'));
    expect(parse('2024-01-01 00:00')).toBe(utc('2023-12-31T18:30:00Z'));
  });

  it('Australia/Lord_Howe: half-hour DST changes that fall mid-way through a UTC hour', () => {
    const parse = timestampParser('YYYY-MM-DD HH:mm:ss', 'Australia/Lord_Howe');
    // Ends 2024-04-07 02:00 +11:00 → 01:30 +10:30, so 01:30–01:59 happens twice.
    expect(parse('2024-04-07 01:45')).toBe(utc('2024-04-06T14:45:00Z'));
    expect(parse('2024-04-07 01:45', utc('2024-04-06T14:50:00Z'))).toBe(utc('2024-04-06T15:15:00Z'));
    // Starts 2024-10-06 02:00 +10:30 → 02:30 +11:00, so 02:00–02:29 is skipped.
    expect(parse('2024-10-06 02:15')).toHaveProperty('error');
    expect(parse('2024-10-06 02:30')).toBe(utc('2024-10-05T15:30:00Z'));
  });

  it('keeps answering correctly when rows jump around in time', () => {
    const parse = timestampParser('YYYY-MM-DD HH:mm:ss', 'Europe/London');
    const cases: [string, string][] = [
      ['2024-07-01 12:00', '2024-07-01T11:00:00Z'],
      ['2024-01-01 12:00', '2024-01-01T12:00:00Z'],
      ['2024-10-27 01:30', '2024-10-27T00:30:00Z'],
      ['2024-10-28 01:30', '2024-10-28T01:30:00Z'],
      ['2024-10-26 01:30', '2024-10-26T00:30:00Z'],
      ['2030-06-01 00:00', '2030-05-31T23:00:00Z'],
    ];
    for (const [text, expected] of cases) expect(parse(text), text).toBe(utc(expected));
  });
});
