import { i18next, LOCALE_NAMES, type Locale } from './i18n';

/**
 * The language the person chose for the app, for Intl's number, date and
 * unit formats: a French reader sees "48 210,5 kWh" whatever the browser says.
 */
export function appLocale(): string {
  return i18next.resolvedLanguage ?? i18next.language ?? 'en-US';
}

/**
 * One of the four languages, as the server writes in them (a report's PDF
 * and mail, a geocoder's answer): the locale given, by default the app's,
 * when it is one of them; English otherwise.
 */
export function productLocale(locale: string = appLocale()): Locale {
  return locale in LOCALE_NAMES ? (locale as Locale) : 'en-US';
}

const formats = new Map<string, unknown>();

/**
 * One Intl formatter per locale and kind (a name for the formatter and its
 * options), made once: constructing them is slow, and charts format thousands of values.
 */
export function cachedFormat<T>(kind: string, make: (locale: string) => T): T {
  const locale = appLocale();
  const key = `${locale} ${kind}`;
  let format = formats.get(key) as T | undefined;
  if (format === undefined) {
    format = make(locale);
    formats.set(key, format);
  }
  return format;
}
