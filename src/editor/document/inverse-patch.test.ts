import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyPatch, type Patch } from './apply-patch';
import { applyWithInverse } from './inverse-patch';
import { withoutProtoKeys } from './patch.test-helper';
import { patchBetween } from './patch-between';

const jsonDocument = fc.jsonValue({ maxDepth: 4 }).map(withoutProtoKeys);

/** Applies the patch, checks the result, and checks that its inverse brings the start back. */
function roundTrip(start: unknown, patch: Patch, expected: unknown): void {
  const { document, inverse } = applyWithInverse(start, patch);
  expect(document).toEqual(expected);
  expect(applyPatch(document, inverse)).toEqual(start);
}

describe('a patch and its inverse', () => {
  const start = { title: 'a', rows: [{ key: 'r0' }, { key: 'r1' }], data: { label: 'x', unit: 'kWh' } };

  it.each<[string, Patch, unknown]>([
    [
      'replace',
      [{ op: 'replace', path: '/data/label', value: 'y' }],
      { ...start, data: { label: 'y', unit: 'kWh' } },
    ],
    [
      'add to the end',
      [{ op: 'add', path: '/rows/-', value: { key: 'r2' } }],
      { ...start, rows: [...start.rows, { key: 'r2' }] },
    ],
    [
      'add inside an array',
      [{ op: 'add', path: '/rows/0', value: 'n' }],
      { ...start, rows: ['n', ...start.rows] },
    ],
    ['add a new member', [{ op: 'add', path: '/id', value: 'p' }], { ...start, id: 'p' }],
    ['add over a member', [{ op: 'add', path: '/title', value: 'b' }], { ...start, title: 'b' }],
    ['remove', [{ op: 'remove', path: '/rows/0' }], { ...start, rows: [{ key: 'r1' }] }],
    [
      'move in an array',
      [{ op: 'move', from: '/rows/0', path: '/rows/1' }],
      { ...start, rows: [{ key: 'r1' }, { key: 'r0' }] },
    ],
    [
      'move over a member',
      [{ op: 'move', from: '/data/unit', path: '/title' }],
      { ...start, title: 'kWh', data: { label: 'x' } },
    ],
    [
      'copy',
      [{ op: 'copy', from: '/rows/1', path: '/rows/0' }],
      { ...start, rows: [{ key: 'r1' }, ...start.rows] },
    ],
    ['replace the whole', [{ op: 'replace', path: '', value: [] }], []],
    [
      'test, then two edits',
      [
        { op: 'test', path: '/title', value: 'a' },
        { op: 'remove', path: '/data' },
        { op: 'add', path: '/data', value: 1 },
      ],
      { ...start, data: 1 },
    ],
  ])('%s', (_name, patch, expected) => roundTrip(start, patch, expected));

  it('takes back every patch between two documents (property)', () => {
    fc.assert(
      fc.property(jsonDocument, jsonDocument, (before, after) => {
        roundTrip(before, patchBetween(before, after), after);
      }),
      { numRuns: 300 },
    );
  });
});
