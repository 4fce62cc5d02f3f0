import { describe, expect, it } from 'vitest';
import { ucs2length } from './ajv-runtime';

describe('ucs2length', () => {
  it('counts code points, as maxLength does, with or without surrogate pairs', () => {
    expect(ucs2length('')).toBe(0);
    expect(ucs2length('kWh/m²')).toBe(6);
    expect(ucs2length('⚡🏭 CO₂')).toBe(6);
    expect(ucs2length('🏭🏭')).toBe(2);
  });
});
