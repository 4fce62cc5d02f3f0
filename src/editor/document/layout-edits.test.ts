import { describe, expect, it } from 'vitest';
import { applyPatch } from './apply-patch';
import { valueAt } from './json-pointer';
import {
  addColumn,
  addRow,
  addWidget,
  duplicate,
  freshKey,
  type LayoutEdit,
  moveCard,
  moveSibling,
  remove,
  setField,
} from './layout-edits';
import { enclosing, layoutNodeOf, nodeAddress } from './layout-nodes';

const card = (key: string) => ({ key, widgets: [{ key: 'w', name: 'text', data: { text: key } }] });
const page = {
  schemaVersion: 2,
  id: 'p',
  title: 'P',
  rows: [
    {
      key: 'top',
      columns: [
        { key: 'left', span: 4, cards: [card('a'), card('b')] },
        { key: 'right', span: 8, cards: [card('c')] },
      ],
    },
    { key: 'bottom', columns: [{ key: 'only', span: 12, cards: [card('d')] }] },
  ],
};

function keysOf(document: unknown) {
  return (document as typeof page).rows.map((row) =>
    row.columns.map((column) => column.cards.map((c) => c.key).join('')).join('|'),
  );
}

function patched(edit: LayoutEdit | undefined) {
  if (!edit) throw new Error('no edit');
  return applyPatch(page, edit.patch);
}

describe('layout nodes', () => {
  it('finds the node a pointer lies in', () => {
    expect(layoutNodeOf('/rows/0/columns/1/cards/0/widgets/0/data/text')).toBe(
      '/rows/0/columns/1/cards/0/widgets/0',
    );
    expect(layoutNodeOf('/rows/1/key')).toBe('/rows/1');
    expect(layoutNodeOf('/title')).toBe('');
    expect(nodeAddress('/rows/0/columns/1/span')).toEqual({ kind: 'column', row: 0, column: 1 });
    expect(enclosing('/rows/0/columns/1/cards/0/widgets/0', 'card')).toBe('/rows/0/columns/1/cards/0');
    expect(enclosing('/rows/0', 'card')).toBeUndefined();
  });
});

describe('layout edits', () => {
  it('picks a key no sibling has', () => {
    expect(freshKey([{ key: 'kpi' }, { key: 'kpi-2' }], 'kpi')).toBe('kpi-3');
    expect(freshKey([], 'bar chart!')).toBe('bar-chart');
  });

  it('moves a card up, down, and across columns and rows with the arrow keys', () => {
    expect(keysOf(patched(moveCard(page, '/rows/0/columns/0/cards/1', 'up')))).toEqual(['ba|c', 'd']);
    expect(keysOf(patched(moveCard(page, '/rows/0/columns/0/cards/1', 'right')))).toEqual(['a|bc', 'd']);
    expect(keysOf(patched(moveCard(page, '/rows/0/columns/1/cards/0', 'right')))).toEqual(['ab|', 'cd']);
    expect(keysOf(patched(moveCard(page, '/rows/1/columns/0/cards/0', 'left')))).toEqual(['ab|cd', '']);
    expect(moveCard(page, '/rows/0/columns/0/cards/0', 'up')).toBeUndefined();
    expect(moveCard(page, '/rows/0/columns/0/cards/0', 'left')).toBeUndefined();
    expect(moveCard(page, '/rows/1/columns/0/cards/0', 'right')).toBeUndefined();
  });

  it('says where a moved card went', () => {
    const edit = moveCard(page, '/rows/0/columns/0/cards/0', 'right');
    expect(edit?.select).toBe('/rows/0/columns/1/cards/0');
    expect(edit?.announce?.values).toMatchObject({ card: 'text', position: 1, count: 2, row: 1, column: 2 });
    // The canvas names the card as it labels it, in the person's language.
    const named = moveCard(page, '/rows/0/columns/0/cards/0/widgets/0', 'right', 'Texte');
    expect(named?.announce?.values).toMatchObject({ card: 'Texte', position: 1 });
  });

  it('adds a widget after the selected card, in a selected column, or in a new row', () => {
    const widget = { name: 'kpi', data: { label: 'x' } };
    const afterCard = addWidget(page, '/rows/0/columns/0/cards/0/widgets/0', widget);
    expect(afterCard.select).toBe('/rows/0/columns/0/cards/1/widgets/0');
    expect(valueAt(patched(afterCard), afterCard.select)).toEqual({
      key: 'kpi',
      name: 'kpi',
      data: { label: 'x' },
    });
    const inColumn = addWidget(page, '/rows/0/columns/1', widget);
    expect(inColumn.select).toBe('/rows/0/columns/1/cards/1/widgets/0');
    const atEnd = addWidget(page, undefined, widget);
    expect(atEnd.select).toBe('/rows/2/columns/0/cards/0/widgets/0');
    expect(valueAt(patched(atEnd), '/rows/2/key')).toBe('row');
  });

  it('duplicates under a fresh key and removes with a sensible selection after', () => {
    const copy = duplicate(page, '/rows/0/columns/0/cards/0');
    expect(keysOf(patched(copy))).toEqual(['aa-copyb|c', 'd']);
    expect(remove(page, '/rows/0/columns/1/cards/0')?.select).toBe('/rows/0/columns/1');
    expect(remove(page, '/rows/0/columns/0/cards/1')?.select).toBe('/rows/0/columns/0/cards/0');
    expect(remove(page, '/rows/9')).toBeUndefined();
  });

  it('adds rows and columns that fill what is left of the line', () => {
    expect(patched(addRow(page, 0)).rows[0]?.columns[0]).toEqual({ key: 'main', span: 12, cards: [] });
    const column = addColumn(page, '/rows/1');
    expect(valueAt(patched(column), column.select)).toMatchObject({ span: 12 });
    const narrow = { ...page, rows: [{ key: 'r', columns: [{ key: 'a', span: 8, cards: [] }] }] };
    expect(valueAt(applyPatch(narrow, addColumn(narrow, '/rows/0').patch), '/rows/0/columns/1/span')).toBe(4);
  });

  it('sets a field, and takes an optional one out when emptied', () => {
    expect(setField(page, '/rows/0/columns/0/cards/0/title', 'T')).toEqual([
      { op: 'add', path: '/rows/0/columns/0/cards/0/title', value: 'T' },
    ]);
    expect(setField(page, '/title', undefined)).toEqual([{ op: 'remove', path: '/title' }]);
    expect(setField(page, '/description', undefined)).toEqual([]);
  });

  it('moves a column within its row', () => {
    expect(keysOf(patched(moveSibling(page, '/rows/0/columns/0', 1)))).toEqual(['c|ab', 'd']);
    expect(moveSibling(page, '/rows/0/columns/0', -1)).toBeUndefined();
  });
});
