import { DAY_MS, daysFromCivil } from '../../src/time/civil-time';
import { localDayNumber, localDayStart, localHourStart, zoneOffset } from '../../src/time/zone-offsets';

export type Resolution = 'raw' | '15min' | 'hour' | 'day' | 'week' | 'month';

const QUARTER_MS = 900_000;
const HOUR_MS = 3_600_000;

/** The typical length of a bucket, for choosing a resolution and telling the chart the step. */
export const TYPICAL_STEP_MS: Record<Resolution, number> = {
  raw: QUARTER_MS,
  '15min': QUARTER_MS,
  hour: HOUR_MS,
  day: DAY_MS,
  week: 7 * DAY_MS,
  month: 30.44 * DAY_MS,
};

/**
 * Where one resolution's buckets begin in one time zone. A bucket is named by
 * a key: its start instant (epoch ms) for quarter-hours and hours, the day
 * number of its first local day for days, weeks and months. Keys of
 * consecutive buckets increase, so series built on them merge in order.
 */
export interface BucketCalendar {
  readonly resolution: Resolution;
  /** True when keys are local day numbers rather than instants. */
  readonly byDay: boolean;
  /** The key of the bucket holding an instant. */
  keyAt(utcMs: number): number;
  /** The key of the bucket after this one. */
  nextKey(key: number): number;
  /** The instant a bucket begins. */
  startOf(key: number): number;
}

const calendars = new Map<string, BucketCalendar>();

export function bucketCalendar(resolution: Resolution, timeZone: string): BucketCalendar {
  const id = `${resolution} ${timeZone}`;
  let calendar = calendars.get(id);
  if (!calendar) {
    calendar = makeCalendar(resolution, timeZone);
    calendars.set(id, calendar);
  }
  return calendar;
}

function makeCalendar(resolution: Resolution, timeZone: string): BucketCalendar {
  const offset = zoneOffset(timeZone);
  if (resolution === 'raw' || resolution === '15min') {
    // Every zone's offset is a whole number of quarter-hours, so UTC quarters are local quarters.
    return {
      resolution,
      byDay: false,
      keyAt: (utcMs) => Math.floor(utcMs / QUARTER_MS) * QUARTER_MS,
      nextKey: (key) => key + QUARTER_MS,
      startOf: (key) => key,
    };
  }
  if (resolution === 'hour') {
    return {
      resolution,
      byDay: false,
      keyAt: (utcMs) => localHourStart(offset, utcMs),
      // A local hour lasts an hour even when the clocks change (they change on the hour).
      nextKey: (key) => localHourStart(offset, key + HOUR_MS),
      startOf: (key) => key,
    };
  }
  const dayOf = (utcMs: number) => localDayNumber(offset, utcMs);
  const firstDay = bucketFirstDay(resolution);
  return {
    resolution,
    byDay: true,
    keyAt: (utcMs) => firstDay(dayOf(utcMs)),
    nextKey: (key) => (resolution === 'day' ? key + 1 : resolution === 'week' ? key + 7 : nextMonth(key)),
    startOf: (key) => localDayStart(offset, key),
  };
}

/** The first day of the bucket holding a local day: itself, its week's Monday, its month's first. */
function bucketFirstDay(resolution: 'day' | 'week' | 'month'): (day: number) => number {
  if (resolution === 'day') return (day) => day;
  // 1970-01-01 was a Thursday: Monday is three days before it.
  if (resolution === 'week') return (day) => day - ((((day + 3) % 7) + 7) % 7);
  return (day) => {
    const date = new Date(day * DAY_MS);
    return daysFromCivil(date.getUTCFullYear(), date.getUTCMonth() + 1, 1);
  };
}

function nextMonth(day: number): number {
  const date = new Date(day * DAY_MS);
  return daysFromCivil(date.getUTCFullYear(), date.getUTCMonth() + 2, 1);
}
