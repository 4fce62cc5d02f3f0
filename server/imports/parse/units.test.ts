import { describe, expect, it } from 'vitest';
import { ParseProblem } from './problem';
import { KNOWN_UNITS, unitConverter } from './units';

const convert = (value: number, from: string, to: string) => unitConverter(from, to)(value);

describe('unitConverter', () => {
  it('lists the known units', () => {
    expect(KNOWN_UNITS).toEqual([
      'Wh',
      'kWh',
      'MWh',
      'W',
      'kW',
      'MW',
      'l',
      'm³',
      'ft³',
      '°C',
      '°F',
      'K',
      '%',
      'ppm',
    ]);
  });

  it('converts energy and power exactly', () => {
    expect(convert(1.234, 'kWh', 'Wh')).toBe(1234);
    expect(convert(1234, 'Wh', 'kWh')).toBe(1.234);
    expect(convert(0.3, 'Wh', 'kWh')).toBe(0.0003);
    expect(convert(2500, 'kWh', 'MWh')).toBe(2.5);
    expect(convert(2.5, 'MWh', 'Wh')).toBe(2_500_000);
    expect(convert(1500, 'W', 'kW')).toBe(1.5);
    expect(convert(0.75, 'MW', 'kW')).toBe(750);
  });

  it('converts volume', () => {
    expect(convert(1.5, 'm³', 'l')).toBe(1500);
    expect(convert(1, 'ft³', 'l')).toBe(28.316846592);
    expect(convert(28.316846592, 'l', 'ft³')).toBe(1);
    expect(convert(1, 'm³', 'ft³')).toBeCloseTo(35.3146667, 6);
  });

  it('converts temperatures with their offsets', () => {
    expect(convert(32, '°F', '°C')).toBe(0);
    expect(convert(212, '°F', '°C')).toBe(100);
    expect(convert(100, '°C', '°F')).toBe(212);
    expect(convert(-40, '°C', '°F')).toBe(-40);
    expect(convert(0, '°C', 'K')).toBe(273.15);
    expect(convert(273.15, 'K', '°C')).toBe(0);
    expect(convert(32, '°F', 'K')).toBeCloseTo(273.15, 10);
    expect(convert(0, 'K', '°F')).toBeCloseTo(-459.67, 10);
  });

  it('treats equal units as identity, even unknown ones', () => {
    expect(convert(3.5, '%', '%')).toBe(3.5);
    expect(convert(412, 'ppm', 'ppm')).toBe(412);
    expect(convert(800, 'lux', 'lux')).toBe(800);
  });

  it('accepts common spellings of ³ and °', () => {
    expect(convert(2, 'm3', 'l')).toBe(2000);
    expect(convert(2, 'm3', 'm³')).toBe(2);
    expect(convert(1000, 'L', 'm³')).toBe(1);
    expect(convert(212, 'degF', '℃')).toBe(100);
  });

  it('refuses incompatible units', () => {
    expect(() => unitConverter('kWh', '°C')).toThrow(ParseProblem);
    expect(() => unitConverter('kWh', '°C')).toThrow('kWh cannot be converted to °C (energy vs temperature)');
    expect(() => unitConverter('kW', 'kWh')).toThrow('kW cannot be converted to kWh (power vs energy)');
    expect(() => unitConverter('%', 'ppm')).toThrow('% cannot be converted to ppm (ratio vs concentration)');
  });

  it('refuses unknown units, and is case-sensitive because mW is not MW', () => {
    expect(() => unitConverter('BTU', 'kWh')).toThrow('Unknown unit "BTU". Known units: Wh, kWh,');
    expect(() => unitConverter('mW', 'MW')).toThrow('Unknown unit "mW"');
  });
});
