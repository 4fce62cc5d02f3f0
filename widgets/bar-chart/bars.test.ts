import { describe, expect, it } from 'vitest';
import { toBarRows } from './bars';

describe('bar chart rows', () => {
  it('flattens values under their label and leaves missing values out instead of drawing zero', () => {
    expect(toBarRows([{ label: 'Mon', values: { electricity: 812, gas: null } }])).toEqual([
      { label: 'Mon', electricity: 812 },
    ]);
  });
});
