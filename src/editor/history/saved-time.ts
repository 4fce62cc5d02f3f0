import { cachedFormat } from '../../i18n/app-locale';
import { relativeTimeOf } from '../../i18n/relative-time';

/** "5 minutes ago", "yesterday", "now", in the language the person chose for the app. */
export function relativeTime(iso: string, now: number): string {
  return (
    relativeTimeOf(iso, now) ??
    cachedFormat(
      'relative-time auto',
      (locale) => new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }),
    ).format(0, 'second')
  );
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
