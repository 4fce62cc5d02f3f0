import type { TFunction } from 'i18next';
import { cachedFormat } from '../../src/i18n/app-locale';
import { formatDate } from '../shared/format';

export type ServedResolution = 'raw' | '15min' | 'hour' | 'day' | 'week' | 'month';

const monthFormat = () =>
  cachedFormat(
    'explorer month',
    (locale) => new Intl.DateTimeFormat(locale, { month: 'short', year: 'numeric' }),
  );
const shortDayFormat = () =>
  cachedFormat(
    'explorer short day',
    (locale) => new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short' }),
  );

/**
 * A bucket's start as its resolution reads: "15 Jan 2026, 14:00", "15 Jan 2026", "week of 12 Jan 2026", "Jan 2026".
 * `t` is the data-explorer namespace's.
 */
export function formatBucket(time: number, resolution: ServedResolution, t: TFunction): string {
  if (resolution === 'month') return monthFormat().format(time);
  if (resolution === 'week') return t('chart.weekOf', { date: formatDate(time, false) });
  if (resolution === 'day') return formatDate(time, false);
  return formatDate(time, true);
}

/** A short tick label under a bar: "15 Jan", "Jan 2026". */
export function formatBucketTick(time: number, resolution: ServedResolution): string {
  return resolution === 'month' ? monthFormat().format(time) : shortDayFormat().format(time);
}
