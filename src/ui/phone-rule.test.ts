import { describe, expect, it } from 'vitest';
import { phoneForSaving } from './phone-rule';

describe('phoneForSaving', () => {
  it.each([
    ['', { ok: true, value: null }],
    ['+', { ok: true, value: null }],
    ['  + ', { ok: true, value: null }],
    ['+44 20 7946 0958', { ok: true, value: '+44 20 7946 0958' }],
    ['123', { ok: false }],
    ['+1 555', { ok: false }],
  ])('%j → %j', (input, expected) => {
    expect(phoneForSaving(input)).toEqual(expected);
  });
});
