import { describe, expect, it } from 'vitest';
import { convertedDecimals, writtenDecimals } from './decimals';
import { unitScale } from './units';

describe('the decimals a value was written with', () => {
  it.each([
    ['1.500', '.', 3],
    ['12', '.', 0],
    ['12.', '.', 0],
    [' -0,25 ', ',', 2],
    ['.75', '.', 2],
    ['1.5e-3', '.', 4],
    ['1,5E+3', ',', 0],
    ['15e-1', '.', 1],
  ] as const)('%j with %j: %i', (text, separator, decimals) => {
    expect(writtenDecimals(text, separator)).toBe(decimals);
  });

  it.each([
    [1, 'Wh', 'kWh', 4],
    [1, 'kWh', 'Wh', 0],
    [4, 'kWh', 'Wh', 1],
    [2, 'kWh', 'kWh', 2],
    [0, 'MWh', 'Wh', 0],
    [1, '°F', '°C', 2],
    [1, 'ft³', 'm³', 3],
    [2, 'K', '°C', 2],
  ] as const)('%i decimals in %s are %i in %s', (decimals, from, to, converted) => {
    expect(convertedDecimals(decimals, unitScale(from, to))).toBe(converted);
  });
});
