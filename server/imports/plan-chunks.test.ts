import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { ImportMapping, ImportPoint } from './import-mapping';
import type { ReadSoFar } from './import-plan';
import { openMeterTable } from './meter-table';
import { planImport, pointDirectory } from './plan-import';

const point = (id: number, name: string): ImportPoint => ({
  id,
  name,
  unit: 'kWh',
  kind: 'interval',
  register_max: null,
  interval_minutes: 15,
  time_zone: 'UTC',
});
const POINTS = pointDirectory([point(1, 'A'), point(2, 'B')]);
const MAPPING: ImportMapping = {
  timestamp: { column: 'Time', format: 'iso', timeZone: 'UTC' },
  value: { column: 'Energy', unit: 'kWh' },
  dataPoint: { column: 'Meter' },
};
const time = (quarter: number) => new Date(Date.UTC(2024, 0, 1) + quarter * 900_000).toISOString();

/** Plans a file in chunks as an import does (the first of 2,000 rows, then 20,000), noting each hand-on. */
async function handOns(bytes: Uint8Array) {
  const taken: { pointId: number; readings: number; read: ReadSoFar }[] = [];
  const table = await openMeterTable(bytes);
  await planImport(table, MAPPING, POINTS, {
    chunks: {
      firstRows: 2_000,
      rows: 20_000,
      take: async (chunk, read) => {
        taken.push({ pointId: chunk.point.id, readings: chunk.ts.length, read });
      },
    },
  });
  return taken;
}

const csv = (lines: string[]) => new TextEncoder().encode(`Meter,Time,Energy\n${lines.join('\n')}\n`);

describe('how far a file read in chunks is done', () => {
  it('counts rows of a CSV file as read, with the share of its text, until its end gives the total', async () => {
    // One bad row among the first: dealt with, so counted.
    const lines = Array.from({ length: 5_000 }, (_, index) => `A,${time(index)},${index === 10 ? 'n/a' : 1}`);
    const taken = await handOns(csv(lines));
    expect(taken.map(({ readings, read }) => [readings, read.rows, read.rowsTotal])).toEqual([
      [2_000, 2_001, undefined],
      [2_999, 5_000, 5_000],
    ]);
    // Rows of one length: 2,001 of 5,000 rows are that share of the text, less the header's line.
    expect(taken[0]?.read.share).toBeCloseTo(2_001 / 5_000, 2);
    expect(taken[1]?.read.share).toBe(1);
  });

  it('does not count the rows held for other data points as done', async () => {
    const lines = Array.from({ length: 6_000 }, (_, index) =>
      index % 2 === 0 ? `A,${time(index / 2)},1` : `B,${time((index - 1) / 2)},1`,
    );
    const taken = await handOns(csv(lines));
    expect(
      taken.map(({ pointId, readings, read }) => [pointId, readings, read.rows, read.rowsTotal]),
    ).toEqual([
      // A's 2,000th reading is row 3,999 read; B's 1,999 read meanwhile wait.
      [1, 2_000, 2_000, undefined],
      // At the end, B's 3,000 wait while A's last 1,000 are handed on.
      [1, 1_000, 3_000, 6_000],
      [2, 3_000, 6_000, 6_000],
    ]);
    expect(taken[0]?.read.share).toBeCloseTo(2_000 / 6_000, 2);
    expect(taken[1]?.read.share).toBe(0.5);
  });

  it('knows the rows of a workbook from the start', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Export');
    sheet.addRow(['Meter', 'Time', 'Energy']);
    for (let index = 0; index < 2_500; index++) sheet.addRow(['A', time(index), 1]);
    const taken = await handOns(new Uint8Array(await workbook.xlsx.writeBuffer()));
    expect(taken.map(({ read }) => read)).toEqual([
      { rows: 2_000, rowsTotal: 2_500, share: expect.closeTo(0.8, 2) },
      { rows: 2_500, rowsTotal: 2_500, share: 1 },
    ]);
  });
});
