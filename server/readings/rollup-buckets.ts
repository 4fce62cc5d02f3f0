import { localDayNumber, localHourStart, type ZoneOffset } from '../../src/time/zone-offsets';
import type { ExtraQuarters } from './step-booking';

const HOUR = 3_600_000;
const QUARTER = 900_000;

/** A data point's readings in time order, with their deltas. */
export interface StoredSeries {
  ts: ArrayLike<number>;
  values: ArrayLike<number>;
  deltas: ArrayLike<number | null>;
  quality: ArrayLike<number>;
}

/**
 * A local day's hours that have readings or booked use, in time order, as
 * readings_hours stores them: element i is hour i. An hour with use but no
 * reading (a spread step's) has no lowest or highest value.
 */
export interface DayHours {
  /** The instant each local hour starts. */
  at: number[];
  consumption: (number | null)[];
  readings: number[];
  valueSum: number[];
  valueMin: (number | null)[];
  valueMax: (number | null)[];
  estimated: number[];
}

/**
 * One local day of one data point as readings_daily stores it, with its hours.
 * The quarter-hour figures are of the point's own measure (a meter's
 * consumption summed, a state's values averaged): how many quarters have a
 * value, their sum, and the first lowest and first highest with the instants
 * they start.
 */
export interface DayRollup {
  /** The local calendar date as days since 1970-01-01. */
  dayNumber: number;
  consumption: number | null;
  readings: number;
  valueSum: number;
  /** Null on a day with booked use but no reading. */
  valueMin: number | null;
  valueMax: number | null;
  estimated: number;
  quarters: number;
  quarterSum: number;
  quarterMin: number | null;
  quarterMinAt: number | null;
  quarterMax: number | null;
  quarterMaxAt: number | null;
  hours: DayHours;
}

/**
 * Visits the local days of readings [0, to) in time order, each once, with
 * its hours. One pass over the readings with no object per hour: a write's
 * rollups run on the API thread while the database loads its readings.
 *
 * The hour of a reading is cut in wall time keeping the offset in force at
 * that instant, so the two 01:00 hours of a 25-hour day are two hours (as
 * date_trunc('hour', ts, zone) cuts them in PostgreSQL). Every zone's offset
 * is a whole number of quarter-hours, so a UTC quarter is a local one and
 * never straddles an hour or midnight. A meter's quarter has a value when one
 * of its readings has a delta (a register's last reading has none yet), or
 * when `extras` books use in it (a spread step's quarters, which hold no
 * reading: they count as use, not as readings or values).
 *
 * The day passed to `visit` is reused for the next one: read it during the call.
 */
export function eachRollupDay(
  series: StoredSeries,
  offset: ZoneOffset,
  measure: 'consumption' | 'state',
  to: number,
  visit: (day: DayRollup) => void,
  extras: ExtraQuarters = NO_EXTRAS,
): void {
  const day = emptyDay();
  let dayOpen = false;
  const hour = {
    at: Number.NaN,
    consumption: null as number | null,
    readings: 0,
    sum: 0,
    min: 0,
    max: 0,
    est: 0,
  };
  // Readings before this instant fall in the current hour without asking the zone again.
  let sameHourUntil = Number.NEGATIVE_INFINITY;
  let quarterAt = Number.NaN;
  let quarterSum = 0;
  let quarterCount = 0;

  const closeQuarter = () => {
    if (quarterCount === 0) return;
    const value = measure === 'consumption' ? quarterSum : quarterSum / quarterCount;
    day.quarters++;
    day.quarterSum += value;
    if (day.quarterMin === null || value < day.quarterMin) {
      day.quarterMin = value;
      day.quarterMinAt = quarterAt;
    }
    if (day.quarterMax === null || value > day.quarterMax) {
      day.quarterMax = value;
      day.quarterMaxAt = quarterAt;
    }
  };
  const closeHour = () => {
    if (hour.readings === 0 && hour.consumption === null) return;
    const valued = hour.readings > 0;
    const { hours } = day;
    hours.at.push(hour.at);
    hours.consumption.push(hour.consumption);
    hours.readings.push(hour.readings);
    hours.valueSum.push(hour.sum);
    hours.valueMin.push(valued ? hour.min : null);
    hours.valueMax.push(valued ? hour.max : null);
    hours.estimated.push(hour.est);
    if (hour.consumption !== null) day.consumption = (day.consumption ?? 0) + hour.consumption;
    day.readings += hour.readings;
    day.valueSum += hour.sum;
    if (valued && (day.valueMin === null || hour.min < day.valueMin)) day.valueMin = hour.min;
    if (valued && (day.valueMax === null || hour.max > day.valueMax)) day.valueMax = hour.max;
    day.estimated += hour.est;
  };

  /** Moves to the quarter, hour and day of the instant ts, whose quarter starts at `quarter`. */
  const enter = (ts: number, quarter: number) => {
    if (quarter !== quarterAt) {
      closeQuarter();
      quarterAt = quarter;
      quarterSum = 0;
      quarterCount = 0;
    }
    if (ts >= sameHourUntil) {
      const at = localHourStart(offset, ts);
      if (at !== hour.at) {
        closeHour();
        const dayNumber = localDayNumber(offset, at);
        if (!dayOpen || dayNumber !== day.dayNumber) {
          if (dayOpen) visit(day);
          resetDay(day, dayNumber);
          dayOpen = true;
        }
        hour.at = at;
        hour.consumption = null;
        hour.readings = 0;
        hour.sum = 0;
        hour.min = Infinity;
        hour.max = -Infinity;
        hour.est = 0;
      }
      // With one offset from here to the hour's end, the rest of the hour needs no look-up.
      sameHourUntil = offset(at + HOUR - 1) === offset(ts) ? at + HOUR : ts + 1;
    }
  };

  let extra = 0;
  const extraCount = extras.ts.length;
  /** Use booked in a quarter-hour with no reading: it opens its quarter, hour and day as a reading would. */
  const bookExtra = () => {
    const at = extras.ts[extra] as number;
    enter(at, at);
    const amount = extras.amounts[extra] as number;
    hour.consumption = (hour.consumption ?? 0) + amount;
    quarterSum += amount;
    quarterCount++;
    extra++;
  };
  for (let index = 0; index < to; index++) {
    const ts = series.ts[index] as number;
    while (extra < extraCount && (extras.ts[extra] as number) < ts) bookExtra();
    const quarter = Math.floor(ts / QUARTER) * QUARTER;
    enter(ts, quarter);
    const value = series.values[index] as number;
    const delta = series.deltas[index] ?? null;
    if (delta !== null) hour.consumption = (hour.consumption ?? 0) + delta;
    hour.readings++;
    hour.sum += value;
    if (value < hour.min) hour.min = value;
    if (value > hour.max) hour.max = value;
    if (series.quality[index] === 1) hour.est++;
    const measured = measure === 'consumption' ? delta : value;
    if (measured !== null) {
      quarterSum += measured;
      quarterCount++;
    }
  }
  while (extra < extraCount) bookExtra();
  closeQuarter();
  closeHour();
  if (dayOpen) visit(day);
}

const NO_EXTRAS: ExtraQuarters = { ts: [], amounts: [] };

function emptyDay(): DayRollup {
  const hours: DayHours = {
    at: [],
    consumption: [],
    readings: [],
    valueSum: [],
    valueMin: [],
    valueMax: [],
    estimated: [],
  };
  return { ...dayTotals(Number.NaN), hours };
}

function resetDay(day: DayRollup, dayNumber: number): void {
  Object.assign(day, dayTotals(dayNumber));
  for (const column of Object.values(day.hours)) column.length = 0;
}

/** A day's figures before any reading is counted. */
function dayTotals(dayNumber: number): Omit<DayRollup, 'hours'> {
  return {
    dayNumber,
    consumption: null,
    readings: 0,
    valueSum: 0,
    valueMin: null,
    valueMax: null,
    estimated: 0,
    quarters: 0,
    quarterSum: 0,
    quarterMin: null,
    quarterMinAt: null,
    quarterMax: null,
    quarterMaxAt: null,
  };
}
