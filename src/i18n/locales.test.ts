import { afterAll, describe, expect, it } from 'vitest';
import { i18next } from './i18n';
import enUS from './locales/en-US.json';
import frFR from './locales/fr-FR.json';
import ruRU from './locales/ru-RU.json';
import zhCN from './locales/zh-CN.json';

const LOCALES = { 'en-US': enUS, 'fr-FR': frFR, 'ru-RU': ruRU, 'zh-CN': zhCN } as const;

function keys(strings: object, prefix = ''): string[] {
  return Object.entries(strings).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null ? keys(value, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1] as string).sort();
}

function valueAt(strings: object, key: string): string {
  return key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], strings) as string;
}

describe.each(Object.keys(LOCALES).filter((locale) => locale !== 'en-US'))('the %s strings', (locale) => {
  const strings = LOCALES[locale as keyof typeof LOCALES];
  it('translate every English string, no more and no less', () => {
    expect(keys(strings).sort()).toEqual(keys(LOCALES['en-US']).sort());
  });

  it('keep each string non-empty, with the same placeholders as the English', () => {
    for (const key of keys(LOCALES['en-US'])) {
      const text = valueAt(strings, key);
      expect(text.trim(), key).not.toBe('');
      expect(placeholders(text), key).toEqual(placeholders(valueAt(LOCALES['en-US'], key)));
    }
  });
});

describe('choosing a language', () => {
  afterAll(() => i18next.changeLanguage('en-US'));

  it.each(['fr-FR', 'ru-RU', 'zh-CN'] as const)('fetches the %s strings and speaks them', async (locale) => {
    await i18next.changeLanguage(locale);
    expect(i18next.t('shell.home')).toBe(LOCALES[locale].shell.home);
    expect(i18next.t('shell.home')).not.toBe(LOCALES['en-US'].shell.home);
  });
});
