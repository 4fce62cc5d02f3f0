import { readFileSync } from 'node:fs';
import { globSync } from 'tinyglobby';
import { describe, expect, it } from 'vitest';
import pageSchema from '../../schemas/page.schema.json';

/**
 * The help the props form shows: every description inside a widget's props
 * schema, at any depth (the props' own description, the widget's, is the
 * palette's, translated with the widget's name).
 */
function propDescriptions(): string[] {
  const found = new Set<string>();
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) for (const item of node) walk(item);
    else if (node && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) {
        if (key === 'examples' || key === 'default' || key === 'x-initial') continue;
        if (key === 'description' && typeof value === 'string') found.add(value);
        else walk(value);
      }
    }
  };
  for (const [name, props] of Object.entries(pageSchema.definitions)) {
    if (!name.endsWith('Props')) continue;
    const { description: _palette, ...rest } = props as Record<string, unknown>;
    walk(rest);
  }
  return [...found].sort();
}

const DICTIONARIES = globSync('src/editor/props/help-text/*.json');

describe("the props form's help", () => {
  const descriptions = propDescriptions();

  it('is found in the widget schemas', () => {
    expect(descriptions).toContain('Decimal places for a numeric value.');
    expect(descriptions.length).toBeGreaterThan(40);
    expect(DICTIONARIES).toHaveLength(3);
  });

  it.each(DICTIONARIES)('is translated, all of it and nothing else, in %s', (file) => {
    const dictionary = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
    // A description changed in English drops out of the dictionary's keys, and is named here until it is translated again.
    expect(Object.keys(dictionary).sort()).toEqual(descriptions);
    for (const [english, translated] of Object.entries(dictionary)) {
      expect(translated.trim(), english).not.toBe('');
      expect(translated, english).not.toBe(english);
    }
  });
});
