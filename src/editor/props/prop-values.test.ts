import { describe, expect, it } from 'vitest';
import { freeKey, moveItem, newValueFor, withKeyRenamed, withProp } from './prop-values';

describe('prop values', () => {
  it('set a prop in its place, and remove it for undefined', () => {
    expect(Object.keys(withProp({ a: 1, b: 2 }, 'a', 3))).toEqual(['a', 'b']);
    expect(withProp({ a: 1, b: 2 }, 'a', undefined)).toEqual({ b: 2 });
  });

  it('rename a key in its place', () => {
    expect(Object.entries(withKeyRenamed({ a: 1, b: 2, c: 3 }, 'b', 'x'))).toEqual([
      ['a', 1],
      ['x', 2],
      ['c', 3],
    ]);
  });

  it('move an item either way', () => {
    expect(moveItem(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moveItem(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'c', 'b']);
  });

  it('start a new item from its default, else the emptiest value of its kind', () => {
    expect(newValueFor({ type: 'string', default: 'x' })).toBe('x');
    expect(newValueFor({ type: 'string' })).toBe('');
    expect(newValueFor({ type: 'integer', minimum: 1 })).toBe(1);
    expect(newValueFor({ type: 'object', properties: {} })).toEqual({});
    expect(newValueFor({ enum: ['asc', 'desc'] })).toBe('asc');
    expect(newValueFor({ type: 'array', items: [{ type: 'number' }, { type: ['number', 'null'] }] })).toEqual(
      [0, null],
    );
  });

  it('find a key not yet used', () => {
    expect(freeKey({}, 'name')).toBe('name');
    expect(freeKey({ name: 1, 'name 2': 2 }, 'name')).toBe('name 3');
  });
});
