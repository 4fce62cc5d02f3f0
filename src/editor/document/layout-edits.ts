import type { Patch } from './apply-patch';
import { isRecord, pointerOf, valueAt } from './json-pointer';
import { nodeAddress, nodePointer } from './layout-nodes';

/** What an edit of the layout does to the document, and which node to select after it. */
export interface LayoutEdit {
  patch: Patch;
  select: string;
  /** Said to screen readers once the edit is made (a message key and its values; see the editor's locales). */
  announce?: { key: string; values: Record<string, string | number> };
}

/** A widget as the palette adds it: its name and first props (the schema's first example). */
export interface NewWidget {
  name: string;
  data: Record<string, unknown>;
}

function listAt(document: unknown, pointer: string): unknown[] {
  const list = valueAt(document, pointer);
  return Array.isArray(list) ? list : [];
}

/** A key not yet used among the siblings: "kpi", then "kpi-2", "kpi-3"… */
export function freshKey(siblings: readonly unknown[], base: string): string {
  const taken = new Set(siblings.map((sibling) => (isRecord(sibling) ? sibling.key : undefined)));
  const stem =
    base
      .replace(/[^A-Za-z0-9_-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 70) || 'item';
  if (!taken.has(stem)) return stem;
  for (let n = 2; ; n++) if (!taken.has(`${stem}-${n}`)) return `${stem}-${n}`;
}

/** A new row at the end (or at `index`) with one full-width column to put cards in. */
export function addRow(document: unknown, index?: number): LayoutEdit {
  const rows = listAt(document, '/rows');
  const at = index ?? rows.length;
  return {
    patch: [{ op: 'add', path: pointerOf(['rows', at]), value: newRow(rows, []) }],
    select: pointerOf(['rows', at, 'columns', 0]),
    announce: { key: 'announce.rowAdded', values: { position: at + 1 } },
  };
}

/** A new column at the end of a row, as wide as the room left in its line (6 when the line is full). */
export function addColumn(document: unknown, rowPointer: string): LayoutEdit {
  const columnsPointer = `${rowPointer}/columns`;
  const columns = listAt(document, columnsPointer);
  const used = columns.reduce<number>((sum, column) => sum + mdWidth(column), 0) % 12;
  const room = 12 - used;
  const span = ([12, 9, 8, 6, 4, 3] as const).find((width) => width <= room) ?? 6;
  const column = { key: freshKey(columns, 'column'), span, cards: [] };
  return {
    patch: [{ op: 'add', path: `${columnsPointer}/-`, value: column }],
    select: `${columnsPointer}/${columns.length}`,
  };
}

function mdWidth(column: unknown): number {
  const span = isRecord(column) ? column.span : undefined;
  if (typeof span === 'number') return span;
  if (isRecord(span)) return Number(span.md ?? span.sm ?? span.base ?? 12);
  return 12;
}

/**
 * A card holding one new widget, put after the selected card, at the end of the selected column, or, with
 * nothing selected, in a new row at the end of the page.
 */
export function addWidget(document: unknown, selected: string | undefined, widget: NewWidget): LayoutEdit {
  const address = selected ? nodeAddress(selected) : undefined;
  const announce = { key: 'announce.widgetAdded', values: { widget: widget.name } };
  if (!address || address.column === undefined) {
    const rows = listAt(document, '/rows');
    const at = address ? address.row + 1 : rows.length;
    return {
      patch: [{ op: 'add', path: pointerOf(['rows', at]), value: newRow(rows, [newCard([], widget)]) }],
      select: pointerOf(['rows', at, 'columns', 0, 'cards', 0, 'widgets', 0]),
      announce,
    };
  }
  const columnPointer = nodePointer({ kind: 'column', row: address.row, column: address.column });
  const cards = listAt(document, `${columnPointer}/cards`);
  const at = address.card === undefined ? cards.length : address.card + 1;
  return {
    patch: [{ op: 'add', path: `${columnPointer}/cards/${at}`, value: newCard(cards, widget) }],
    select: `${columnPointer}/cards/${at}/widgets/0`,
    announce,
  };
}

function newRow(siblings: readonly unknown[], cards: unknown[]) {
  return { key: freshKey(siblings, 'row'), columns: [{ key: 'main', span: 12, cards }] };
}

function newCard(siblings: readonly unknown[], widget: NewWidget) {
  return {
    key: freshKey(siblings, widget.name),
    widgets: [
      {
        key: widget.name.replace(/[^A-Za-z0-9_-]/g, '-'),
        name: widget.name,
        data: structuredClone(widget.data),
      },
    ],
  };
}

/** A copy of the node right after it, under a key of its own. */
export function duplicate(document: unknown, pointer: string): LayoutEdit | undefined {
  const node = valueAt(document, pointer);
  const split = splitLast(pointer);
  if (!isRecord(node) || !split) return undefined;
  const siblings = listAt(document, split.parent);
  const copy = { ...structuredClone(node), key: freshKey(siblings, `${String(node.key ?? 'item')}-copy`) };
  const path = `${split.parent}/${split.index + 1}`;
  return { patch: [{ op: 'add', path, value: copy }], select: path };
}

/** Takes the node out; the selection goes to its parent's next sibling, previous one, or the parent. */
export function remove(document: unknown, pointer: string): LayoutEdit | undefined {
  const split = splitLast(pointer);
  if (!split || valueAt(document, pointer) === undefined) return undefined;
  const remaining = listAt(document, split.parent).length - 1;
  const next = Math.min(split.index, remaining - 1);
  const owner = split.parent.replace(/\/[^/]+$/, '');
  return {
    patch: [{ op: 'remove', path: pointer }],
    select: next >= 0 ? `${split.parent}/${next}` : owner,
  };
}

function splitLast(pointer: string): { parent: string; index: number } | undefined {
  const match = /^(.*)\/(\d+)$/.exec(pointer);
  return match ? { parent: match[1] as string, index: Number(match[2]) } : undefined;
}

export type Direction = 'up' | 'down' | 'left' | 'right';

/**
 * Moves a card one step: up and down within its column; left and right to the end of the column before or
 * the start of the column after, crossing into the row above or below at the ends of a row.
 */
export function moveCard(
  document: unknown,
  cardPointer: string,
  direction: Direction,
  /** What the announcement calls the card: the canvas passes its widget's name in the person's language. */
  name?: string,
): LayoutEdit | undefined {
  const address = nodeAddress(cardPointer);
  if (address?.kind !== 'card' && address?.kind !== 'widget') return undefined;
  const { row, column = 0, card = 0 } = address;
  const from = nodePointer({ kind: 'card', row, column, card });
  const cardsIn = (r: number, c: number) => listAt(document, pointerOf(['rows', r, 'columns', c, 'cards']));
  const columnsIn = (r: number) => listAt(document, pointerOf(['rows', r, 'columns']));
  let target: { row: number; column: number; card: number } | undefined;
  if (direction === 'up' && card > 0) target = { row, column, card: card - 1 };
  if (direction === 'down' && card < cardsIn(row, column).length - 1)
    target = { row, column, card: card + 1 };
  if (direction === 'left') {
    const before = column > 0 ? { row, column: column - 1 } : lastColumnAbove(row, columnsIn);
    if (before) target = { ...before, card: cardsIn(before.row, before.column).length };
  }
  if (direction === 'right') {
    const after =
      column < columnsIn(row).length - 1
        ? { row, column: column + 1 }
        : firstColumnBelow(row, columnsIn, listAt(document, '/rows').length);
    if (after) target = { ...after, card: 0 };
  }
  if (!target) return undefined;
  const to = pointerOf(['rows', target.row, 'columns', target.column, 'cards', target.card]);
  const total =
    cardsIn(target.row, target.column).length + (target.row === row && target.column === column ? 0 : 1);
  return {
    patch: [{ op: 'move', from, path: to }],
    select: to,
    announce: {
      key: 'announce.cardMoved',
      values: {
        card: name ?? cardName(valueAt(document, from)),
        position: target.card + 1,
        count: total,
        row: target.row + 1,
        column: target.column + 1,
      },
    },
  };
}

function lastColumnAbove(row: number, columnsIn: (row: number) => unknown[]) {
  for (let r = row - 1; r >= 0; r--) {
    const count = columnsIn(r).length;
    if (count > 0) return { row: r, column: count - 1 };
  }
  return undefined;
}

function firstColumnBelow(row: number, columnsIn: (row: number) => unknown[], rowCount: number) {
  for (let r = row + 1; r < rowCount; r++) {
    if (columnsIn(r).length > 0) return { row: r, column: 0 };
  }
  return undefined;
}

/** What a card is called in messages: its title, else its first widget's name, else its key. */
export function cardName(card: unknown): string {
  if (!isRecord(card)) return '';
  if (typeof card.title === 'string' && card.title) return card.title;
  const first = Array.isArray(card.widgets) ? card.widgets[0] : undefined;
  if (isRecord(first) && typeof first.name === 'string') return first.name;
  return String(card.key ?? '');
}

/** Moves a row, column or card one place among its siblings: -1 before its neighbour, +1 after it. */
export function moveSibling(document: unknown, pointer: string, step: -1 | 1): LayoutEdit | undefined {
  const split = splitLast(pointer);
  if (!split) return undefined;
  const count = listAt(document, split.parent).length;
  const index = split.index + step;
  if (index < 0 || index >= count) return undefined;
  const to = `${split.parent}/${index}`;
  return {
    patch: [{ op: 'move', from: pointer, path: to }],
    select: to,
    announce: { key: 'announce.moved', values: { position: index + 1, count } },
  };
}

/** Sets a field of a node, or takes it out when the value is undefined (an optional field left empty). */
export function setField(document: unknown, pointer: string, value: unknown): Patch {
  const exists = valueAt(document, pointer) !== undefined;
  if (value === undefined) return exists ? [{ op: 'remove', path: pointer }] : [];
  return [{ op: exists ? 'replace' : 'add', path: pointer, value }];
}
