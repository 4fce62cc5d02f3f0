import { describe, expect, it } from 'vitest';
import { effectiveKind, fieldKind } from './field-kind';
import type { JsonSchema } from './json-schema';

describe('the kind of field a schema asks for', () => {
  it.each<[JsonSchema, string]>([
    [{ type: 'string', 'x-picker': 'dataPoint' }, 'dataPoint'],
    [{ type: 'integer', 'x-picker': 'dataPointId' }, 'dataPointId'],
    [{ enum: ['today', '7d'], 'x-picker': 'period' }, 'enum'],
    [{ type: 'string' }, 'string'],
    [{ type: 'integer' }, 'number'],
    [{ type: ['number', 'null'] }, 'number'],
    [{ type: ['number', 'string', 'null'] }, 'scalarUnion'],
    [{ type: 'boolean' }, 'boolean'],
    [{ type: 'array', items: { type: 'string' } }, 'array'],
    [{ type: 'array', items: [{ type: 'number' }, { type: 'number' }] }, 'tuple'],
    [{ type: 'object', properties: {} }, 'object'],
    [{ type: 'object', additionalProperties: { type: 'number' } }, 'map'],
    [{ type: ['string', 'object'] }, 'json'],
    [{}, 'json'],
  ])('%j is edited as %s', (schema, kind) => {
    expect(fieldKind(schema)).toBe(kind);
  });

  it('shows a value of another type than the schema says as JSON, rather than bending it', () => {
    expect(effectiveKind({ type: 'string' }, 12)).toBe('json');
    expect(effectiveKind({ type: 'array', items: {} }, 'a')).toBe('json');
    expect(effectiveKind({ type: ['number', 'null'] }, null)).toBe('number');
    expect(effectiveKind({ type: 'string' }, undefined)).toBe('string');
  });
});
