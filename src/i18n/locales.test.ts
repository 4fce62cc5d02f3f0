import { readFileSync } from 'node:fs';
import { globSync } from 'tinyglobby';
import { afterAll, describe, expect, it } from 'vitest';
import { i18next, LOCALE_NAMES, type Locale } from './i18n';

const LOCALES = Object.keys(LOCALE_NAMES) as Locale[];
const OTHER_LOCALES = LOCALES.filter((locale) => locale !== 'en-US');

/** The shell's strings, and each widget's beside it: a set of four files, one per language. */
const STRING_SETS = [
  { name: 'the shell', file: (locale: Locale) => `src/i18n/locales/${locale}.json` },
  ...globSync(['widgets/*/locales/en-US.json', 'src/editor/**/locales/en-US.json']).map((english) => ({
    name: english.replace(/\/locales\/en-US\.json$/, ''),
    file: (locale: Locale) => english.replace('en-US', locale),
  })),
];

const PLURAL = /_(zero|one|two|few|many|other)$/;

function readStrings(file: string): Record<string, string> {
  return flatten(JSON.parse(readFileSync(file, 'utf8')));
}

function flatten(strings: object, prefix = ''): Record<string, string> {
  return Object.fromEntries(
    Object.entries(strings).flatMap(([key, value]) =>
      typeof value === 'object' && value !== null
        ? Object.entries(flatten(value, `${prefix}${key}.`))
        : [[`${prefix}${key}`, String(value)]],
    ),
  );
}

/** A key as the code names it: "rows" for "rows_one" and "rows_other". */
function baseKeys(strings: Record<string, string>): string[] {
  return [...new Set(Object.keys(strings).map((key) => key.replace(PLURAL, '')))].sort();
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1] as string).sort();
}

describe.each(STRING_SETS)('the strings of $name', ({ file }) => {
  const english = readStrings(file('en-US'));

  it('exist in English', () => {
    expect(Object.keys(english).length).toBeGreaterThan(0);
  });

  describe.each(OTHER_LOCALES)('in %s', (locale) => {
    const strings = readStrings(file(locale));

    it('translate every English string, no more and no less', () => {
      expect(baseKeys(strings)).toEqual(baseKeys(english));
    });

    it("give every plural form the language's grammar has", () => {
      const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
      const plurals = new Set(
        Object.keys(english)
          .filter((key) => PLURAL.test(key))
          .map((key) => key.replace(PLURAL, '')),
      );
      for (const key of plurals) {
        for (const category of categories)
          expect(strings, `${key}_${category}`).toHaveProperty([`${key}_${category}`]);
      }
    });

    it('keep each string non-empty, with the same placeholders as the English', () => {
      for (const [key, text] of Object.entries(strings)) {
        const englishText = english[key] ?? english[`${key.replace(PLURAL, '')}_other`] ?? '';
        expect(text.trim(), key).not.toBe('');
        const expected = placeholders(englishText).filter((name) => name !== 'count');
        expect(
          placeholders(text).filter((name) => name !== 'count'),
          key,
        ).toEqual(expected);
      }
    });
  });
});

describe('choosing a language', () => {
  afterAll(() => i18next.changeLanguage('en-US'));

  it.each(OTHER_LOCALES)(
    'fetches the %s strings of the shell and of a widget, and speaks them',
    async (locale) => {
      const shell = readStrings(`src/i18n/locales/${locale}.json`);
      const siteList = readStrings(`widgets/site-list/locales/${locale}.json`);
      await i18next.changeLanguage(locale);
      await i18next.loadNamespaces('site-list');
      expect(i18next.t('shell.home')).toBe(shell['shell.home']);
      expect(i18next.t('shell.home')).not.toBe(readStrings('src/i18n/locales/en-US.json')['shell.home']);
      expect(i18next.t('site-list:empty.title')).toBe(siteList['empty.title']);
    },
  );
});
