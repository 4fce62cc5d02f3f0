import { type BucketCalendar, bucketCalendar, type Resolution, TYPICAL_STEP_MS } from './calendar';
import type { PointSpan } from './stored-buckets';

/** The longest period one request may cover. */
export const MAX_PERIOD_YEARS = 20;
const YEAR_MS = 365.25 * 86_400_000;
/** The finest resolutions auto may choose, finest first. */
const AUTO_CHOICES: Resolution[] = ['15min', 'hour', 'day', 'week', 'month'];

/** The finest resolution with no more buckets than the chart has pixels. */
export function autoResolution(from: number, to: number, width: number): Resolution {
  const span = to - from;
  return AUTO_CHOICES.find((resolution) => span / TYPICAL_STEP_MS[resolution] <= width) ?? 'month';
}

/**
 * A period widened to whole buckets in a zone: from back to the start of its
 * bucket, to forward to the end of its bucket. Raw readings are not bucketed.
 */
export function pointSpan(resolution: Resolution, timeZone: string, from: number, to: number): PointSpan {
  const calendar = bucketCalendar(resolution, timeZone);
  if (resolution === 'raw') return { from, to, firstDay: Number.NaN, endDay: Number.NaN };
  const first = calendar.keyAt(from);
  const last = calendar.keyAt(to - 1);
  const end = calendar.nextKey(last);
  return {
    from: calendar.startOf(first),
    to: calendar.startOf(end),
    firstDay: calendar.byDay ? first : Number.NaN,
    endDay: calendar.byDay ? end : Number.NaN,
  };
}

/** Every bucket key of a span, in order. */
export function spanKeys(calendar: BucketCalendar, span: PointSpan): number[] {
  const keys: number[] = [];
  const end = calendar.byDay ? span.endDay : span.to;
  for (let key = calendar.keyAt(span.from); key < end; key = calendar.nextKey(key)) keys.push(key);
  return keys;
}

export function periodYears(from: number, to: number): number {
  return (to - from) / YEAR_MS;
}
