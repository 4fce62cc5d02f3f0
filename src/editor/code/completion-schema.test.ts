import { describe, expect, it } from 'vitest';
import pageSchema from '../../../schemas/page.schema.json';
import { completionSchema } from './completion-schema';

type Schema = Record<string, unknown> & {
  properties?: Record<string, Schema>;
  items?: Schema;
  oneOf?: Schema[];
};

describe('completionSchema', () => {
  const schema = completionSchema(pageSchema) as Schema;

  it('writes every reference out in place', () => {
    expect(JSON.stringify(schema)).not.toContain('"$ref"');
    expect(schema).not.toHaveProperty('definitions');
  });

  it('reaches a widget’s props from the page, its branch marked as chosen by name', () => {
    const cards = schema.properties?.rows?.items?.properties?.columns?.items?.properties?.cards;
    const widget = cards?.items?.properties?.widgets?.items;
    expect(widget?.oneOfProperty).toBe('name');
    const kpi = widget?.oneOf?.find((branch) => branch.properties?.name?.const === 'kpi');
    expect(Object.keys(kpi?.properties?.data?.properties ?? {})).toContain('figure');
  });

  it('keeps what a reference stands beside, and the descriptions hover shows', () => {
    const span = schema.properties?.rows?.items?.properties?.columns?.items?.properties?.span;
    expect(span?.description).toMatch(/^A width/);
    const referenced = completionSchema({
      definitions: { width: { enum: [3, 4], description: 'Columns.' } },
      properties: { span: { $ref: '#/definitions/width', description: 'The span.' } },
    }) as Schema;
    expect(referenced.properties?.span).toEqual({ enum: [3, 4], description: 'The span.' });
  });

  it('refuses a reference to nothing or to itself', () => {
    expect(() => completionSchema({ properties: { a: { $ref: '#/definitions/none' } } })).toThrow(/none/);
    expect(() =>
      completionSchema({
        definitions: { node: { properties: { child: { $ref: '#/definitions/node' } } } },
        properties: { root: { $ref: '#/definitions/node' } },
      }),
    ).toThrow(/itself/);
  });
});
