const DAY = 86_400_000;

/**
 * The instants local days begin in a zone, from the day holding `from` to the
 * first day beginning at or after `to` (so n days have n + 1 boundaries).
 * Worked out with Intl, independently of the product's own zone tables; like
 * the product's cached calendars, done once per zone and period, not per request.
 */
export function localDayStarts(timeZone: string, from: number, to: number): Float64Array {
  const wallTime = wallClock(timeZone);
  const starts: number[] = [];
  for (let day = Math.floor(wallTime(from) / DAY); ; day++) {
    const start = midnight(wallTime, day);
    starts.push(start);
    if (start >= to) break;
  }
  return Float64Array.from(starts);
}

/** The instant of local midnight of a day (days since 1970-01-01): two rounds settle the offset in force. */
function midnight(wallTime: (utcMs: number) => number, day: number): number {
  const wall = day * DAY;
  const guess = wall - (wallTime(wall) - wall);
  return wall - (wallTime(guess) - guess);
}

/** An instant's wall-clock time in the zone, as if that wall time were UTC. */
function wallClock(timeZone: string): (utcMs: number) => number {
  const format = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  return (utcMs) => {
    const parts = format.formatToParts(new Date(utcMs));
    const part = (type: Intl.DateTimeFormatPartTypes) =>
      Number(parts.find((entry) => entry.type === type)?.value);
    return Date.UTC(
      part('year'),
      part('month') - 1,
      part('day'),
      part('hour'),
      part('minute'),
      part('second'),
    );
  };
}
