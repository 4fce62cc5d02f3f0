import { describe, expect, it } from 'vitest';
import { registerDeltas, registerStep } from './consumption';

describe('register steps', () => {
  it('takes the difference while the register climbs', () => {
    expect(registerStep(1200.5, 1201.75, null)).toEqual({ used: 1.25, step: 'normal' });
  });

  it('treats a wrap from near the top to near zero as a rollover of a declared register', () => {
    expect(registerStep(999_998.5, 1.5, 1_000_000)).toEqual({ used: 3, step: 'rollover' });
  });

  it('infers a six-digit register when none is declared', () => {
    expect(registerStep(99_999, 2, null)).toEqual({ used: 3, step: 'rollover' });
  });

  it('infers seven digits for a reading of 1 000 000, so a drop to zero from it is a reset', () => {
    expect(registerStep(1_000_000, 2, null)).toEqual({ used: 2, step: 'reset' });
    expect(registerStep(999_999, 2, null)).toEqual({ used: 3, step: 'rollover' });
  });

  it('treats a drop to near zero from anywhere else as a reset: the new reading is what was used since', () => {
    expect(registerStep(52_310, 4, null)).toEqual({ used: 4, step: 'reset' });
    // The bottom tenth of an inferred six-digit range, its edge included.
    expect(registerStep(52_310, 10_000, null)).toEqual({ used: 10_000, step: 'reset' });
  });

  it('calls any other drop implausible, booked as a reset until someone decides', () => {
    // 30 000 is far from zero on a register of 100 000: a misread or a meter that did not start at zero.
    expect(registerStep(52_310, 30_000, null)).toEqual({ used: 30_000, step: 'drop' });
    expect(registerStep(52_310, 10_000.5, null)).toEqual({ used: 10_000.5, step: 'drop' });
    expect(registerStep(999_998.5, 400_000, 1_000_000)).toEqual({ used: 400_000, step: 'drop' });
    expect(registerStep(20, -3, null)).toEqual({ used: 0, step: 'drop' });
  });

  it('gives each reading the use until the next, the last none yet', () => {
    expect(registerDeltas([10, 12.5, 13, 0.5, 2, 1.5], null)).toEqual({
      deltas: [2.5, 0.5, 0.5, 1.5, 1.5, null],
      resets: 1,
      rollovers: 0,
      drops: 1,
    });
  });
});
