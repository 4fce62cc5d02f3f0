import { daysFromCivil, daysInMonth } from '../../src/time/civil-time';
import { localDayStart, zoneOffset } from '../../src/time/zone-offsets';

/**
 * A calendar month in a site's time zone as the instants it starts and ends, worked out in the browser (the
 * person's own zone may be another) with the clock the server prices a month by, so both mean the same month.
 */
export function zonedMonth(month: string, timeZone: string): { from: string; to: string } {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const offset = zoneOffset(timeZone);
  const firstDay = daysFromCivil(year, monthNumber, 1);
  return {
    from: new Date(localDayStart(offset, firstDay)).toISOString(),
    to: new Date(localDayStart(offset, firstDay + daysInMonth(year, monthNumber))).toISOString(),
  };
}

/** The month before the one a date is in, YYYY-MM: the last one a supplier has invoiced. */
export function lastMonth(now: Date = new Date()): string {
  const before = new Date(Date.UTC(now.getFullYear(), now.getMonth() - 1, 1));
  return before.toISOString().slice(0, 7);
}
