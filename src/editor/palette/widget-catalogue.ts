import pageSchema from '../../../schemas/page.schema.json';

/** A widget as the palette and the inspector know it: from its props schema in the page schema. */
export interface CatalogueWidget {
  name: string;
  description: string;
  category: string;
  examples: readonly Record<string, unknown>[];
  /**
   * What the widget starts with when added from the palette: its schema's
   * x-initial where it gives one, else its first example. A widget that reads
   * the organisation's data says x-initial: its examples pick the demo
   * organisation's points and tags, which a new organisation does not have.
   */
  initial: Record<string, unknown>;
  /** Its props schema (definitions[`${Pascal}Props`]), refs inlined. */
  props: Record<string, unknown>;
}

type Definitions = Record<string, Record<string, unknown>>;
const definitions = (pageSchema as { definitions: Definitions }).definitions;

/**
 * Every widget of the page schema, which `npm run gen` builds from schemas/widgets/: the same names the
 * registry has (widgets/registry.test.ts holds the two together), so the palette offers nothing the page
 * could not render.
 */
export const catalogue: readonly CatalogueWidget[] = Object.entries(definitions)
  .filter(([title]) => title.endsWith('Widget') && title !== 'widget')
  .flatMap(([title, branch]) => {
    const name = (branch.properties as { name?: { const?: unknown } } | undefined)?.name?.const;
    const props = definitions[title.replace(/Widget$/, 'Props')];
    if (typeof name !== 'string' || !props) return [];
    const examples = (props.examples as Record<string, unknown>[] | undefined) ?? [];
    return [
      {
        name,
        description: String(props.description ?? ''),
        category: String(props['x-category'] ?? 'other'),
        examples,
        initial: (props['x-initial'] as Record<string, unknown> | undefined) ?? examples[0] ?? {},
        props,
      },
    ];
  })
  .sort((a, b) => a.name.localeCompare(b.name));

export function catalogueWidget(name: string): CatalogueWidget | undefined {
  return catalogue.find((widget) => widget.name === name);
}

/** The page schema itself, for code mode's completion and hover. */
export { pageSchema };
