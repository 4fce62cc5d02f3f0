import type { GetDataImportResponse } from '../../src/generated/api-types';
import type { ImportMapping } from './import-mapping';
import { openMeterTable } from './meter-table';
import { type ImportPlan, type PointDirectory, planImport } from './plan-import';

const PREVIEW_ROWS = 20;

/**
 * What importing a meter file with a mapping would do, storing nothing: its
 * rows, the first ones as they would be stored, each data point's share and
 * span, and every problem found. Reads the whole file (a problem may be on its
 * last row), so the API runs it on the reading worker (plan-in-worker.ts).
 * Throws ParseProblem for a file that cannot be read.
 */
export async function dryRun(
  bytes: Uint8Array,
  mapping: ImportMapping,
  points: PointDirectory,
): Promise<GetDataImportResponse> {
  const table = await openMeterTable(bytes, { hasHeader: mapping.hasHeader, delimiter: mapping.delimiter });
  const plan = await planImport(table, mapping, points);
  return {
    rowsTotal: plan.rowsTotal,
    rowsValid: plan.rowsValid,
    preview: previewRows(plan),
    // A data point whose every row is a problem has no span to show (and Infinity is no date).
    dataPoints: [...plan.byPoint.values()]
      .filter((series) => series.ts.length > 0)
      .map((series) => ({
        id: series.point.id,
        name: series.point.name,
        rows: series.ts.length,
        from: new Date(earliest(series.ts)).toISOString(),
        to: new Date(latest(series.ts)).toISOString(),
      })),
    problems: plan.problems,
    problemsTotal: plan.problemsTotal,
  };
}

function previewRows(plan: ImportPlan): GetDataImportResponse['preview'] {
  const rows: GetDataImportResponse['preview'] = [];
  for (const series of plan.byPoint.values()) {
    for (let index = 0; index < series.ts.length && index < PREVIEW_ROWS; index++) {
      rows.push({
        row: series.rows[index] as number,
        dataPointId: series.point.id,
        dataPointName: series.point.name,
        ts: new Date(series.ts[index] as number).toISOString(),
        value: series.values[index] as number,
        unit: series.point.unit,
        estimated: series.quality[index] === 1,
      });
    }
  }
  return rows.sort((a, b) => a.row - b.row).slice(0, PREVIEW_ROWS);
}

function earliest(ts: number[]): number {
  return ts.reduce((low, time) => Math.min(low, time), Infinity);
}

function latest(ts: number[]): number {
  return ts.reduce((high, time) => Math.max(high, time), -Infinity);
}
