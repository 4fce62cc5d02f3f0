import { describe, expect, it } from 'vitest';
import { widgetNamesIn, widgetsIn } from './widget-names';

const document = {
  rows: [
    {
      columns: [
        { cards: [{ widgets: [{ name: 'stat' }, { name: 'text' }] }, { widgets: 'not a list' }] },
        null,
        { cards: [{ widgets: [{ name: 'stat' }, { name: 7 }, null] }] },
      ],
    },
    'not a row',
    { columns: [{ cards: [{ widgets: [{ name: 'kpi~/x' }] }] }] },
  ],
};

describe('widgetNamesIn', () => {
  it('names every widget once, passing by the parts of a document that are not what the schema asks', () => {
    expect([...widgetNamesIn(document)].sort()).toEqual(['kpi~/x', 'stat', 'text']);
  });

  it('reads the widgets widgetsIn finds', () => {
    const named = widgetsIn(document)
      .map(({ widget }) => (widget as { name?: unknown } | null)?.name)
      .filter((name) => typeof name === 'string');
    expect(widgetNamesIn(document)).toEqual(new Set(named));
    expect(widgetsIn(document).map(({ pointer }) => pointer)).toContain(
      '/rows/2/columns/0/cards/0/widgets/0',
    );
  });

  it('finds nothing in what is not a page', () => {
    expect(widgetNamesIn(null).size).toBe(0);
    expect(widgetNamesIn({ rows: {} }).size).toBe(0);
  });
});
