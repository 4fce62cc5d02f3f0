import { ZoneClock } from './zone-clock';

const HOUR = 3_600_000;
const DAY = 86_400_000;

/** A zone's UTC offset (ms to add to UTC to get wall time) at any instant, fast enough for millions of readings. */
export type ZoneOffset = (utcMs: number) => number;

const clocks = new Map<string, ZoneClock>();
const offsets = new Map<string, ZoneOffset>();

/** One shared, cached ZoneClock per IANA zone. */
export function zoneClock(timeZone: string): ZoneClock {
  let clock = clocks.get(timeZone);
  if (!clock) {
    clock = new ZoneClock(timeZone);
    clocks.set(timeZone, clock);
  }
  return clock;
}

/** The offset function of an IANA zone, from its shared ZoneClock. */
export function zoneOffset(timeZone: string): ZoneOffset {
  let offset = offsets.get(timeZone);
  if (!offset) {
    const clock = zoneClock(timeZone);
    offset = (utcMs) => clock.offsetAt(utcMs);
    offsets.set(timeZone, offset);
  }
  return offset;
}

/** The instant the wall-clock hour containing utcMs began, keeping the offset in force then (as PostgreSQL's date_trunc does). */
export function localHourStart(offset: ZoneOffset, utcMs: number): number {
  const shift = offset(utcMs);
  return Math.floor((utcMs + shift) / HOUR) * HOUR - shift;
}

/** The local calendar day of an instant, as days since 1970-01-01. */
export function localDayNumber(offset: ZoneOffset, utcMs: number): number {
  return Math.floor((utcMs + offset(utcMs)) / DAY);
}

/** The local calendar date of an instant, as YYYY-MM-DD. */
export function localDate(offset: ZoneOffset, utcMs: number): string {
  return new Date(utcMs + offset(utcMs)).toISOString().slice(0, 10);
}

/**
 * The instant a local calendar day begins, the day given as days since
 * 1970-01-01: two rounds settle the offset in force at local midnight,
 * however far the zone is from UTC. Where the clocks skip midnight, the
 * instant the day's first wall time would have had.
 */
export function localDayStart(offset: ZoneOffset, day: number): number {
  const wallMidnight = day * DAY;
  const guess = wallMidnight - offset(wallMidnight);
  return wallMidnight - offset(guess);
}
