import { describe, expect, it } from 'vitest';
import { plainDecimal } from './plain-decimal';

describe('plainDecimal', () => {
  it('leaves ordinary numbers as String() writes them', () => {
    expect(plainDecimal(1234.567)).toBe('1234.567');
    expect(plainDecimal(-0.5)).toBe('-0.5');
    expect(plainDecimal(0)).toBe('0');
    expect(plainDecimal(0.1 + 0.2)).toBe('0.30000000000000004');
  });

  it('expands small numbers', () => {
    expect(plainDecimal(1.5e-7)).toBe('0.00000015');
    expect(plainDecimal(-2e-7)).toBe('-0.0000002');
    expect(plainDecimal(1.2345e-10)).toBe('0.00000000012345');
  });

  it('expands large numbers', () => {
    expect(plainDecimal(1e21)).toBe('1000000000000000000000');
    expect(plainDecimal(-1.5e22)).toBe('-15000000000000000000000');
  });

  it('round-trips through Number()', () => {
    for (const value of [1.5e-7, 9.87654321e-12, 1.2345678901234e25, -3.3e-9]) {
      expect(Number(plainDecimal(value))).toBe(value);
    }
  });
});
