import { describe, expect, it } from 'vitest';
import { compareWith } from './change';

describe('comparison', () => {
  it('gives a percentage only against a previous figure that is there and not zero', () => {
    expect(compareWith(105, 100)).toEqual({ kind: 'change', percent: 5 });
    expect(compareWith(90, null)).toEqual({ kind: 'no-previous' });
    expect(compareWith(90, 0)).toEqual({ kind: 'previous-zero' });
    expect(compareWith(0, 0)).toEqual({ kind: 'change', percent: 0 });
    expect(compareWith(null, 10)).toEqual({ kind: 'no-previous' });
    expect(compareWith(-5, -10)).toEqual({ kind: 'change', percent: 50 });
  });
});
