/**
 * A calendar month in a site's time zone as the instants it starts and ends, worked out in the browser with
 * Intl (the person's own zone may be another): what the server prices a month by.
 */
export function zonedMonth(month: string, timeZone: string): { from: string; to: string } {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  return {
    from: new Date(zonedMidnight(year, monthNumber - 1, timeZone)).toISOString(),
    to: new Date(zonedMidnight(year, monthNumber, timeZone)).toISOString(),
  };
}

/** The instant local midnight starts the first of a month (month 0-based; 12 is next January). */
function zonedMidnight(year: number, month: number, timeZone: string): number {
  const wall = Date.UTC(year, month, 1);
  // Two rounds settle the offset in force at local midnight, as the server's localDayStart does.
  const guess = wall - offsetAt(wall, timeZone);
  return wall - offsetAt(guess, timeZone);
}

/** The zone's offset from UTC at an instant, in ms. */
function offsetAt(at: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(at);
  const part = (type: string) => Number(parts.find((each) => each.type === type)?.value);
  const wall = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  return wall - Math.floor(at / 1000) * 1000;
}

/** The month before the one a date is in, YYYY-MM: the last one a supplier has invoiced. */
export function lastMonth(now: Date = new Date()): string {
  const before = new Date(Date.UTC(now.getFullYear(), now.getMonth() - 1, 1));
  return before.toISOString().slice(0, 7);
}
