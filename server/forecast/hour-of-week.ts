import { DAY_MS, HOUR_MS, isoWeekday } from '../../src/time/civil-time';
import { localDayNumber, zoneOffset } from '../../src/time/zone-offsets';

/**
 * Each instant's hour of the week in a zone's wall time, Monday 00:00 = 0 to
 * Sunday 23:00 = 167: occupancy follows the local clock, so across a clock
 * change an office's 9 o'clock stays its 9 o'clock.
 */
export function hoursOfWeek(instants: readonly number[], timeZone: string): number[] {
  const offset = zoneOffset(timeZone);
  return instants.map((instant) => {
    const day = localDayNumber(offset, instant);
    const wallHour = Math.floor((instant + offset(instant) - day * DAY_MS) / HOUR_MS);
    return (isoWeekday(day) - 1) * 24 + wallHour;
  });
}
