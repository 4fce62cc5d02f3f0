import { describe, expect, it } from 'vitest';
import { fitScale, MIN_FIT_SCALE } from './use-fit-scale';

describe('fitScale', () => {
  it('draws the canvas at its own size where it fits, or before the frame is measured', () => {
    expect(fitScale(1200, 960)).toBe(1);
    expect(fitScale(960, 960)).toBe(1);
    expect(fitScale(0, 960)).toBe(1);
  });

  it('shrinks it to the frame beside the side panel, never wider than the frame', () => {
    // A 1280 px window with the menu and the panel leaves some 584 px for a desktop canvas of 960.
    const scale = fitScale(584, 960);
    expect(scale).toBe(0.6);
    expect(960 * scale).toBeLessThanOrEqual(584);
  });

  it('stops shrinking where the words would be too small, and the frame scrolls instead', () => {
    expect(fitScale(300, 960)).toBe(MIN_FIT_SCALE);
  });
});
