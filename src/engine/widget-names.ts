/**
 * Every widget name used in a document, read defensively so it also works
 * on a document that has not passed validation.
 */
export function widgetNamesIn(document: unknown): Set<string> {
  const names = new Set<string>();
  for (const row of arrayField(document, 'rows')) {
    for (const column of arrayField(row, 'columns')) {
      for (const card of arrayField(column, 'cards')) {
        for (const widget of arrayField(card, 'widgets')) {
          const name = (widget as { name?: unknown } | null)?.name;
          if (typeof name === 'string') names.add(name);
        }
      }
    }
  }
  return names;
}

function arrayField(value: unknown, field: string): unknown[] {
  const items =
    typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[field] : undefined;
  return Array.isArray(items) ? items : [];
}
