import { describe, expect, it } from 'vitest';
import { humanise, itemSummary, labelFor } from './labels';

describe('labels', () => {
  it.each([
    ['dataPoint', 'Data point'],
    ['dataPointId', 'Data point id'],
    ['pageSize', 'Page size'],
    ['page_size', 'Page size'],
    ['src', 'Src'],
    ['showURLBar', 'Show URL bar'],
    ['co2', 'Co2'],
  ])('%s reads %j', (key, label) => {
    expect(humanise(key)).toBe(label);
  });

  it("prefer the schema's title", () => {
    expect(labelFor('dataPoint', { title: 'Meter' })).toBe('Meter');
  });

  it("name a list's item by its label, title or key", () => {
    expect(itemSummary({ key: 'site', title: 'Site' })).toBe('Site');
    expect(itemSummary({ key: 'site', title: '' })).toBe('site');
    expect(itemSummary({ value: 3 })).toBeUndefined();
    expect(itemSummary('text')).toBeUndefined();
  });
});
