import { localDayNumber, localDayStart, zoneOffset } from '../../src/time/zone-offsets';
import type { Resolution } from './calendar';

/** A period of whole local days: the first day (days since 1970-01-01) and how many. */
export interface WholeDays {
  firstDay: number;
  days: number;
}

/**
 * The local days a period covers when it begins and ends at local midnight,
 * else undefined.
 */
export function wholeDays(timeZone: string, from: number, to: number): WholeDays | undefined {
  const offset = zoneOffset(timeZone);
  const firstDay = localDayNumber(offset, from);
  const endDay = localDayNumber(offset, to);
  if (localDayStart(offset, firstDay) !== from || localDayStart(offset, endDay) !== to) return undefined;
  return { firstDay, days: endDay - firstDay };
}

/**
 * Columns of whole local days, when each of `width` columns would hold at
 * least a day of a resolution finer than a day: then a column's lowest and
 * highest quarter-hour can come from the days' rollups (readings_daily keeps
 * each day's), and a day never straddles two columns. Day i of n goes to
 * column floor(i × width / n). Undefined when columns are not whole days.
 */
export function dayColumns(
  resolution: Resolution,
  timeZone: string,
  from: number,
  to: number,
  width: number,
): { days: WholeDays; columnOfDay: (index: number) => number; ends: number[] } | undefined {
  const days = dayColumnCount(resolution, timeZone, from, to, width);
  if (!days) return undefined;
  const offset = zoneOffset(timeZone);
  const ends = Array.from({ length: width }, (_, column) =>
    // ceil((column + 1) × days / width) in whole numbers: the first day of the next column.
    localDayStart(offset, days.firstDay + Math.floor(((column + 1) * days.days + width - 1) / width)),
  );
  return { days, columnOfDay: (index) => Math.floor((index * width) / days.days), ends };
}

/** The whole days a period's columns would be cut in (see dayColumns), without cutting them. */
export function dayColumnCount(
  resolution: Resolution,
  timeZone: string,
  from: number,
  to: number,
  width: number,
): WholeDays | undefined {
  if (resolution !== 'raw' && resolution !== '15min' && resolution !== 'hour') return undefined;
  const days = wholeDays(timeZone, from, to);
  return days && days.days >= width ? days : undefined;
}

/** The instants `width` pixel columns end: whole local days where dayColumns allows, else equal slices of time. */
export function columnEnds(
  resolution: Resolution,
  timeZone: string,
  from: number,
  to: number,
  width: number,
): number[] {
  const byDay = dayColumns(resolution, timeZone, from, to, width);
  if (byDay) return byDay.ends;
  const columnMs = (to - from) / width;
  return Array.from({ length: width }, (_, column) => from + (column + 1) * columnMs);
}
