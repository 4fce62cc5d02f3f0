import { describe, expect, it } from 'vitest';
import { applyPatch } from '../document/apply-patch';
import { gridItems, patchFromGrid, snapWidth, widthAt, withWidthAt } from './grid-placement';

const row = {
  key: 'r',
  columns: [
    { key: 'a', span: 4, cards: [] },
    { key: 'b', span: 8, cards: [] },
    { key: 'c', span: { base: 12, md: 6 }, cards: [] },
  ],
};
const page = { rows: [row] };

describe('grid placement', () => {
  it('snaps a dragged width to one the schema allows', () => {
    expect([1, 3, 5, 7, 10, 11, 13].map(snapWidth)).toEqual([3, 3, 6, 8, 9, 12, 12]);
  });

  it('reads a width per breakpoint as the page does', () => {
    expect(widthAt(4, 'base')).toBe(12);
    expect(widthAt(4, 'lg')).toBe(4);
    expect(widthAt({ base: 6, lg: 3 }, 'md')).toBe(6);
    expect(widthAt({ base: 6, lg: 3 }, 'xl')).toBe(3);
  });

  it('writes a width at one breakpoint in the shortest form', () => {
    expect(withWidthAt(4, 'md', 8)).toBe(8);
    expect(withWidthAt(4, 'lg', 8)).toEqual({ md: 4, lg: 8 });
    expect(withWidthAt({ md: 4, lg: 8 }, 'md', 6)).toEqual({ md: 6, lg: 8 });
    expect(withWidthAt(4, 'base', 6)).toEqual({ base: 6, md: 4 });
    expect(withWidthAt({ base: 12, md: 6 }, 'md', 12)).toBe(12);
  });

  it('places columns line by line, wrapping when 12 are full', () => {
    expect(gridItems(row.columns, 'lg')).toEqual([
      { i: 'a', x: 0, y: 0, w: 4, h: 1 },
      { i: 'b', x: 4, y: 0, w: 8, h: 1 },
      { i: 'c', x: 0, y: 1, w: 6, h: 1 },
    ]);
  });

  it('turns a resize from 4 to 8 and a move before the neighbour into a patch', () => {
    const placed = [
      { i: 'a', x: 8, y: 0, w: 7, h: 1 },
      { i: 'b', x: 0, y: 0, w: 8, h: 1 },
      { i: 'c', x: 0, y: 1, w: 6, h: 1 },
    ];
    const after = applyPatch(page, patchFromGrid('/rows/0', row.columns, placed, 'lg'));
    expect(after.rows[0]?.columns.map((column) => [column.key, column.span])).toEqual([
      ['b', 8],
      ['a', 8],
      ['c', { base: 12, md: 6 }],
    ]);
    // On a phone, a plain width gains a width of its own for the phone.
    const onPhone = applyPatch(
      page,
      patchFromGrid('/rows/0', row.columns, [{ i: 'a', x: 0, y: 0, w: 6, h: 1 }], 'base'),
    );
    expect(onPhone.rows[0]?.columns[0]?.span).toEqual({ base: 6, md: 4 });
  });

  it('makes no patch when nothing moved', () => {
    expect(patchFromGrid('/rows/0', row.columns, gridItems(row.columns, 'md'), 'md')).toEqual([]);
  });
});
