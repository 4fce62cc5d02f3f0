import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ImportProgress } from './import-progress';

describe('waiting for a running import to end', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const settledBy = async (waiting: Promise<void>, ms: number) => {
    let settled = false;
    waiting.then(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(ms);
    return settled;
  };

  it('wakes when the import finishes, before the wait is up', async () => {
    const progress = new ImportProgress();
    progress.start(7, 1);
    const waiting = progress.ended(7, 10_000);
    progress.update(7, 0.5);
    expect(await settledBy(waiting, 5_000)).toBe(false);
    progress.finish(7);
    expect(await settledBy(waiting, 0)).toBe(true);
  });

  it('gives up after the wait while the import runs on, and answers at once for one not running', async () => {
    const progress = new ImportProgress();
    progress.start(7, 1);
    const waiting = progress.ended(7, 300);
    expect(await settledBy(waiting, 299)).toBe(false);
    expect(await settledBy(waiting, 1)).toBe(true);
    expect(progress.of(1).get(7)).toBe(0);
    expect(await settledBy(progress.ended(8, 10_000), 0)).toBe(true);
  });
});
