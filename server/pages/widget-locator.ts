import { fieldError, notFound } from '../http/api-error';

/** A widget of a page: the keys from its row down to it, and where its props (`data`) are. */
export interface LocatedWidget {
  keys: string[];
  /** The JSON Pointer of the widget's `data` in the document. */
  dataPointer: string;
}

/**
 * The one widget a key names: a widget key ("kpi") or the keys from further
 * up joined by "/" ("gas/kpi", "figures/gas/gas/kpi"), matched against the
 * end of each widget's keys. Keys are unique only among siblings, so a
 * widget key several cards use must be named further up: 400 lists them.
 */
export function locateWidget(document: unknown, key: string, pageId: number): LocatedWidget {
  const wanted = key.split('/');
  const matches = widgetsOf(document).filter((widget) =>
    wanted.every((part, index) => widget.keys[widget.keys.length - wanted.length + index] === part),
  );
  const [only, ...others] = matches;
  if (!only) throw notFound(`widget "${key}" on page ${pageId}`);
  if (others.length > 0) {
    const paths = matches.map((widget) => widget.keys.join('/'));
    throw fieldError(
      '/key',
      `"${key}" names ${matches.length} widgets of page ${pageId} (${paths.join(', ')}); name one by its keys from the row down.`,
    );
  }
  return only;
}

/** The document with the widget's props replaced; the input is left as it was. */
export function withWidgetProps(document: unknown, widget: LocatedWidget, props: object): unknown {
  const copy = structuredClone(document);
  const [, ...path] = widget.dataPointer.split('/');
  const field = path.pop() as string;
  const parent = path.reduce<Record<string, unknown>>(
    (node, step) => node[step] as Record<string, unknown>,
    copy as Record<string, unknown>,
  );
  parent[field] = props;
  return copy;
}

/** Every widget of a document, read defensively: a stored document is checked only when it is saved. */
function widgetsOf(document: unknown): LocatedWidget[] {
  const found: LocatedWidget[] = [];
  for (const [r, row] of itemsOf(document, 'rows')) {
    for (const [c, column] of itemsOf(row, 'columns')) {
      for (const [k, card] of itemsOf(column, 'cards')) {
        for (const [w, widget] of itemsOf(card, 'widgets')) {
          found.push({
            keys: [row, column, card, widget].map((node) => String(node.key)),
            dataPointer: `/rows/${r}/columns/${c}/cards/${k}/widgets/${w}/data`,
          });
        }
      }
    }
  }
  return found;
}

function itemsOf(value: unknown, field: string): [number, Record<string, unknown>][] {
  const items = (value as Record<string, unknown> | null)?.[field];
  if (!Array.isArray(items)) return [];
  return [...items.entries()].filter(
    (entry): entry is [number, Record<string, unknown>] => typeof entry[1] === 'object' && entry[1] !== null,
  );
}
