import { childPointer, type LayoutIssue } from '../../src/engine/validation/issue';

/** Far deeper than any real page (a widget's props sit 9 levels down); checked before validation walks it. */
export const MAX_PAGE_DEPTH = 40;
/** A page past this is slow to validate and to draw; more belongs on pages under a dashboard. */
export const MAX_PAGE_WIDGETS = 500;

/** The first limit a document breaks, at its pointer in the document; undefined when it keeps to both. */
export function pageLimitIssue(document: unknown): LayoutIssue | undefined {
  return tooDeep(document) ?? tooManyWidgets(document);
}

function tooDeep(document: unknown): LayoutIssue | undefined {
  const pending: { value: unknown; pointer: string; depth: number }[] = [
    { value: document, pointer: '', depth: 1 },
  ];
  while (pending.length > 0) {
    const { value, pointer, depth } = pending.pop() as (typeof pending)[number];
    if (value === null || typeof value !== 'object') continue;
    if (depth > MAX_PAGE_DEPTH) {
      return {
        pointer,
        message: `is nested too deeply: a page goes at most ${MAX_PAGE_DEPTH} levels deep in objects and lists`,
      };
    }
    for (const [key, child] of Object.entries(value).reverse()) {
      pending.push({ value: child, pointer: childPointer(pointer, key), depth: depth + 1 });
    }
  }
  return undefined;
}

function tooManyWidgets(document: unknown): LayoutIssue | undefined {
  let count = 0;
  for (const [rowIndex, row] of listOf(document, 'rows').entries()) {
    for (const [columnIndex, column] of listOf(row, 'columns').entries()) {
      for (const [cardIndex, card] of listOf(column, 'cards').entries()) {
        const widgets = listOf(card, 'widgets');
        if (count + widgets.length > MAX_PAGE_WIDGETS) {
          const pointer = `/rows/${rowIndex}/columns/${columnIndex}/cards/${cardIndex}/widgets/${MAX_PAGE_WIDGETS - count}`;
          return {
            pointer,
            message: `is widget ${MAX_PAGE_WIDGETS + 1} of the page; a page holds at most ${MAX_PAGE_WIDGETS}. Move some to a page under this one`,
          };
        }
        count += widgets.length;
      }
    }
  }
  return undefined;
}

/** A field that should be a list, read defensively: the document has not been validated yet. */
function listOf(value: unknown, field: string): unknown[] {
  const items =
    typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[field] : undefined;
  return Array.isArray(items) ? items : [];
}
