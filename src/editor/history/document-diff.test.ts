import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18next } from '../../i18n/i18n';
import { valueAt as at } from '../document/json-pointer';
import { describeNode } from './describe-node';
import { diffDocuments } from './document-diff';
import { type EnergyPage, edited, energyPage } from './document-diff.test-helper';

const WIDGET = '/rows/0/columns/0/cards/0/widgets/0';

describe('the difference between two layout documents', () => {
  it('is empty for equal documents', () => {
    expect(diffDocuments(energyPage(), energyPage())).toEqual({ changes: [], count: 0 });
  });

  it('says a column dragged within its row is one move, from where to where', () => {
    const after = edited((page) => {
      const water = page.rows[0]?.columns.pop();
      if (water) page.rows[0]?.columns.unshift(water);
    });
    expect(diffDocuments(energyPage(), after)).toEqual({
      changes: [{ kind: 'moved', pointer: '/rows/0/columns/0', from: '/rows/0/columns/2' }],
      count: 1,
    });
  });

  it('says a card dragged to another column is one move', () => {
    const after = edited((page) => {
      const [electricity, gas] = page.rows[0]?.columns ?? [];
      const peak = electricity?.cards.pop();
      if (peak) gas?.cards.push(peak);
    });
    expect(diffDocuments(energyPage(), after).changes).toEqual([
      { kind: 'moved', pointer: '/rows/0/columns/1/cards/1', from: '/rows/0/columns/0/cards/1' },
    ]);
  });

  it("gives a changed prop's value before and after, at its place", () => {
    const after = edited((page) => {
      const widget = page.rows[0]?.columns[0]?.cards[0]?.widgets[0];
      if (widget) widget.data.precision = 1;
    });
    expect(diffDocuments(energyPage(), after).changes).toEqual([
      { kind: 'changed', pointer: `${WIDGET}/data/precision`, before: 0, after: 1 },
    ]);
  });

  it('says what was added, and what was removed at its place in the old document', () => {
    const after = edited((page) => {
      // A row inserted first moves every other row down one: the removal is named where it was.
      page.rows[0]?.columns[0]?.cards.pop();
      page.rows.unshift({ key: 'notes', columns: [] });
    });
    expect(diffDocuments(energyPage(), after).changes).toEqual([
      { kind: 'added', pointer: '/rows/0', after: { key: 'notes', columns: [] } },
      {
        kind: 'removed',
        pointer: '/rows/0/columns/0/cards/1',
        before: { key: 'peak', title: 'Peak', widgets: [] },
      },
    ]);
  });

  it('names the changes inside a moved item where they are now', () => {
    const after = edited((page) => {
      const water = page.rows[0]?.columns.pop();
      if (!water) return;
      water.span = 12;
      page.rows[0]?.columns.unshift(water);
    });
    expect(diffDocuments(energyPage(), after).changes).toEqual([
      { kind: 'moved', pointer: '/rows/0/columns/0', from: '/rows/0/columns/2' },
      { kind: 'changed', pointer: '/rows/0/columns/0/span', before: 6, after: 12 },
    ]);
  });

  it('says a value changing shape (one span for all widths to one per breakpoint) is one change', () => {
    const after = edited((page) => {
      const gas = page.rows[0]?.columns[1];
      if (gas) gas.span = { base: 12, md: 4 };
    });
    expect(diffDocuments(energyPage(), after).changes).toEqual([
      { kind: 'changed', pointer: '/rows/0/columns/1/span', before: 6, after: { base: 12, md: 4 } },
    ]);
  });

  it('says an item without a key edited in its place (a bar relabelled) is one change', () => {
    const after = edited((page) => {
      const bars = page.rows[1]?.columns[0]?.cards[0]?.widgets[0]?.data.bars as unknown[] | undefined;
      if (bars) bars[1] = { label: 'Lyon', values: [2] };
    });
    expect(diffDocuments(energyPage(), after).changes).toEqual([
      {
        kind: 'changed',
        pointer: '/rows/1/columns/0/cards/0/widgets/0/data/bars/1',
        before: { label: 'Paris', values: [2] },
        after: { label: 'Lyon', values: [2] },
      },
    ]);
  });

  it('escapes property names in pointers as RFC 6901 says', () => {
    const after = { ...energyPage(), 'a/b~c': true };
    expect(diffDocuments(energyPage(), after).changes).toEqual([
      { kind: 'added', pointer: '/a~1b~0c', after: true },
    ]);
  });
});

describe('the name of a node', () => {
  beforeAll(() => i18next.loadNamespaces('editor-history'));
  const t = () => i18next.getFixedT('en-US', 'editor-history');

  it('walks from the row to the widget by keys, a card by its title, then the props', () => {
    expect(describeNode(energyPage(), WIDGET, t())).toBe(
      'Row figures › Column electricity › Card Electricity › Widget kwh (stat)',
    );
    expect(describeNode(energyPage(), `${WIDGET}/data/precision`, t())).toBe(
      'Row figures › Column electricity › Card Electricity › Widget kwh (stat) › data › precision',
    );
  });

  it('names a card without a title by its key, and items of a prop by their position', () => {
    expect(describeNode(energyPage(), '/rows/1/columns/0/cards/0/widgets/0/data/bars/1/label', t())).toBe(
      'Row charts › Column usage › Card bars › Widget by-site (bar-chart) › data › bars › item 2 › label',
    );
  });

  it('names the page itself, and its own fields', () => {
    expect(describeNode(energyPage(), '', t())).toBe('Page');
    expect(describeNode(energyPage(), '/title', t())).toBe('title');
  });

  it('names by position a node the document does not have', () => {
    expect(describeNode(energyPage(), '/rows/5/columns/0', t())).toBe('Row 6 › Column 1');
  });
});

describe('the pointers of a difference, for any edits', () => {
  let made = 0;
  /** One edit as the editor makes them: by an operation's name and three numbers choosing where. */
  function apply(page: EnergyPage, [operation, a, b, c]: [string, number, number, number]): void {
    const row = page.rows[a % page.rows.length];
    const columns = row?.columns ?? [];
    const column = columns[b % Math.max(columns.length, 1)];
    const other = columns[c % Math.max(columns.length, 1)];
    made++;
    if (operation === 'move column' && row && columns.length > 0) {
      const [moved] = columns.splice(b % columns.length, 1);
      if (moved) columns.splice(c % (columns.length + 1), 0, moved);
    } else if (operation === 'move card' && column && other && column.cards.length > 0) {
      const [moved] = column.cards.splice(c % column.cards.length, 1);
      if (moved) other.cards.splice(a % (other.cards.length + 1), 0, moved);
    } else if (operation === 'remove card' && column && column.cards.length > 0) {
      column.cards.splice(c % column.cards.length, 1);
    } else if (operation === 'add card' && column) {
      column.cards.splice(c % (column.cards.length + 1), 0, { key: `new-${made}`, widgets: [] });
    } else if (operation === 'add row') {
      page.rows.splice(a % (page.rows.length + 1), 0, { key: `row-${made}`, columns: [] });
    } else if (operation === 'remove row' && page.rows.length > 0) {
      page.rows.splice(a % page.rows.length, 1);
    } else if (operation === 'retitle card' && column && column.cards.length > 0) {
      const card = column.cards[c % column.cards.length];
      if (card) card.title = `Title ${made}`;
    }
  }

  const EDIT = fc.tuple(
    fc.constantFrom(
      'move column',
      'move card',
      'remove card',
      'add card',
      'add row',
      'remove row',
      'retitle card',
    ),
    fc.nat(20),
    fc.nat(20),
    fc.nat(20),
  );

  it('name places that hold what the change says, in the document each belongs to', () => {
    fc.assert(
      fc.property(fc.array(EDIT, { maxLength: 8 }), (edits) => {
        const after = edited((page) => {
          for (const edit of edits) apply(page, edit);
        });
        const before = energyPage();
        for (const change of diffDocuments(before, after).changes) {
          if (change.kind === 'removed') expect(at(before, change.pointer)).toEqual(change.before);
          if (change.kind === 'added' || change.kind === 'changed')
            expect(at(after, change.pointer)).toEqual(change.after);
          if (change.kind === 'moved')
            expect((at(after, change.pointer) as { key: string }).key).toBe(
              (at(before, change.from ?? '') as { key: string }).key,
            );
        }
      }),
      { numRuns: 300 },
    );
  });
});
