import { describe, expect, it } from 'vitest';
import { accuracy } from './accuracy';

describe('accuracy (ASHRAE Guideline 14)', () => {
  it('computes CV(RMSE), NMBE and MAPE over the hours with a reading, with n − p below', () => {
    // Errors (actual − predicted) −2, 2, −3 over actuals averaging 20; the gap's wild guess is not counted.
    const measured = accuracy([10, 20, null, 30], [12, 18, 99, 33], 1);
    expect(measured.n).toBe(3);
    expect(measured.cvrmse).toBeCloseTo((Math.sqrt(17 / 2) / 20) * 100, 10);
    expect(measured.nmbe).toBeCloseTo((-3 / (2 * 20)) * 100, 10);
    expect(measured.mape).toBeCloseTo(((0.2 + 0.1 + 0.1) / 3) * 100, 10);
    expect(measured.meetsGuideline14).toBe(true);
  });

  it('fails Guideline 14 on a CV(RMSE) above 30 % or a bias beyond 10 %', () => {
    expect(accuracy([10, 10, 10, 10], [14, 6, 14, 6]).meetsGuideline14).toBe(false);
    expect(accuracy([10, 10, 10, 10], [8.9, 8.9, 8.9, 8.9]).nmbe).toBeCloseTo(
      ((4 * 1.1) / (3 * 10)) * 100,
      10,
    );
    expect(accuracy([10, 10, 10, 10], [8.9, 8.9, 8.9, 8.9]).meetsGuideline14).toBe(false);
  });

  it('leaves MAPE out when every actual is zero, and refuses too few hours for p', () => {
    expect(accuracy([0, 0, 5], [1, 1, 5]).mape).toBe(0);
    expect(accuracy([0, 0], [1, 1]).mape).toBeNull();
    expect(() => accuracy([1, 2], [1, 2], 2)).toThrow(RangeError);
  });
});
