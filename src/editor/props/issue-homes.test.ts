import { describe, expect, it } from 'vitest';
import { issueHomes } from './issue-homes';
import type { JsonSchema } from './json-schema';

const schema: JsonSchema = {
  type: 'object',
  properties: {
    label: { type: 'string' },
    columns: {
      type: 'array',
      items: { type: 'object', properties: { key: { type: 'string' } } },
    },
    rows: { type: 'array', items: { type: 'object', additionalProperties: { type: 'number' } } },
  },
};
const value = { label: 'L', columns: [{ key: 'a' }], rows: [{ kWh: 1 }], unknown: { deep: 1 } };

function homes(...pointers: string[]) {
  return Object.fromEntries(
    issueHomes(
      schema,
      value,
      pointers.map((pointer) => ({ pointer, message: 'bad' })),
    ),
  );
}

describe('where each issue is shown', () => {
  it('at the field of the value it points at, missing or not', () => {
    expect(homes('/label', '/columns/0/key', '/rows/0/kWh', '/columns/0/title')).toEqual({
      '/label': ['bad'],
      '/columns/0/key': ['bad'],
      '/rows/0/kWh': ['bad'],
      // The item has no field for a prop its schema does not name: its group shows it.
      '/columns/0': ['/title: bad'],
    });
  });

  it('at a list for an item it does not have, and at a prop the schema does not name', () => {
    expect(homes('/columns/3', '/unknown/deep', '/label/x')).toEqual({
      '/columns': ['/3: bad'],
      '/unknown': ['/deep: bad'],
      '/label': ['/x: bad'],
    });
  });

  it('at the top for the props themselves and for props neither there nor in the schema', () => {
    expect(homes('', '/missing')).toEqual({ '': ['bad', '/missing: bad'] });
  });
});
