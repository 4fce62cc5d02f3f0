import { localDayNumber, localDayStart, zoneOffset } from '../../src/time/zone-offsets.ts';

/**
 * The instants local days begin in a zone, from the day holding `from` to the
 * first day beginning at or after `to` (so n days have n + 1 boundaries).
 * Worked out with the product's own zone clock (src/time), which its tests
 * hold to Intl minute by minute around each change of clocks; like the
 * product's cached calendars, done once per zone and period, not per request.
 */
export function localDayStarts(timeZone: string, from: number, to: number): Float64Array {
  const offset = zoneOffset(timeZone);
  const starts: number[] = [];
  for (let day = localDayNumber(offset, from); ; day++) {
    const start = localDayStart(offset, day);
    starts.push(start);
    if (start >= to) break;
  }
  return Float64Array.from(starts);
}
