import { cachedFormat } from './app-locale';

/**
 * Local dates (YYYY-MM-DD, the last included) as a range the language
 * writes: "1–31 Oct 2026", "28 Sept – 4 Oct 2026", one date for one day. The
 * dates are calendar dates, not instants, so they are formatted at UTC.
 */
export function formatDateRange(firstDate: string, lastDate: string): string {
  const format = cachedFormat(
    'date range',
    (locale) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }),
  );
  const first = new Date(`${firstDate}T00:00:00Z`);
  const last = new Date(`${lastDate}T00:00:00Z`);
  if (Number.isNaN(first.getTime()) || Number.isNaN(last.getTime())) return `${firstDate} – ${lastDate}`;
  return firstDate === lastDate ? format.format(first) : format.formatRange(first, last);
}
