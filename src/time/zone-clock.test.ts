import { describe, expect, it } from 'vitest';
import { DAY_MS, formatWallTime, HOUR_MS, wallTimeMs } from './civil-time';
import { ZoneClock } from './zone-clock';

const ZONES = [
  'Europe/London',
  'America/New_York',
  'America/Santiago', // changes at local midnight
  'Australia/Sydney',
  'Australia/Lord_Howe', // 30-minute DST
  'Africa/Casablanca', // several changes a year around Ramadan
  'Asia/Kolkata',
  'UTC',
];

const FROM = Date.UTC(1980, 0, 1);
const TO = Date.UTC(2070, 0, 1);

/** Deterministic instants spread over the range, so failures reproduce. */
function* sampleInstants(count: number): Generator<number> {
  let seed = 12_345;
  for (let i = 0; i < count; i++) {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    yield FROM + Math.floor((seed / 2 ** 31) * ((TO - FROM) / 60_000)) * 60_000;
  }
}

/** The reference: what Intl shows at an instant, as a wall time. Deliberately unoptimised. */
function intlReference(timeZone: string) {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  const wallTimeAt = (utcMs: number): number => {
    const parts = format.formatToParts(utcMs);
    const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
    return wallTimeMs(
      part('year'),
      part('month'),
      part('day'),
      part('hour'),
      part('minute'),
      part('second'),
      0,
    );
  };
  /** Every instant showing a wall time: try the offsets in force a day either side. */
  const instantsAt = (wallMs: number): number[] => {
    const offsets = new Set([
      wallTimeAt(wallMs - DAY_MS) - (wallMs - DAY_MS),
      wallTimeAt(wallMs + DAY_MS) - (wallMs + DAY_MS),
    ]);
    return [...offsets]
      .map((offset) => wallMs - offset)
      .filter((utcMs) => wallTimeAt(utcMs) === wallMs)
      .sort((a, b) => a - b);
  };
  return { wallTimeAt, instantsAt };
}

describe('ZoneClock', () => {
  it.each(ZONES)('%s: offsets agree with Intl', (timeZone) => {
    const clock = new ZoneClock(timeZone);
    const reference = intlReference(timeZone);
    for (const utcMs of sampleInstants(500)) {
      expect(clock.offsetAt(utcMs), new Date(utcMs).toISOString()).toBe(reference.wallTimeAt(utcMs) - utcMs);
    }
  });

  it.each(ZONES)('%s: wall times map to exactly the instants that show them', (timeZone) => {
    const clock = new ZoneClock(timeZone);
    const reference = intlReference(timeZone);
    for (const wallMs of sampleInstants(500)) {
      const found = clock.instantsAt(wallMs);
      const instants =
        typeof found === 'number' ? [found] : 'skipped' in found ? [] : [found.earlier, found.later];
      expect(instants, formatWallTime(wallMs)).toEqual(reference.instantsAt(wallMs));
    }
  });

  it.each(ZONES)('%s: every minute around each 2024 clock change is answered like Intl', (timeZone) => {
    const clock = new ZoneClock(timeZone);
    const reference = intlReference(timeZone);
    const offsetAt = (utcMs: number) => reference.wallTimeAt(utcMs) - utcMs;
    const changes = (from: number, to: number) => offsetAt(from) !== offsetAt(to);
    const start = Date.UTC(2024, 0, 1);
    for (let hour = 0; hour < 366 * 24; hour++) {
      const utcMs = start + hour * HOUR_MS;
      // Skip whole unchanged days quickly; Intl is slow.
      if (hour % 24 === 0 && !changes(utcMs, utcMs + DAY_MS)) {
        hour += 23;
        continue;
      }
      if (!changes(utcMs, utcMs + HOUR_MS)) continue;
      for (let minute = -180; minute <= 240; minute++) {
        const wallMs = reference.wallTimeAt(utcMs) + minute * 60_000;
        const found = clock.instantsAt(wallMs);
        const instants =
          typeof found === 'number' ? [found] : 'skipped' in found ? [] : [found.earlier, found.later];
        expect(instants, formatWallTime(wallMs)).toEqual(reference.instantsAt(wallMs));
      }
    }
  });

  it('finds both instants of a repeated wall time and none for a skipped one', () => {
    const clock = new ZoneClock('America/New_York');
    // 2024-11-03 01:30 happens at 05:30Z (EDT) and 06:30Z (EST); 2024-03-10 02:30 never happens.
    expect(clock.instantsAt(wallTimeMs(2024, 11, 3, 1, 30, 0, 0))).toEqual({
      earlier: Date.UTC(2024, 10, 3, 5, 30),
      later: Date.UTC(2024, 10, 3, 6, 30),
    });
    expect(clock.instantsAt(wallTimeMs(2024, 3, 10, 2, 30, 0, 0))).toEqual({ skipped: true });
  });

  it('skips local midnight where the clocks change at midnight', () => {
    // Chile moved from -04 to -03 at 2024-09-08 00:00 local.
    const clock = new ZoneClock('America/Santiago');
    expect(clock.instantsAt(wallTimeMs(2024, 9, 8, 0, 0, 0, 0))).toEqual({ skipped: true });
    expect(clock.instantsAt(wallTimeMs(2024, 9, 8, 1, 0, 0, 0))).toBe(Date.UTC(2024, 8, 8, 4, 0));
  });
});
