import type { TFunction } from 'i18next';
import { cachedFormat } from '../../src/i18n/app-locale';

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['week', 7 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** In the language the person chose for the app. */
function relativeFormat(): Intl.RelativeTimeFormat {
  return cachedFormat(
    'relative-time auto',
    (locale) => new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }),
  );
}

/**
 * "5 minutes ago", "yesterday", "3 weeks ago"; "never" when nothing arrived yet.
 * `t` reads the data-point-table strings.
 */
export function relativeTime(iso: string | null, now: number, t: TFunction): string {
  if (iso === null) return t('relativeTime.never');
  const elapsed = Date.parse(iso) - now;
  for (const [unit, length] of UNITS) {
    if (Math.abs(elapsed) >= length) return relativeFormat().format(Math.round(elapsed / length), unit);
  }
  return t('relativeTime.justNow');
}
