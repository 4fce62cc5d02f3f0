import { civilDate, DAY_MS, daysFromCivil, HOUR_MS } from '../../src/time/civil-time';
import { localDayStart, localHourStart, type ZoneOffset } from '../../src/time/zone-offsets';

/** Where an instant falls on the local calendar of a zone: what a tariff's schedule is read by. */
export interface LocalInstant {
  /** The local date as days since 1970-01-01. */
  day: number;
  /** 1 to 12. */
  month: number;
  /** Months since year 0: one number per calendar month, in order. */
  monthIndex: number;
  /** The wall-clock hour, 0 to 23; the repeated hour of a 25-hour day is the same hour twice. */
  hour: number;
  /** 0 Sunday to 6 Saturday. */
  weekday: number;
}

/**
 * The local date and hour of instants, one wall-clock day's figures computed once per day (readings come in
 * order, 96 a day and more).
 */
export class LocalCalendar {
  readonly #offset: ZoneOffset;
  #day = Number.NaN;
  #month = 0;
  #monthIndex = 0;
  #weekday = 0;

  constructor(offset: ZoneOffset) {
    this.#offset = offset;
  }

  at(utcMs: number): LocalInstant {
    const wall = utcMs + this.#offset(utcMs);
    const day = Math.floor(wall / DAY_MS);
    if (day !== this.#day) this.#enterDay(day);
    return {
      day,
      month: this.#month,
      monthIndex: this.#monthIndex,
      hour: Math.floor((wall - day * DAY_MS) / HOUR_MS),
      weekday: this.#weekday,
    };
  }

  /** The instant the wall-clock hour of an instant began. */
  hourStart(utcMs: number): number {
    return localHourStart(this.#offset, utcMs);
  }

  /** The instant a local day starts. */
  dayStart(day: number): number {
    return localDayStart(this.#offset, day);
  }

  /** The instant the local month that holds a day starts. */
  monthStart(day: number): number {
    const { year, month } = civilDate(day);
    return localDayStart(this.#offset, daysFromCivil(year, month, 1));
  }

  #enterDay(day: number): void {
    const { year, month } = civilDate(day);
    this.#day = day;
    this.#month = month;
    this.#monthIndex = year * 12 + month - 1;
    // 1970-01-01 was a Thursday.
    this.#weekday = (((day + 4) % 7) + 7) % 7;
  }
}

/** A YYYY-MM-DD date as days since 1970-01-01. */
export function dayNumberOf(isoDate: string): number {
  const [year, month, date] = isoDate.split('-').map(Number) as [number, number, number];
  return daysFromCivil(year, month, date);
}
