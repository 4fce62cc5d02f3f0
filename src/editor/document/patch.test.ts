import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyPatch, deepEqual } from './apply-patch';
import { PatchError } from './json-pointer';
import { withoutProtoKeys } from './patch.test-helper';
import { patchBetween } from './patch-between';

const card = (key: string, label = key) => ({
  key,
  widgets: [{ key: 'w', name: 'text', data: { text: label } }],
});
const page = (...keys: string[]) => ({
  schemaVersion: 2,
  id: 'p',
  title: 'P',
  rows: [{ key: 'r', columns: [{ key: 'c', span: 6, cards: keys.map((key) => card(key)) }] }],
});

describe('applyPatch', () => {
  it('changes only the path it patches and shares everything else with the original', () => {
    const before = page('a', 'b', 'c');
    const after = applyPatch(before, [
      { op: 'replace', path: '/rows/0/columns/0/cards/1/widgets/0/data/text', value: 'B' },
    ]);
    const cards = (document: typeof before) => document.rows[0]?.columns[0]?.cards ?? [];
    expect(cards(after)[1]?.widgets[0]?.data.text).toBe('B');
    expect(cards(before)[1]?.widgets[0]?.data.text).toBe('b');
    expect(cards(after)[0]).toBe(cards(before)[0]);
    expect(cards(after)[2]).toBe(cards(before)[2]);
    expect(cards(after)[1]).not.toBe(cards(before)[1]);
  });

  it('inserts, appends, moves and removes in arrays as RFC 6902 says', () => {
    const doc = { list: ['a', 'b', 'c'] };
    expect(applyPatch(doc, [{ op: 'add', path: '/list/1', value: 'x' }]).list).toEqual(['a', 'x', 'b', 'c']);
    expect(applyPatch(doc, [{ op: 'add', path: '/list/-', value: 'x' }]).list).toEqual(['a', 'b', 'c', 'x']);
    expect(applyPatch(doc, [{ op: 'move', from: '/list/0', path: '/list/2' }]).list).toEqual(['b', 'c', 'a']);
    expect(applyPatch(doc, [{ op: 'remove', path: '/list/1' }]).list).toEqual(['a', 'c']);
    expect(applyPatch(doc, [{ op: 'copy', from: '/list/0', path: '/list/0' }]).list).toEqual([
      'a',
      'a',
      'b',
      'c',
    ]);
  });

  it('reads escaped keys', () => {
    expect(
      applyPatch({ 'a/b': 1, '~': 2 }, [
        { op: 'replace', path: '/a~1b', value: 3 },
        { op: 'remove', path: '/~0' },
      ]),
    ).toEqual({
      'a/b': 3,
    });
  });

  it('refuses a patch that does not fit, naming where, and leaves the document as it was', () => {
    const doc = { list: ['a'], name: 'n' };
    const copy = structuredClone(doc);
    expect(() => applyPatch(doc, [{ op: 'remove', path: '/list/3' }])).toThrow(/index 3 is out of range/);
    expect(() => applyPatch(doc, [{ op: 'replace', path: '/missing', value: 1 }])).toThrow(PatchError);
    expect(() => applyPatch(doc, [{ op: 'add', path: '/name/x', value: 1 }])).toThrow(
      /not an object or array/,
    );
    expect(() => applyPatch(doc, [{ op: 'move', from: '/list', path: '/list/0' }])).toThrow(/own child/);
    expect(() => applyPatch(doc, [{ op: 'test', path: '/name', value: 'm' }])).toThrow(/test failed/);
    expect(() => applyPatch(doc, [{ op: 'remove', path: '' }])).toThrow(PatchError);
    expect(doc).toEqual(copy);
  });
});

describe('patchBetween', () => {
  it('is empty for equal documents', () => {
    expect(patchBetween(page('a'), page('a'))).toEqual([]);
  });

  it('copes with keys that objects inherit, such as "toString"', () => {
    expect(applyPatch({ toString: null }, patchBetween({ toString: null }, {}))).toEqual({});
    expect(applyPatch({}, patchBetween({}, { constructor: 1 }))).toEqual({ constructor: 1 });
  });

  it('says a card moved before its neighbour as one move', () => {
    const patch = patchBetween(page('a', 'b', 'c'), page('c', 'a', 'b'));
    expect(patch).toHaveLength(1);
    expect(patch[0]?.op).toBe('move');
  });

  it('gives a patch that turns any document into any other (property)', () => {
    fc.assert(
      fc.property(
        fc.jsonValue().map(withoutProtoKeys),
        fc.jsonValue().map(withoutProtoKeys),
        (before, after) => {
          const patched = applyPatch(before, patchBetween(before, after));
          expect(deepEqual(patched, after)).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('gives a patch that reorders, adds and removes keyed cards (property)', () => {
    const keys = fc.uniqueArray(fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'g'), { maxLength: 7 });
    fc.assert(
      fc.property(keys, keys, fc.string(), (from, to, label) => {
        const before = page(...from);
        const after = page(...to);
        const changed =
          to.length > 0
            ? applyPatch(after, [
                { op: 'replace', path: '/rows/0/columns/0/cards/0/widgets/0/data/text', value: label },
              ])
            : after;
        expect(applyPatch(before, patchBetween(before, changed))).toEqual(changed);
      }),
      { numRuns: 300 },
    );
  });
});
