import type { TFunction } from 'i18next';
import { relativeTimeOf } from '../../src/i18n/relative-time';

/**
 * "5 minutes ago", "yesterday", "3 weeks ago"; "never" when nothing arrived yet.
 * `t` reads the data-point-table strings.
 */
export function relativeTime(iso: string | null, now: number, t: TFunction): string {
  if (iso === null) return t('relativeTime.never');
  return relativeTimeOf(iso, now) ?? t('relativeTime.justNow');
}
