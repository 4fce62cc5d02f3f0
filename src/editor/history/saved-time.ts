import { cachedFormat } from '../../i18n/app-locale';

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['week', 7 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** "5 minutes ago", "yesterday", "now", in the language the person chose for the app. */
export function relativeTime(iso: string, now: number): string {
  const format = cachedFormat(
    'history relative-time',
    (locale) => new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }),
  );
  const elapsed = Date.parse(iso) - now;
  for (const [unit, length] of UNITS) {
    if (Math.abs(elapsed) >= length) return format.format(Math.round(elapsed / length), unit);
  }
  return format.format(0, 'second');
}

/** "27 Nov 2026, 01:24", in the person's language and time zone. */
export function absoluteTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return cachedFormat(
    'history date-time',
    (locale) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }),
  ).format(date);
}
