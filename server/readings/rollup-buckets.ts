import { localDate, localDayNumber, localHourStart, type ZoneOffset } from '../time/zone-offsets';

/** One local hour or day of one data point, as readings_hours (a day's hours, as arrays) and readings_daily store it. */
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
  /** The same date as days since 1970-01-01. */
  dayNumber: number;
  /** Its hours with readings, in time order. */
  hours: HourBucket[];
}

/**
 * A local day's quarter-hours of a point's own measure (a meter's consumption
 * summed, a state's values averaged): how many have a value, their sum, and
 * the first lowest and first highest, with the instants they start.
 */
export interface DayQuarters {
  dayNumber: number;
  quarters: number;
  sum: number;
  min: number | null;
  minAt: number | null;
  max: number | null;
  maxAt: number | null;
}

/** A data point's readings in time order, with their deltas. */
export interface StoredSeries {
  ts: ArrayLike<number>;
  values: ArrayLike<number>;
  deltas: ArrayLike<number | null>;
  quality: ArrayLike<number>;
}

const QUARTER = 900_000;

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
    const dayNumber = localDayNumber(offset, hour.hour);
    if (dayNumber !== currentDay) {
      currentDay = dayNumber;
      current = { day: localDate(offset, hour.hour), dayNumber, hours: [], ...empty() };
      days.push(current);
    }
    if (!current) continue;
    current.hours.push(hour);
    if (hour.consumption !== null) current.consumption = (current.consumption ?? 0) + hour.consumption;
    current.readings += hour.readings;
    current.valueSum += hour.valueSum;
    current.valueMin = Math.min(current.valueMin, hour.valueMin);
    current.valueMax = Math.max(current.valueMax, hour.valueMax);
    current.estimated += hour.estimated;
  }
  return days;
}

/**
 * Groups readings in time order into quarter-hours, and those into local days.
 * Every zone's offset is a whole number of quarter-hours, so a UTC quarter is
 * a local one and never straddles midnight. A meter's quarter has a value when
 * one of its readings has a delta (a register's last reading has none yet).
 */
export function dayQuarters(
  series: StoredSeries,
  offset: ZoneOffset,
  measure: 'consumption' | 'state',
  from = 0,
  to = series.ts.length,
): DayQuarters[] {
  const days: DayQuarters[] = [];
  let day: DayQuarters | undefined;
  let quarter = Number.NaN;
  let sum = 0;
  let count = 0;
  const close = () => {
    if (count === 0) return;
    const value = measure === 'consumption' ? sum : sum / count;
    const dayNumber = localDayNumber(offset, quarter);
    if (day?.dayNumber !== dayNumber) {
      day = { dayNumber, quarters: 0, sum: 0, min: null, minAt: null, max: null, maxAt: null };
      days.push(day);
    }
    day.quarters++;
    day.sum += value;
    if (day.min === null || value < day.min) {
      day.min = value;
      day.minAt = quarter;
    }
    if (day.max === null || value > day.max) {
      day.max = value;
      day.maxAt = quarter;
    }
  };
  for (let index = from; index < to; index++) {
    const at = Math.floor((series.ts[index] as number) / QUARTER) * QUARTER;
    if (at !== quarter) {
      close();
      quarter = at;
      sum = 0;
      count = 0;
    }
    const value =
      measure === 'consumption' ? (series.deltas[index] ?? null) : (series.values[index] as number);
    if (value === null) continue;
    sum += value;
    count++;
  }
  close();
  return days;
}
