import { localDate, localHourStart, type ZoneOffset } from '../time/zone-offsets';

/** One local hour or day of one data point, as readings_hourly and readings_daily store it. */
export interface Bucket {
  consumption: number | null;
  readings: number;
  valueSum: number;
  valueMin: number;
  valueMax: number;
  estimated: number;
}
export interface HourBucket extends Bucket {
  /** The instant the local hour starts. */
  hour: number;
}
export interface DayBucket extends Bucket {
  /** The local calendar date, YYYY-MM-DD. */
  day: string;
}

/** A data point's readings in time order, with their deltas. */
export interface StoredSeries {
  ts: ArrayLike<number>;
  values: ArrayLike<number>;
  deltas: ArrayLike<number | null>;
  quality: ArrayLike<number>;
}

const DAY = 86_400_000;

const empty = (): Bucket => ({
  consumption: null,
  readings: 0,
  valueSum: 0,
  valueMin: Infinity,
  valueMax: -Infinity,
  estimated: 0,
});

/**
 * Groups readings in time order into local hours. The hour of a reading is
 * cut in wall time keeping the offset in force at that instant, so the two
 * 01:00 hours of a 25-hour day are two buckets (as date_trunc('hour', ts, zone)
 * cuts them in PostgreSQL).
 */
export function hourBuckets(
  series: StoredSeries,
  offset: ZoneOffset,
  from = 0,
  to = series.ts.length,
): HourBucket[] {
  const buckets: HourBucket[] = [];
  let current: HourBucket | undefined;
  for (let index = from; index < to; index++) {
    const hour = localHourStart(offset, series.ts[index] as number);
    if (current?.hour !== hour) {
      current = { hour, ...empty() };
      buckets.push(current);
    }
    const value = series.values[index] as number;
    const delta = series.deltas[index] ?? null;
    if (delta !== null) current.consumption = (current.consumption ?? 0) + delta;
    current.readings++;
    current.valueSum += value;
    if (value < current.valueMin) current.valueMin = value;
    if (value > current.valueMax) current.valueMax = value;
    if (series.quality[index] === 1) current.estimated++;
  }
  return buckets;
}

/** Groups hours in time order into local calendar days: 23, 24 or 25 of them a day. */
export function dayBuckets(hours: HourBucket[], offset: ZoneOffset): DayBucket[] {
  const days: DayBucket[] = [];
  let current: DayBucket | undefined;
  let currentDay = Number.NaN;
  for (const hour of hours) {
    // Days counted as whole numbers; the date text is made once per day, not once per hour.
    const dayNumber = Math.floor((hour.hour + offset(hour.hour)) / DAY);
    if (dayNumber !== currentDay) {
      currentDay = dayNumber;
      current = { day: localDate(offset, hour.hour), ...empty() };
      days.push(current);
    }
    if (!current) continue;
    if (hour.consumption !== null) current.consumption = (current.consumption ?? 0) + hour.consumption;
    current.readings += hour.readings;
    current.valueSum += hour.valueSum;
    current.valueMin = Math.min(current.valueMin, hour.valueMin);
    current.valueMax = Math.max(current.valueMax, hour.valueMax);
    current.estimated += hour.estimated;
  }
  return days;
}
