import stat from '../../schemas/widgets/stat.schema.json';
import text from '../../schemas/widgets/text.schema.json';

/**
 * The editor benchmark's page: 50 rows of 4 columns of span 3, one card of
 * one widget each, stat and text in turn, with the first example of each
 * schema as data. Both widgets show static props and ask the API nothing, so
 * the figures are of the editor, not of the network.
 */
export const ROWS = 50;
export const COLUMNS_PER_ROW = 4;
export const CARDS = ROWS * COLUMNS_PER_ROW;

// The first example of each widget's schema is the data every card of its kind shows.
const STAT_DATA = stat.examples[0] as (typeof stat.examples)[number];
const TEXT_DATA = text.examples[0] as (typeof text.examples)[number];

/** The card whose stat label the prop-edit case types into: the first, in view at the top of both pages. */
export const EDITED_CARD = 'c0';
export const EDITED_LABEL = STAT_DATA.label;

/** The row and its first column, which the drag case moves across the row and back. */
export const DRAGGED_ROW = 'r0';
export const DRAGGED_COLUMN = 'k0';

export function benchDocument(): Record<string, unknown> {
  const rows = Array.from({ length: ROWS }, (_, row) => ({
    key: `r${row}`,
    columns: Array.from({ length: COLUMNS_PER_ROW }, (_, column) =>
      benchColumn(row * COLUMNS_PER_ROW + column),
    ),
  }));
  return { schemaVersion: 2, id: 'editor-bench', title: 'Editor benchmark page', rows };
}

function benchColumn(index: number) {
  const isStat = index % 2 === 0;
  const widget = isStat
    ? { key: 'w', name: 'stat', data: structuredClone(STAT_DATA) }
    : { key: 'w', name: 'text', data: structuredClone(TEXT_DATA) };
  return {
    key: `k${index}`,
    span: 3,
    cards: [{ key: `c${index}`, title: `Card ${index}`, widgets: [widget] }],
  };
}

/**
 * The document with the edited card's label set, sharing every node it does
 * not change, as the editor's patches leave the document: what the plain page
 * re-renders is the same change the editor makes.
 */
export function withEditedLabel(document: Record<string, unknown>, label: string): Record<string, unknown> {
  const rows = document.rows as { columns: { cards: { widgets: { data: object }[] }[] }[] }[];
  const [row, ...otherRows] = rows;
  const [column, ...otherColumns] = row?.columns ?? [];
  const [card, ...otherCards] = column?.cards ?? [];
  const [widget, ...otherWidgets] = card?.widgets ?? [];
  if (!widget) throw new Error('the bench document has no first widget');
  const edited = { ...widget, data: { ...widget.data, label } };
  return {
    ...document,
    rows: [
      {
        ...row,
        columns: [
          { ...column, cards: [{ ...card, widgets: [edited, ...otherWidgets] }, ...otherCards] },
          ...otherColumns,
        ],
      },
      ...otherRows,
    ],
  };
}
