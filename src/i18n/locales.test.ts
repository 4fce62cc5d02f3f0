import { describe, expect, it } from 'vitest';
import { LOCALES } from './i18n';

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
