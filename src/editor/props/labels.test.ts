import { describe, expect, it } from 'vitest';
import { i18next } from '../../i18n/i18n';
import type { JsonSchema } from './json-schema';
import { humanise, itemSummary, labelFor } from './labels';
import english from './locales/en-US.json';
import { everyPropsSchema } from './render-prop-form.test-helper';

/** Every prop name a widget's props schema names, at any depth, examples left out. */
function propNames(schema: unknown, names = new Set<string>()): Set<string> {
  if (Array.isArray(schema)) for (const item of schema) propNames(item, names);
  else if (schema && typeof schema === 'object') {
    for (const [key, value] of Object.entries(schema)) {
      if (key === 'examples' || key === 'default') continue;
      if (key === 'properties' && value && typeof value === 'object') {
        for (const name of Object.keys(value)) names.add(name);
      }
      propNames(value, names);
    }
  }
  return names;
}

describe('labels', () => {
  it.each([
    ['dataPoint', 'Data point'],
    ['dataPointId', 'Data point id'],
    ['pageSize', 'Page size'],
    ['page_size', 'Page size'],
    ['src', 'Src'],
    ['showURLBar', 'Show URL bar'],
    ['co2', 'Co2'],
  ])('%s reads %j as words', (key, label) => {
    expect(humanise(key)).toBe(label);
  });

  it("prefer the schema's title", () => {
    expect(labelFor('dataPoint', { title: 'Meter' }, i18next.getFixedT('fr-FR', 'editor-props'))).toBe(
      'Meter',
    );
  });

  it('give every prop a widget names a label of its own, which the other languages translate (locales.test)', () => {
    const named = new Set<string>();
    for (const [, schema] of everyPropsSchema()) propNames(schema, named);
    expect(named.size).toBeGreaterThan(50);
    const unlabelled = [...named].filter((name) => !(name in english.labels)).sort();
    expect(unlabelled).toEqual([]);
  });

  it("read in the person's language, and as words for a name without a label", async () => {
    await i18next.loadNamespaces('editor-props');
    await i18next.loadLanguages(['fr-FR', 'zh-CN']);
    const french = i18next.getFixedT('fr-FR', 'editor-props');
    const schema: JsonSchema = { type: 'string' };
    expect(labelFor('heading', schema, french)).toBe('Titre');
    expect(labelFor('emptyText', schema, french)).toBe('Texte si vide');
    expect(labelFor('lat', schema, i18next.getFixedT('en-US', 'editor-props'))).toBe('Latitude');
    expect(labelFor('dataPoint', schema, i18next.getFixedT('zh-CN', 'editor-props'))).toBe('数据点');
    expect(labelFor('typedInCode', schema, french)).toBe('Typed in code');
    expect(labelFor('a.b', schema, french)).toBe('A.b');
  });

  it("name a list's item by its label, title or key", () => {
    expect(itemSummary({ key: 'site', title: 'Site' })).toBe('Site');
    expect(itemSummary({ key: 'site', title: '' })).toBe('site');
    expect(itemSummary({ value: 3 })).toBeUndefined();
    expect(itemSummary('text')).toBeUndefined();
  });
});
