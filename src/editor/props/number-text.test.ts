import { describe, expect, it } from 'vitest';
import { readNumber } from './number-text';

describe('reading a typed number', () => {
  it.each([
    ['12', 12],
    [' -3 ', -3],
    ['2.5', 2.5],
    ['2,5', 2.5],
    ['.5', 0.5],
    ['1.', 1],
    ['1e3', 1000],
  ])('reads %j as %d', (text, number) => {
    expect(readNumber(text, { whole: false })).toEqual({ number });
  });

  it.each(['abc', '0x10', '12abc', '1,000.5', 'Infinity', '1e999', '--1'])('refuses %j', (text) => {
    expect(readNumber(text, { whole: false })).toEqual({ problem: 'notANumber' });
  });

  it('refuses a fraction where a whole number is wanted', () => {
    expect(readNumber('2.5', { whole: true })).toEqual({ problem: 'notWhole' });
    expect(readNumber('2.0', { whole: true })).toEqual({ number: 2 });
  });
});
