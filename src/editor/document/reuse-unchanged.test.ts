import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { withoutProtoKeys } from './patch.test-helper';
import { reuseUnchanged } from './reuse-unchanged';

describe('reuseUnchanged', () => {
  it('keeps the parts that did not change, and only those', () => {
    const before = {
      rows: [
        { key: 'a', n: 1 },
        { key: 'b', n: 2 },
      ],
      title: 't',
    };
    const after = reuseUnchanged(
      before,
      JSON.parse('{"rows":[{"key":"a","n":1},{"key":"b","n":3}],"title":"t"}'),
    );
    expect(after.rows[0]).toBe(before.rows[0]);
    expect(after.rows[1]).not.toBe(before.rows[1]);
    expect(after).toEqual({
      rows: [
        { key: 'a', n: 1 },
        { key: 'b', n: 3 },
      ],
      title: 't',
    });
    expect(reuseUnchanged(before, structuredClone(before))).toBe(before);
  });

  it('keeps a change of key order, which the text shows', () => {
    const before = { a: 1, b: 2 };
    expect(Object.keys(reuseUnchanged(before, { b: 2, a: 1 }))).toEqual(['b', 'a']);
  });

  it('always gives a value equal to the new one (property)', () => {
    const json = fc.jsonValue().map(withoutProtoKeys);
    fc.assert(
      fc.property(json, json, (before, after) => {
        expect(reuseUnchanged(before, after)).toEqual(after);
      }),
      { numRuns: 300 },
    );
  });
});
