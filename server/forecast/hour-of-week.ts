import { zoneOffset } from '../../src/time/zone-offsets';

const HOUR = 3_600_000;
const DAY = 86_400_000;
/** 1970-01-01 was a Thursday: three days after a Monday. */
const EPOCH_WEEKDAY_FROM_MONDAY = 3;

/**
 * Each instant's hour of the week in a zone's wall time, Monday 00:00 = 0 to
 * Sunday 23:00 = 167: occupancy follows the local clock, so across a clock
 * change an office's 9 o'clock stays its 9 o'clock.
 */
export function hoursOfWeek(instants: readonly number[], timeZone: string): number[] {
  const offset = zoneOffset(timeZone);
  return instants.map((instant) => {
    const wall = instant + offset(instant);
    const day = Math.floor(wall / DAY);
    const weekday = (((day + EPOCH_WEEKDAY_FROM_MONDAY) % 7) + 7) % 7;
    return weekday * 24 + Math.floor((wall - day * DAY) / HOUR);
  });
}
