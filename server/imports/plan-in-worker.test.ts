import { describe, expect, it } from 'vitest';
import type { Series } from '../readings/write-readings';
import type { ImportMapping, ImportPoint } from './import-mapping';
import type { ReadSoFar } from './import-plan';
import { ParseProblem } from './parse/problem';
import { pointDirectory } from './plan-import';
import { byPoint, dryRunInWorker, planInWorker, writeTogether } from './plan-in-worker';

const MAIN: ImportPoint = {
  id: 7,
  name: 'Main',
  unit: 'kWh',
  kind: 'interval',
  register_max: null,
  interval_minutes: 15,
  time_zone: 'Europe/London',
};
const MAPPING: ImportMapping = {
  timestamp: { column: 'Time', format: 'iso', timeZone: 'UTC' },
  value: { column: 'Energy', unit: 'Wh' },
  dataPoint: { column: 'Meter' },
};
const START = Date.UTC(2024, 0, 1);

/** `rows` quarter-hours of Main, reading n being n Wh, with a bad value at row `badRow` if given. */
function meterFile(rows: number, badRow?: number): Uint8Array {
  const lines = ['Meter,Time,Energy'];
  for (let index = 0; index < rows; index++) {
    const value = index + 2 === badRow ? 'n/a' : String(index);
    lines.push(`Main,${new Date(START + index * 900_000).toISOString()},${value}`);
  }
  return new TextEncoder().encode(`${lines.join('\n')}\n`);
}

/** Plans a file, gathering every series written, in the order written, and how far the file was done after each write. */
async function planned(
  bytes: Uint8Array,
  write?: (series: Series) => Promise<void>,
  mapping: ImportMapping = MAPPING,
) {
  const written: Series[] = [];
  const reads: ReadSoFar[] = [];
  const plan = await planInWorker(
    bytes,
    mapping,
    pointDirectory([MAIN]),
    async (point, series) => {
      expect(point).toEqual(MAIN);
      await write?.(series);
      written.push(series);
    },
    (read) => reads.push(read),
  );
  return { plan, all: written, reads };
}

describe('planning a meter file on a worker thread', () => {
  it('writes the first rows at once and what was read meanwhile together, in file order, none lost', async () => {
    // A slow first write, as a database busy with the first rows would be: the worker reads the rest meanwhile.
    let writes = 0;
    const { plan, all, reads } = await planned(meterFile(45_000), async () => {
      if (writes++ === 0) await new Promise((resolve) => setTimeout(resolve, 1_000));
    });
    // A small first chunk (2,000 rows) gets the database going; the 43,000 read during its write follow as one.
    expect(all.map((series) => series.ts.length)).toEqual([2_000, 43_000]);
    // After each write, how far the file is done: its rows are counted only at its end.
    expect(reads).toEqual([
      { rows: 2_000, share: expect.closeTo(2_000 / 45_000, 2) },
      { rows: 45_000, rowsTotal: 45_000, share: 1 },
    ]);
    expect(plan).toMatchObject({
      rowsTotal: 45_000,
      rowsValid: 45_000,
      problemsTotal: 0,
      pointIds: [MAIN.id],
    });
    const times = all.flatMap((series) => Array.from(series.ts));
    const values = all.flatMap((series) => Array.from(series.values));
    expect(times).toHaveLength(45_000);
    expect(times.every((time, index) => time === START + index * 900_000)).toBe(true);
    // Wh in the file, kWh on the data point.
    expect(values[44_999]).toBeCloseTo(44.999, 9);
    expect(values.every((value, index) => Math.abs(value - index / 1000) < 1e-9)).toBe(true);
  });

  it('counts the rows of a file read in one pass before its first write', async () => {
    const { all, reads } = await planned(meterFile(1_000), undefined, {
      ...MAPPING,
      dataPoint: { id: MAIN.id },
    });
    expect(all.map((series) => series.ts.length)).toEqual([1_000]);
    expect(reads).toEqual([{ rows: 1_000, rowsTotal: 1_000, share: 1 }]);
  });

  it('reports a bad row with its row, column and reason, and keeps the good rows', async () => {
    const { plan, all } = await planned(meterFile(10, 5));
    expect(plan).toMatchObject({ rowsTotal: 10, rowsValid: 9, problemsTotal: 1, pointIds: [MAIN.id] });
    expect(plan.problems[0]).toMatchObject({ row: 5, column: 'Energy' });
    expect(all.reduce((sum, series) => sum + series.ts.length, 0)).toBe(9);
  });

  it('rejects a file it cannot read with the problem as users are told it', async () => {
    const bytes = new TextEncoder().encode('Meter,When,Energy\nMain,2024-01-01T00:00:00Z,1\n');
    const failure = planInWorker(bytes, MAPPING, pointDirectory([MAIN]), async () => {});
    await expect(failure).rejects.toBeInstanceOf(ParseProblem);
    await expect(failure).rejects.toThrow("The file has no column 'Time'");
  });

  it('reports a file that turns out unreadable only after the chunk being written is done', async () => {
    const good = new TextDecoder().decode(meterFile(30_000));
    const bytes = new TextEncoder().encode(`${good}Main,"2024-12-01T00:00:00Z,1\n`);
    const events: string[] = [];
    const failure = planInWorker(bytes, MAPPING, pointDirectory([MAIN]), async () => {
      events.push('write started');
      await new Promise((resolve) => setTimeout(resolve, 300));
      events.push('write done');
    });
    await expect(failure).rejects.toThrow('A quoted value that starts on row 30002 is never closed');
    // One chunk or more was being written (how many the reader got ahead by depends on the machine's
    // load), and each was done before the failure was reported.
    expect(events.at(-1)).toBe('write done');
    expect(events).toEqual(events.map((_, index) => (index % 2 === 0 ? 'write started' : 'write done')));
  });

  it('stops at the first chunk that fails to be written, and the next file is read as usual', async () => {
    const refused = planned(meterFile(45_000), async () => {
      throw new Error('the database refused');
    });
    await expect(refused).rejects.toThrow('the database refused');
    const { plan } = await planned(meterFile(3));
    expect(plan.rowsValid).toBe(3);
  });
});

describe('chunks that queued during a write', () => {
  const chunk = (pointId: number, times: number[]) => ({
    pointId,
    ts: Float64Array.from(times),
    values: Float64Array.from(times, (time) => time * 10),
    quality: Uint8Array.from(times, (time) => time % 2),
  });

  it('become one series per data point, in order of first arrival, each in file order', () => {
    const merged = byPoint([chunk(1, [1, 2]), chunk(2, [5]), chunk(1, [3]), chunk(2, [6, 7])]);
    expect(merged.map((series) => [series.pointId, Array.from(series.ts)])).toEqual([
      [1, [1, 2, 3]],
      [2, [5, 6, 7]],
    ]);
    expect(Array.from(merged[0]?.values ?? [])).toEqual([10, 20, 30]);
    expect(Array.from(merged[1]?.quality ?? [])).toEqual([1, 0, 1]);
  });
});

describe('chunks written together', () => {
  const chunk = (pointId: number, rows: number) => ({
    series: { pointId, ts: Float64Array.of(rows), values: Float64Array.of(1), quality: Uint8Array.of(0) },
    read: { rows, share: rows / 10 },
  });

  it('say after each point written how far the file is done: up to the first chunk not written yet', async () => {
    const events: (string | number)[] = [];
    await writeTogether(
      [chunk(1, 1), chunk(2, 2), chunk(1, 3), chunk(3, 4)],
      async (series) => events.push(`point ${series.pointId}`),
      (read) => events.push(read.rows),
    );
    // Point 1 written: its second chunk waits behind point 2's, so the file is done only as far as row 1.
    expect(events).toEqual(['point 1', 1, 'point 2', 3, 'point 3', 4]);
  });
});

describe('a dry run on the worker thread', () => {
  it("answers with the first rows as they would be stored, each point's span and every problem", async () => {
    const preview = await dryRunInWorker(meterFile(30, 25), MAPPING, pointDirectory([MAIN]));
    expect(preview).toMatchObject({ rowsTotal: 30, rowsValid: 29, problemsTotal: 1 });
    expect(preview.problems).toEqual([{ row: 25, column: 'Energy', reason: '"n/a" is not a number' }]);
    expect(preview.preview).toHaveLength(20);
    expect(preview.preview[1]).toEqual({
      row: 3,
      dataPointId: 7,
      dataPointName: 'Main',
      ts: '2024-01-01T00:15:00.000Z',
      value: 0.001,
      decimals: 3,
      unit: 'kWh',
      estimated: false,
    });
    expect(preview.dataPoints).toEqual([
      {
        id: 7,
        name: 'Main',
        rows: 29,
        from: '2024-01-01T00:00:00.000Z',
        to: '2024-01-01T07:15:00.000Z',
        timeZone: 'Europe/London',
      },
    ]);
  });

  it('rejects a file it cannot read with the problem as users are told it', async () => {
    const bytes = new TextEncoder().encode('Meter,When,Energy\nMain,2024-01-01T00:00:00Z,1\n');
    const failure = dryRunInWorker(bytes, MAPPING, pointDirectory([MAIN]));
    await expect(failure).rejects.toBeInstanceOf(ParseProblem);
    await expect(failure).rejects.toThrow("The file has no column 'Time'");
  });
});
