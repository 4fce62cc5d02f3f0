import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DataImportResponse } from '../../src/generated/api-types';
import { ImportProgress } from './import-progress';

const STARTED: DataImportResponse = {
  id: 7,
  fileId: 3,
  fileName: 'meters.csv',
  source: 'csv',
  status: 'running',
  skipBadRows: true,
  rowsTotal: 0,
  rowsImported: 0,
  rowsSkipped: 0,
  rowsRead: 0,
  progress: 0,
  problems: [],
  suspiciousSteps: { count: 0, first: null },
  message: null,
  startedAt: '2026-11-20T09:00:00.000Z',
  finishedAt: null,
};

describe('the progress of a running import', () => {
  const running = () => {
    const progress = new ImportProgress();
    progress.start(7, 1);
    progress.remember(7, STARTED);
    return progress;
  };

  it('is the rows read of the rows in the file, once that count is known', () => {
    const progress = running();
    // A quarter of the rows, though the chunk ended 40 % into the file's bytes (longer rows first).
    progress.update(7, 1_190, { rows: 1_200, rowsTotal: 4_800, share: 0.4 });
    expect(progress.current(1, 7)).toMatchObject({
      progress: 0.25,
      rowsRead: 1_200,
      rowsTotal: 4_800,
      rowsImported: 1_190,
    });
    expect(progress.of(1).get(7)).toEqual({
      progress: 0.25,
      rowsRead: 1_200,
      rowsTotal: 4_800,
      rowsImported: 1_190,
    });
  });

  it('is the share of the file read while its rows are not counted yet, the rows read beside it', () => {
    const progress = running();
    progress.update(7, 600, { rows: 600, share: 0.4 });
    expect(progress.current(1, 7)).toMatchObject({
      progress: 0.4,
      rowsRead: 600,
      rowsTotal: 0,
      rowsImported: 600,
    });
  });

  it('stays below done until the import is recorded as finished, and is nobody else’s', () => {
    const progress = running();
    progress.update(7, 4_800, { rows: 4_800, rowsTotal: 4_800, share: 1 });
    expect(progress.current(1, 7)?.progress).toBe(0.99);
    expect(progress.current(2, 7)).toBeUndefined();
    expect(progress.of(2).size).toBe(0);
  });
});

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
    progress.update(7, 100, { rows: 100, share: 0.5 });
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
    expect(progress.of(1).get(7)?.progress).toBe(0);
    expect(await settledBy(progress.ended(8, 10_000), 0)).toBe(true);
  });
});
