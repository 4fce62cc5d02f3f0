import type { ActiveHours } from '../../src/generated/api-types';
import { DAY_MS, isoWeekday, MINUTE_MS } from '../../src/time/civil-time';
import { zoneOffset } from '../../src/time/zone-offsets';

/** "07:30" as minutes since midnight. */
function minutesOf(time: string): number {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return hours * 60 + minutes;
}

/**
 * Whether a rule with these hours is active at an instant, judged on the
 * site's wall clock, so a window of 07:00-19:00 means those hours on the
 * clock in winter and in summer alike. A window past midnight (22:00-06:00)
 * belongs to the day it starts; from equal to to is the whole day.
 */
export function isActiveAt(hours: ActiveHours | null, timeZone: string, utcMs: number): boolean {
  if (hours === null) return true;
  const wallMs = utcMs + zoneOffset(timeZone)(utcMs);
  const dayNumber = Math.floor(wallMs / DAY_MS);
  const minute = Math.floor((wallMs - dayNumber * DAY_MS) / MINUTE_MS);
  const from = minutesOf(hours.from);
  const to = minutesOf(hours.to);
  const on = (day: number) => hours.days.includes(isoWeekday(day));
  if (from === to) return on(dayNumber);
  if (from < to) return on(dayNumber) && minute >= from && minute < to;
  return (on(dayNumber) && minute >= from) || (on(dayNumber - 1) && minute < to);
}
