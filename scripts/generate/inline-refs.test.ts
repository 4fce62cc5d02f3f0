// @vitest-environment node
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { inlineFileRefs } from './inline-refs';

/** A folder holding shared/defs.schema.json with these definitions. */
function withShared(definitions: Record<string, unknown>): string {
  const dir = mkdtempSync(join(tmpdir(), 'inline-refs-'));
  mkdirSync(join(dir, 'shared'));
  writeFileSync(
    join(dir, 'shared/defs.schema.json'),
    JSON.stringify({ $schema: 'http://json-schema.org/draft-07/schema#', $comment: 'shared', definitions }),
  );
  writeFileSync(
    join(dir, 'shared/whole.schema.json'),
    JSON.stringify({ $comment: 'whole', enum: ['a', 'b'] }),
  );
  return dir;
}

describe('inlining shared schema files', () => {
  it('puts the definition a pointer names in place of the $ref, keywords beside it winning', () => {
    const dir = withShared({ unit: { type: 'string', maxLength: 20, description: 'shared' } });
    const schema = {
      properties: {
        unit: { $ref: 'shared/defs.schema.json#/definitions/unit', description: 'own', default: 'kWh' },
        kind: { $ref: 'shared/whole.schema.json' },
        next: { $ref: '#/definitions/next' },
      },
    };
    expect(inlineFileRefs(schema, dir)).toEqual({
      properties: {
        unit: { type: 'string', maxLength: 20, description: 'own', default: 'kWh' },
        kind: { enum: ['a', 'b'] },
        next: { $ref: '#/definitions/next' },
      },
    });
  });

  it('refuses a pointer to nothing and a shared definition pointing into its own file', () => {
    const dir = withShared({ tags: { items: { $ref: '#/definitions/tag' } } });
    expect(() => inlineFileRefs({ $ref: 'shared/defs.schema.json#/definitions/nope' }, dir)).toThrow(
      'points at no schema',
    );
    expect(() => inlineFileRefs({ $ref: 'shared/defs.schema.json#/definitions/tags' }, dir)).toThrow(
      'must not $ref',
    );
  });
});
