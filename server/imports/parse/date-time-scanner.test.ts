import { describe, expect, it } from 'vitest';
import { type DateTimeLayout, DateTimeScanner } from './date-time-scanner';

const ISO: DateTimeLayout = { order: 'ymd', dateSeparator: '-', iso: true };
const YMD: DateTimeLayout = { order: 'ymd', dateSeparator: '-', iso: false };
const DMY: DateTimeLayout = { order: 'dmy', dateSeparator: '.', iso: false };
const MDY: DateTimeLayout = { order: 'mdy', dateSeparator: '/', iso: false };

function scan(layout: DateTimeLayout, text: string) {
  const scanner = new DateTimeScanner(layout);
  if (!scanner.scan(text)) return undefined;
  const { year, month, day, hour, minute, second, millisecond, offsetMinutes } = scanner;
  return { year, month, day, hour, minute, second, millisecond, offsetMinutes };
}

describe('DateTimeScanner', () => {
  it('reads the fields in each order', () => {
    const fields = { year: 2024, month: 3, day: 31, hour: 1, minute: 15, second: 0, millisecond: 0 };
    expect(scan(YMD, '2024-03-31 01:15:00')).toEqual({ ...fields, offsetMinutes: Number.NaN });
    expect(scan(DMY, '31.03.2024 01:15')).toEqual({ ...fields, offsetMinutes: Number.NaN });
    expect(scan(MDY, '3/31/2024 1:15')).toEqual({ ...fields, offsetMinutes: Number.NaN });
  });

  it('accepts T or spaces between date and time', () => {
    expect(scan(YMD, '2024-03-31T01:15')?.minute).toBe(15);
    expect(scan(YMD, '2024-03-31t01:15')?.minute).toBe(15);
    expect(scan(YMD, '2024-03-31   01:15')?.minute).toBe(15);
    expect(scan(YMD, '2024-03-3101:15')).toBeUndefined();
  });

  it('reads fractions of a second to the millisecond, truncating', () => {
    expect(scan(YMD, '2024-03-31 01:15:07.5')?.millisecond).toBe(500);
    expect(scan(YMD, '2024-03-31 01:15:07,25')?.millisecond).toBe(250);
    expect(scan(YMD, '2024-03-31 01:15:07.123456789')?.millisecond).toBe(123);
    expect(scan(YMD, '2024-03-31 01:15:07.')).toBeUndefined();
    expect(scan(YMD, '2024-03-31 01:15.5')).toBeUndefined();
  });

  it('reads ISO offsets in every written form', () => {
    expect(scan(ISO, '2024-03-31T01:15:00Z')?.offsetMinutes).toBe(0);
    expect(scan(ISO, '2024-03-31T01:15:00z')?.offsetMinutes).toBe(0);
    expect(scan(ISO, '2024-03-31T01:15+05:30')?.offsetMinutes).toBe(330);
    expect(scan(ISO, '2024-03-31T01:15-0930')?.offsetMinutes).toBe(-570);
    expect(scan(ISO, '2024-03-31T01:15+01')?.offsetMinutes).toBe(60);
    expect(scan(ISO, '2024-03-31T01:15')?.offsetMinutes).toBeNaN();
  });

  it('rejects offsets clocks never use, and offsets outside ISO', () => {
    expect(scan(ISO, '2024-03-31T01:15+24:00')).toBeUndefined();
    expect(scan(ISO, '2024-03-31T01:15+01:60')).toBeUndefined();
    expect(scan(ISO, '2024-03-31T01:15+1')).toBeUndefined();
    expect(scan(YMD, '2024-03-31 01:15Z')).toBeUndefined();
  });

  it('holds ISO to two-digit fields but lets the other layouts drop leading zeros', () => {
    expect(scan(ISO, '2024-3-31T01:15')).toBeUndefined();
    expect(scan(ISO, '2024-03-31T1:15')).toBeUndefined();
    expect(scan(YMD, '2024-3-5 1:15')).toMatchObject({ month: 3, day: 5, hour: 1 });
  });

  it('rejects wrong shapes', () => {
    for (const text of [
      '',
      '2024-03-31',
      '24-03-31 01:15',
      '2024/03/31 01:15',
      '2024-03-31 01:15:00 ',
      '2024-003-31 01:15',
      '2024-03-31 01:5',
      'x2024-03-31 01:15',
    ]) {
      expect(scan(YMD, text), JSON.stringify(text)).toBeUndefined();
    }
  });

  it('leaves range checks to the caller', () => {
    expect(scan(YMD, '2024-13-45 25:61:99')).toMatchObject({
      month: 13,
      day: 45,
      hour: 25,
      minute: 61,
      second: 99,
    });
  });

  it('resets seconds and offset between scans', () => {
    const scanner = new DateTimeScanner(ISO);
    scanner.scan('2024-03-31T01:15:42.5+02:00');
    scanner.scan('2024-03-31T01:15');
    expect([scanner.second, scanner.millisecond, scanner.offsetMinutes]).toEqual([0, 0, Number.NaN]);
  });
});
