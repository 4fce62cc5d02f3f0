import { describe, expect, it } from 'vitest';
import { mergeDocuments } from './merge-documents';

interface Card {
  key: string;
  widgets: { key: string; name: string; data: Record<string, unknown> }[];
}
interface Page {
  schemaVersion: number;
  id: string;
  title: string;
  rows: { key: string; columns: { key: string; span: number; cards: Card[] }[] }[];
}

/** A page of one row with two columns, a card each, a widget each. */
function page(): Page {
  return {
    schemaVersion: 2,
    id: 'p',
    title: 'Energy',
    rows: [
      {
        key: 'main',
        columns: [
          {
            key: 'left',
            span: 6,
            cards: [{ key: 'a', widgets: [{ key: 'a1', name: 'kpi', data: { title: 'Use' } }] }],
          },
          {
            key: 'right',
            span: 6,
            cards: [{ key: 'b', widgets: [{ key: 'b1', name: 'text', data: { text: 'Hi' } }] }],
          },
        ],
      },
    ],
  };
}
const edited = (change: (document: Page) => void) => {
  const document = page();
  change(document);
  return document;
};
const cards = (document: Page, column: number) => document.rows[0]?.columns[column]?.cards ?? [];
/** The first widget of a column's first card. */
const widgetOf = (document: Page, column: number) =>
  cards(document, column)[0]?.widgets[0] as { data: Record<string, unknown> };

describe('merging two people’s edits of one page', () => {
  it('takes both when they changed different places', () => {
    const mine = edited((document) => {
      document.title = 'Energy use';
    });
    const theirs = edited((document) => {
      widgetOf(document, 1).data.text = 'Hello';
    });
    expect(mergeDocuments(page(), mine, theirs)).toEqual({
      merged: edited((document) => {
        document.title = 'Energy use';
        widgetOf(document, 1).data.text = 'Hello';
      }),
      clashes: [],
    });
  });

  it('keeps a card one added beside a widget the other edited in the same column, each where its author put it', () => {
    const card = { key: 'c', widgets: [{ key: 'c1', name: 'text', data: { text: 'New' } }] };
    const mine = edited((document) => {
      cards(document, 0).push(card);
    });
    const theirs = edited((document) => {
      widgetOf(document, 0).data.title = 'Power';
      cards(document, 1).unshift({ key: 'd', widgets: [] });
    });
    const { merged, clashes } = mergeDocuments(page(), mine, theirs);
    expect(clashes).toEqual([]);
    const result = merged as Page;
    expect(cards(result, 0).map((each) => each.key)).toEqual(['a', 'c']);
    expect(cards(result, 0)[0]?.widgets[0]?.data).toEqual({ title: 'Power' });
    expect(cards(result, 1).map((each) => each.key)).toEqual(['d', 'b']);
  });

  it('drops what one removed and the other left alone, and takes a move made by one side only', () => {
    const mine = edited((document) => {
      cards(document, 1).splice(0, 1);
    });
    const theirs = edited((document) => {
      document.rows[0]?.columns.reverse();
    });
    const { merged, clashes } = mergeDocuments(page(), mine, theirs);
    expect(clashes).toEqual([]);
    expect((merged as Page).rows[0]?.columns.map((column) => [column.key, column.cards.length])).toEqual([
      ['right', 0],
      ['left', 1],
    ]);
  });

  it('calls a place each changed their own way a clash, with the three values, and merges nothing', () => {
    const mine = edited((document) => {
      document.title = 'Mine';
      document.rows[0]?.columns.forEach((column) => {
        column.span = column.key === 'left' ? 4 : 8;
      });
    });
    const theirs = edited((document) => {
      document.title = 'Theirs';
    });
    expect(mergeDocuments(page(), mine, theirs)).toEqual({
      merged: undefined,
      clashes: [{ pointer: '/title', in: 'mine', base: 'Energy', mine: 'Mine', theirs: 'Theirs' }],
    });
  });

  it('calls it a clash when one removed a widget the other changed, and when both reordered a list differently', () => {
    const mine = edited((document) => {
      cards(document, 0)[0]?.widgets.splice(0, 1);
    });
    const theirs = edited((document) => {
      widgetOf(document, 0).data.title = 'Power';
    });
    expect(mergeDocuments(page(), mine, theirs).clashes).toEqual([
      {
        pointer: '/rows/0/columns/0/cards/0/widgets/0',
        in: 'theirs',
        base: page().rows[0]?.columns[0]?.cards[0]?.widgets[0],
        mine: undefined,
        theirs: cards(theirs, 0)[0]?.widgets[0],
      },
    ]);
    const three = (order: string[]) => ({ rows: order.map((key) => ({ key, columns: [] })) });
    expect(
      mergeDocuments(three(['x', 'y', 'z']), three(['z', 'x', 'y']), three(['y', 'x', 'z'])).clashes,
    ).toEqual([
      { pointer: '/rows', in: 'mine', base: ['x', 'y', 'z'], mine: ['z', 'x', 'y'], theirs: ['y', 'x', 'z'] },
    ]);
  });

  it('takes a change both made alike once', () => {
    const both = edited((document) => {
      document.title = 'Same';
    });
    expect(
      mergeDocuments(
        page(),
        both,
        edited((document) => (document.title = 'Same')),
      ),
    ).toEqual({
      merged: both,
      clashes: [],
    });
  });
});
