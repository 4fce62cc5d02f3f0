import type { TFunction } from 'i18next';
import { cachedFormat } from '../../src/i18n/app-locale';
import { intentInline } from './intent-text';

/**
 * Texts of the live-data widgets about what is not there. `t` reads the
 * shared strings: useTranslation('shared').
 */

/** “Name”, with the quotation marks of the chosen language. */
export function quoted(t: TFunction, text: string): string {
  return t('quoted', { text });
}

/** Names one after the other, as the chosen language lists them. */
export function nameList(t: TFunction, names: readonly string[]): string {
  return names.join(t('separator'));
}

function conjunction(): Intl.ListFormat {
  return cachedFormat('list conjunction', (locale) => new Intl.ListFormat(locale, { type: 'conjunction' }));
}

/** "No data point is named …" for the names a layout asks for that are not there. */
export function missingText(t: TFunction, missing: readonly string[]): string {
  if (missing.length === 0) return '';
  const names = nameList(
    t,
    missing.map((name) => quoted(t, name)),
  );
  return t('missing', { count: missing.length, names });
}

/**
 * What a widget counts when the layout narrows by tags nobody has given
 * (fetchPoints then takes every data point of the intent), and how to
 * narrow it: the tags a point carries are its places' (Sites).
 */
export function unmatchedTagsText(
  t: TFunction,
  intent: string | undefined,
  tags: readonly string[] | undefined,
): string {
  if (!tags || tags.length === 0) return '';
  const list = conjunction().format(tags.map((tag) => quoted(t, tag)));
  return intent
    ? t('unmatchedTags.intent', { intent: intentInline(t, intent), tags: list })
    : t('unmatchedTags.all', { tags: list });
}

/** "No electricity data points in kWh yet.": an organisation without a point of the intent. */
export function noPointsText(t: TFunction, intent: string | undefined, unit: string | undefined): string {
  if (intent) {
    const inline = intentInline(t, intent);
    return unit
      ? t('noPoints.intentUnit', { intent: inline, unit })
      : t('noPoints.intent', { intent: inline });
  }
  return unit ? t('noPoints.unit', { unit }) : t('noPoints.all');
}
