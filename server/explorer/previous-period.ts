import { bucketCalendar, type Resolution } from './calendar';

/**
 * The period before [from, to) to compare with: whole calendar months when
 * the period is whole months (so March compares with February, not with the
 * 31 days before it), otherwise the same length just before.
 */
export function previousPeriod(
  resolution: Resolution,
  timeZone: string,
  from: number,
  to: number,
): { from: number; to: number } {
  const months = bucketCalendar('month', timeZone);
  const first = months.keyAt(from);
  if (months.startOf(first) === from && months.startOf(months.keyAt(to)) === to && resolution !== 'raw') {
    let count = 0;
    for (let key = first; months.startOf(key) < to; key = months.nextKey(key)) count++;
    let start = first;
    for (let i = 0; i < count; i++) start = previousMonthKey(start);
    return { from: months.startOf(start), to: from };
  }
  return { from: from - (to - from), to: from };
}

function previousMonthKey(firstDay: number): number {
  const date = new Date((firstDay - 1) * 86_400_000);
  return Math.floor(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1) / 86_400_000);
}
