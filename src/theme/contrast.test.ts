import { describe, expect, it } from 'vitest';
import { AA_CONTRAST, contrastWithWhite, readableWithWhite } from './contrast';

describe('readableWithWhite', () => {
  it("darkens the spec's default #4b7cf3 until white text on it meets WCAG AA", () => {
    expect(contrastWithWhite('#4b7cf3')).toBeLessThan(AA_CONTRAST);
    const readable = readableWithWhite('#4b7cf3');
    expect(contrastWithWhite(readable)).toBeGreaterThanOrEqual(AA_CONTRAST);
    expect(readable).toMatch(/^#[0-9a-f]{6}$/);
  });

  it('leaves colours that are already dark enough as they are, and garbage untouched', () => {
    expect(readableWithWhite('#1e3161')).toBe('#1e3161');
    expect(readableWithWhite('not a colour')).toBe('not a colour');
    expect(contrastWithWhite('#ffffff')).toBeCloseTo(1);
  });
});
