import { childPointer } from './validation/issue';

/**
 * Every widget of a document with its JSON Pointer, read defensively so it
 * also works on a document that has not passed validation.
 */
export function widgetsIn(document: unknown): { widget: unknown; pointer: string }[] {
  const widgets: { widget: unknown; pointer: string }[] = [];
  arrayField(document, 'rows').forEach((row, rowIndex) => {
    const rowPointer = childPointer('/rows', rowIndex);
    arrayField(row, 'columns').forEach((column, columnIndex) => {
      const columnPointer = childPointer(childPointer(rowPointer, 'columns'), columnIndex);
      arrayField(column, 'cards').forEach((card, cardIndex) => {
        const cardPointer = childPointer(childPointer(columnPointer, 'cards'), cardIndex);
        arrayField(card, 'widgets').forEach((widget, widgetIndex) => {
          widgets.push({ widget, pointer: childPointer(childPointer(cardPointer, 'widgets'), widgetIndex) });
        });
      });
    });
  });
  return widgets;
}

/**
 * Every widget name used in a document, read as widgetsIn reads it. Walked
 * without making pointers: the editor asks this on every edit of the page.
 */
export function widgetNamesIn(document: unknown): Set<string> {
  const names = new Set<string>();
  for (const row of arrayField(document, 'rows'))
    for (const column of arrayField(row, 'columns'))
      for (const card of arrayField(column, 'cards'))
        for (const widget of arrayField(card, 'widgets')) {
          const name = (widget as { name?: unknown } | null)?.name;
          if (typeof name === 'string') names.add(name);
        }
  return names;
}

function arrayField(value: unknown, field: string): unknown[] {
  const items =
    typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[field] : undefined;
  return Array.isArray(items) ? items : [];
}
