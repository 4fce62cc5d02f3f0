import { readFileSync } from 'node:fs';
import { globSync } from 'tinyglobby';
import { describe, expect, it } from 'vitest';
import { widgetTextFields } from '../../src/generated/widget-text-fields';

/** The product's pages; the template's demo pages show sample content as it is. */
const SHIPPED_LAYOUTS = globSync('layouts/**/*.json', { ignore: ['layouts/demo/**'] });

interface LayoutNode {
  title?: string;
  name?: string;
  data?: Record<string, unknown>;
  rows?: { columns: { cards: (LayoutNode & { widgets: LayoutNode[] })[] }[] }[];
}

/** Every card title and every widget prop its schema marks "x-text", as the layouts ship them. */
function shippedWording(): string[] {
  const wording = new Set<string>();
  for (const file of SHIPPED_LAYOUTS) {
    const page = JSON.parse(readFileSync(file, 'utf8')) as LayoutNode;
    for (const card of (page.rows ?? []).flatMap((row) => row.columns).flatMap((column) => column.cards)) {
      if (card.title) wording.add(card.title);
      for (const widget of card.widgets) {
        for (const field of widgetTextFields[widget.name ?? ''] ?? []) {
          const text = widget.data?.[field];
          if (typeof text === 'string') wording.add(text);
        }
      }
    }
  }
  return [...wording].sort();
}

const DICTIONARIES = globSync('src/i18n/layout-text/*.json');

describe("the shipped layouts' wording", () => {
  const wording = shippedWording();

  it('is found in the layouts', () => {
    expect(wording).toContain('Sites and assets');
    expect(DICTIONARIES).toHaveLength(3);
  });

  it.each(DICTIONARIES)('is translated, all of it and nothing else, in %s', (file) => {
    const dictionary = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
    expect(Object.keys(dictionary).sort()).toEqual(wording);
    for (const [english, translated] of Object.entries(dictionary))
      expect(translated.trim(), english).not.toBe('');
  });
});
