import { formatDate } from '../shared/format';

export type ServedResolution = 'raw' | '15min' | 'hour' | 'day' | 'week' | 'month';

const monthFormat = new Intl.DateTimeFormat(undefined, { month: 'short', year: 'numeric' });
const shortDayFormat = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short' });

/** A bucket's start as its resolution reads: "15 Jan 2026, 14:00", "15 Jan 2026", "week of 12 Jan 2026", "Jan 2026". */
export function formatBucket(time: number, resolution: ServedResolution): string {
  if (resolution === 'month') return monthFormat.format(time);
  if (resolution === 'week') return `week of ${formatDate(time, false)}`;
  if (resolution === 'day') return formatDate(time, false);
  return formatDate(time, true);
}

/** A short tick label under a bar: "15 Jan", "Jan 2026". */
export function formatBucketTick(time: number, resolution: ServedResolution): string {
  return resolution === 'month' ? monthFormat.format(time) : shortDayFormat.format(time);
}
