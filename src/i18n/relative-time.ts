import { cachedFormat } from './app-locale';

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['week', 7 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/**
 * "5 minutes ago", "yesterday", "in 3 weeks", in the language the person chose for the app; undefined within a
 * minute of now, which each screen words its own way ("just now", "now").
 */
export function relativeTimeOf(iso: string, now: number): string | undefined {
  const format = cachedFormat(
    'relative-time auto',
    (locale) => new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }),
  );
  const elapsed = Date.parse(iso) - now;
  for (const [unit, length] of UNITS) {
    if (Math.abs(elapsed) >= length) return format.format(Math.round(elapsed / length), unit);
  }
  return undefined;
}
