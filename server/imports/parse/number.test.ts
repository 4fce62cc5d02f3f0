import { describe, expect, it } from 'vitest';
import { numberParser } from './number';

describe('numberParser', () => {
  const dot = numberParser('.');
  const comma = numberParser(',');

  it('reads plain, signed, fractional and exponent numbers', () => {
    expect(dot('1234.567')).toBe(1234.567);
    expect(dot('-0.5')).toBe(-0.5);
    expect(dot('+12')).toBe(12);
    expect(dot('.5')).toBe(0.5);
    expect(dot('1.')).toBe(1);
    expect(dot('1.5e3')).toBe(1500);
    expect(dot('2E-3')).toBe(0.002);
    expect(dot('  42 \t')).toBe(42);
  });

  it('reads decimal commas', () => {
    expect(comma('1234,567')).toBe(1234.567);
    expect(comma('-0,5')).toBe(-0.5);
    expect(comma(',25')).toBe(0.25);
    expect(comma('1,5e2')).toBe(150);
    expect(comma('7')).toBe(7);
  });

  it('rejects empty values', () => {
    expect(dot('')).toEqual({ error: 'empty value' });
    expect(dot('   ')).toEqual({ error: 'empty value' });
  });

  it('rejects non-numbers, naming the value', () => {
    expect(dot('NaN')).toEqual({ error: '"NaN" is not a number' });
    expect(dot('Infinity')).toEqual({ error: '"Infinity" is not a number' });
    expect(dot('-Infinity')).toEqual({ error: '"-Infinity" is not a number' });
    expect(dot('1.2.3')).toEqual({ error: '"1.2.3" is not a number' });
    expect(dot('12abc')).toEqual({ error: '"12abc" is not a number' });
    expect(dot('0x10')).toEqual({ error: '"0x10" is not a number' });
    expect(dot('1 000')).toEqual({ error: '"1 000" is not a number' });
    expect(dot('.')).toEqual({ error: '"." is not a number' });
    expect(dot('-')).toEqual({ error: '"-" is not a number' });
    expect(dot('1e')).toEqual({ error: '"1e" is not a number' });
  });

  it('rejects the other separator and thousands separators with a hint', () => {
    const hint = 'and thousands separators are not allowed';
    expect(dot('1,5')).toEqual({
      error: `"1,5" is not a number: the decimal separator for this file is ".", ${hint}`,
    });
    expect(dot('1,234.5')).toEqual({
      error: `"1,234.5" is not a number: the decimal separator for this file is ".", ${hint}`,
    });
    expect(comma('1.5')).toEqual({
      error: `"1.5" is not a number: the decimal separator for this file is ",", ${hint}`,
    });
    expect(comma('1.234,5')).toHaveProperty('error');
  });

  it('rejects numbers too large for a double', () => {
    expect(dot('1e400')).toEqual({ error: '"1e400" is too large to be a number' });
  });

  it('reads every short decimal to the same double as Number()', () => {
    // A seeded walk over the shapes meter exports write: signs, leading zeros, up to 17 digits around the point.
    let seed = 7;
    const next = (below: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % below;
    };
    for (let run = 0; run < 20_000; run++) {
      const digits = Array.from({ length: 1 + next(17) }, () => String(next(10))).join('');
      const point = next(digits.length + 2) - 1; // -1: no point; digits.length: a trailing point
      const body = point < 0 ? digits : `${digits.slice(0, point)}.${digits.slice(point)}`;
      const text = ['', '-', '+'][next(3)] + body;
      expect(dot(text)).toBe(Number(text));
      expect(comma(text.replace('.', ','))).toBe(Number(text));
    }
    expect(Object.is(dot('-0'), -0)).toBe(true);
    expect(dot('0.1')).toBe(0.1);
    expect(dot('9007199254740993')).toBe(9007199254740992);
    expect(dot('123456789012345.6')).toBe(123456789012345.6);
  });
});
