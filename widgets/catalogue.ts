/**
 * What each widget's schema says about it: description, category and
 * examples. For the gallery and the layout editor; the dashboard itself
 * needs only the registry.
 */
export interface CatalogueEntry {
  name: string;
  description: string;
  category: string;
  examples: readonly Record<string, unknown>[];
  schema: Record<string, unknown>;
}

const schemas = import.meta.glob<Record<string, unknown>>('../schemas/widgets/*.schema.json', {
  eager: true,
  import: 'default',
});

export const catalogue: readonly CatalogueEntry[] = Object.entries(schemas)
  .map(([path, schema]) => entryFor(path, schema))
  .sort((a, b) => a.name.localeCompare(b.name));

export function catalogueEntry(name: string): CatalogueEntry | undefined {
  return catalogue.find((entry) => entry.name === name);
}

function entryFor(path: string, schema: Record<string, unknown>): CatalogueEntry {
  const name = path.replace(/^.*\//, '').replace('.schema.json', '');
  return {
    name,
    description: String(schema.description ?? ''),
    category: String(schema['x-category'] ?? 'other'),
    examples: (schema.examples as Record<string, unknown>[] | undefined) ?? [],
    schema,
  };
}
